import type {
  CreatedLabelCopyLinkDto,
  LabelCopyData,
  LabelCopyDto,
  PublicLabelCopyFormDto,
  PublicLabelCopyGeneratorDto,
} from '@music-review/core/label-copy';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, authHeader, memberOf, uniqueIp } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { insertSong } from '../songs/songs.factory.ts';
import { seedLabelCopyDemo } from './label-copy.demo.ts';

type Who = { token: string };
type Label = Awaited<ReturnType<typeof adminWithLabel>>;

describe('label copy', () => {
  let server: TestServer;
  let label: Label;
  let member: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Label;

  const call = (who: Who | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      headers: who ? authHeader(who.token) : {},
      remoteAddress: uniqueIp(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = async <T>(res: { statusCode: number; body: string; json: () => unknown }, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const errorOf = (res: { json: () => unknown }) =>
    (res.json() as { error: { code: string; message: string } }).error;

  const signedSong = (orgId: string, title: string, artist = 'Nova Lane') =>
    server.database.withOrg(orgId, (tx) =>
      insertSong(tx, { organizationId: orgId, title, artist, status: 'signed' }),
    );
  const createCopy = async (who: Who, songId: string) =>
    ok<LabelCopyDto>(await call(who, 'POST', `/api/v1/songs/${songId}/label-copy`), 201);
  const link = async (who: Who, copyId: string, purpose: string) =>
    ok<CreatedLabelCopyLinkDto>(
      await call(who, 'POST', `/api/v1/label-copies/${copyId}/links`, { purpose }),
      201,
    );
  const setPlan = (orgId: string, plan: string) =>
    server.database.global.execute(
      sql`update organizations set subscription_plan_id = (select id from subscription_plans where name = ${plan})
          where id = ${orgId}`,
    );

  /** Everything "Mark as final" needs, on top of the prefill. */
  const completeData = (data: LabelCopyData): LabelCopyData => ({
    ...data,
    catalogue_number: 'DMR001',
    upc: '036000291452',
    release_date: '2026-06-05',
    genre: data.genre || 'Pop',
    credits: { ...data.credits, producer: 'Sam Reed' },
    tracks: data.tracks.map((t, i) => ({
      ...t,
      isrc: t.isrc || `GBABC26${String(i + 10).padStart(5, '0')}`,
      duration_seconds: 205,
    })),
  });

  beforeAll(async () => {
    server = await createTestServer();
    label = await adminWithLabel(server.app, 'Dome Records');
    member = await memberOf(server.app, label.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere Music');
  });
  afterAll(() => server.close());

  it('prefills from the song, the confirmed metadata form and the newest signed contract', async () => {
    const orgId = label.organization.id;
    const song = await signedSong(orgId, 'Night Drive');
    await server.database.withOrg(orgId, async (tx) => {
      // The confirmed form wins over a newer draft; a signed contract over a newer draft one.
      await tx.execute(sql`insert into metadata_forms (organization_id, song_id, status, data, updated_at)
        values (${orgId}, ${song.id}, 'confirmed', ${JSON.stringify({
          title: 'Night Drive',
          version: 'Radio Edit',
          primary_artists: ['Nova Lane'],
          featured_artists: ['Kite'],
          isrc: 'GBABC2600001',
          genre: 'Synth-pop',
          explicit: true,
          writers: [
            { name: 'Nova Lane', role: 'composer_lyricist', pro: 'PRS', ipi: '00052210040', share: 60 },
            { name: 'Sam Reed', role: 'composer', pro: 'ASCAP', ipi: '', share: 40 },
          ],
          publishers: [{ name: 'Dome Publishing', pro: 'PRS', ipi: '', share: 100 }],
        })}::jsonb, now() - interval '1 day')`);
      await tx.execute(sql`insert into metadata_forms (organization_id, song_id, status, data)
        values (${orgId}, ${song.id}, 'draft', ${JSON.stringify({ isrc: 'USRC17600001', genre: 'Jazz' })}::jsonb)`);
      await tx.execute(sql`insert into contracts (organization_id, song_id, artist_name, status, kind, title, terms, completed_at)
        values (${orgId}, ${song.id}, 'Nova Lane', 'signed', 'recording_agreement', 'Recording agreement',
          ${JSON.stringify({
            artist_name: 'Nova Lane',
            parties: [
              { name: 'Dome Records Ltd', role: 'label', email: 'a@dome.test' },
              { name: 'Nova Lane', role: 'artist', email: 'n@dome.test' },
            ],
            territory: 'GB, IE',
            term: '3 years',
            writers: [{ name: 'Nova Lane', share: 100 }],
          })}::jsonb, now())`);
      await tx.execute(sql`insert into contracts (organization_id, song_id, artist_name, status, terms)
        values (${orgId}, ${song.id}, 'Someone Else', 'draft',
          ${JSON.stringify({ parties: [{ name: 'Wrong Label', role: 'label', email: '' }] })}::jsonb)`);
    });

    const copy = await createCopy(member, song.id);
    const year = new Date().getUTCFullYear();
    expect(copy).toMatchObject({ song_id: song.id, status: 'draft', song_title: 'Night Drive' });
    expect(copy.data).toMatchObject({
      release_title: 'Night Drive',
      release_version: 'Radio Edit',
      primary_artist: 'Nova Lane',
      label: 'Dome Records Ltd',
      genre: 'Synth-pop',
      worldwide: false,
      territories: ['GB', 'IE'],
      p_line: { year, owner: 'Dome Records Ltd' },
      c_line: { year, owner: 'Dome Publishing' },
      tracks: [
        {
          title: 'Night Drive',
          version: 'Radio Edit',
          artists: 'Nova Lane feat. Kite',
          isrc: 'GBABC2600001',
          explicit: true,
          duration_seconds: null,
        },
      ],
    });
    expect(copy.data.writers.map((w) => [w.name, w.share, w.pro])).toEqual([
      ['Nova Lane', 60, 'PRS'],
      ['Sam Reed', 40, 'ASCAP'],
    ]);
    expect(copy.missing.map((m) => m.field)).toEqual([
      'catalogue_number',
      'upc',
      'release_date',
      'credits.producer',
      'tracks.0.duration_seconds',
    ]);
    // One per song; only signed songs.
    const again = await call(label, 'POST', `/api/v1/songs/${song.id}/label-copy`);
    expect(again.statusCode).toBe(409);
    const pending = await server.database.withOrg(orgId, (tx) =>
      insertSong(tx, { organizationId: orgId, title: 'Demo', artist: 'X' }),
    );
    const refused = await call(label, 'POST', `/api/v1/songs/${pending.id}/label-copy`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe('Label copy is for signed songs. Sign this song first.');
  });

  it('saves drafts, names each field at fault, marks final and reopens', async () => {
    const song = await signedSong(label.organization.id, 'Paper Moons', 'Ivy Hart');
    const copy = await createCopy(label, song.id);
    // The song alone: the track is the song, P-line owner the label's name.
    expect(copy.data.tracks[0]).toMatchObject({ title: 'Paper Moons', artists: 'Ivy Hart' });
    expect(copy.data.p_line.owner).toBe('Dome Records');

    const badDate = await call(label, 'PUT', `/api/v1/label-copies/${copy.id}`, {
      data: { ...copy.data, release_date: '5 June 2026' },
    });
    expect(badDate.statusCode).toBe(400);
    expect(errorOf(badDate).message).toBe('Release date: use the date format YYYY-MM-DD');

    // A draft keeps a half-typed barcode; "Mark as final" names it.
    const draft = await ok<LabelCopyDto>(
      await call(label, 'PUT', `/api/v1/label-copies/${copy.id}`, {
        data: { ...completeData(copy.data), upc: '036000291453' },
      }),
    );
    expect(draft.data.upc).toBe('036000291453');
    const notFinal = await call(label, 'POST', `/api/v1/label-copies/${copy.id}/final`);
    expect(notFinal.statusCode).toBe(400);
    expect(errorOf(notFinal).message).toBe(
      'Complete these fields before marking as final: UPC/EAN: This barcode is mistyped: its last digit (the check digit) does not match the others',
    );

    await ok(
      await call(label, 'PUT', `/api/v1/label-copies/${copy.id}`, {
        data: { ...completeData(copy.data), upc: '0 36000 29145 2' },
      }),
    );
    const final = await ok<LabelCopyDto>(await call(member, 'POST', `/api/v1/label-copies/${copy.id}/final`));
    expect(final).toMatchObject({ status: 'final', missing: [] });
    expect(final.data.upc).toBe('036000291452');
    expect(final.finalized_at).not.toBeNull();

    const locked = await call(label, 'PUT', `/api/v1/label-copies/${copy.id}`, { data: copy.data });
    expect(locked.statusCode).toBe(409);
    expect(errorOf(locked).message).toBe('This label copy is final. Reopen it to make changes.');
    const reopened = await ok<LabelCopyDto>(
      await call(label, 'POST', `/api/v1/label-copies/${copy.id}/reopen`),
    );
    expect(reopened).toMatchObject({ status: 'draft', finalized_at: null });

    const listed = await ok<{ label_copy: LabelCopyDto }>(
      await call(member, 'GET', `/api/v1/songs/${song.id}/label-copy`),
    );
    expect(listed.label_copy.id).toBe(copy.id);
  });

  it('answers 404 for another label’s songs, label copies and links', async () => {
    const song = await signedSong(label.organization.id, 'Private Song');
    const copy = await createCopy(label, song.id);
    const share = await link(label, copy.id, 'label_copy_share');
    const base = `/api/v1/label-copies/${copy.id}`;
    const attempts = [
      call(outsider, 'GET', `/api/v1/songs/${song.id}/label-copy`),
      call(outsider, 'POST', `/api/v1/songs/${song.id}/label-copy`),
      call(outsider, 'GET', base),
      call(outsider, 'PUT', base, { data: copy.data }),
      call(outsider, 'POST', `${base}/final`),
      call(outsider, 'POST', `${base}/reopen`),
      call(outsider, 'GET', `${base}/links`),
      call(outsider, 'POST', `${base}/links`, { purpose: 'label_copy_form' }),
      call(outsider, 'DELETE', `${base}/links/${share.id}`),
      call(outsider, 'POST', `${base}/generate`),
      call(outsider, 'GET', `${base}/generated/pdf`),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    // The link still works: the outsider could not revoke it.
    expect((await call(null, 'GET', `/api/v1/public/label-copies/${share.token}`)).statusCode).toBe(200);
  });

  it('the artist form: opens, autosaves, refuses an incomplete submit, submits once, then is used', async () => {
    const song = await signedSong(label.organization.id, 'Glass Harbour', 'Theo Park');
    const copy = await createCopy(label, song.id);
    const form = await link(label, copy.id, 'label_copy_form');
    expect(form.path).toBe(`/label-copy-form/${form.token}`);
    const url = `/api/v1/public/label-copy-forms/${form.token}`;

    const opened = await ok<PublicLabelCopyFormDto>(await call(null, 'GET', url));
    expect(opened).toMatchObject({ organization_name: 'Dome Records', song_title: 'Glass Harbour' });

    const credits = {
      ...opened.data.credits,
      producer: 'Mina Cole',
      performers: [{ name: 'Theo Park', role: 'Guitar' }],
    };
    const saved = await ok<PublicLabelCopyFormDto>(
      await call(null, 'PUT', url, { data: { ...opened.data, credits } }),
    );
    expect(saved.data.credits.producer).toBe('Mina Cole');

    const incomplete = await call(null, 'POST', `${url}/submit`, {
      data: { ...saved.data, release_title: '' },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(errorOf(incomplete).message).toBe(
      'Please complete the label copy before submitting: Release title: Enter the release title',
    );

    const submitted = await ok<PublicLabelCopyFormDto>(
      await call(null, 'POST', `${url}/submit`, { data: saved.data }),
    );
    expect(submitted.status).toBe('submitted');
    const seen = await ok<LabelCopyDto>(await call(label, 'GET', `/api/v1/label-copies/${copy.id}`));
    expect(seen).toMatchObject({ status: 'submitted', data: { credits: { producer: 'Mina Cole' } } });
    expect(seen.submitted_at).not.toBeNull();
    // The label's bell says so, and leads to the song's Label Copy tab.
    const bell = await call(label, 'GET', '/api/v1/notifications');
    const note = bell
      .json<{ notifications: { type: string; song_id: string; message: string }[] }>()
      .notifications.find((n) => n.type === 'label_copy_submitted');
    expect(note).toMatchObject({
      song_id: copy.song_id,
      message: expect.stringContaining('sent the label copy'),
    });

    for (const res of [
      await call(null, 'GET', url),
      await call(null, 'POST', `${url}/submit`, { data: saved.data }),
    ]) {
      expect(res.statusCode).toBe(410);
      expect(errorOf(res)).toEqual({ code: 'link_used', message: PUBLIC_LINK_MESSAGES.used });
    }
  });

  it('refuses expired, revoked, foreign and malformed tokens on all three public routes', async () => {
    const song = await signedSong(label.organization.id, 'Low Tide');
    const copy = await createCopy(label, song.id);
    await setPlan(label.organization.id, 'Pro');
    await ok(await call(label, 'POST', `/api/v1/label-copies/${copy.id}/generate`));
    const otherCopy = await createCopy(
      outsider,
      (await signedSong(outsider.organization.id, 'Their Song')).id,
    );
    await ok(await call(outsider, 'POST', `/api/v1/label-copies/${otherCopy.id}/generate`));
    const routes = {
      label_copy_form: '/api/v1/public/label-copy-forms/',
      label_copy_share: '/api/v1/public/label-copies/',
      label_copy_generator: '/api/v1/public/label-copy-generator/',
    } as const;
    for (const [purpose, route] of Object.entries(routes)) {
      const expired = await link(label, copy.id, purpose);
      await server.database.global.execute(
        sql`update public_links set expires_at = now() - interval '1 minute' where id = ${expired.id}`,
      );
      const revoked = await link(label, copy.id, purpose);
      expect(
        (await call(label, 'DELETE', `/api/v1/label-copies/${copy.id}/links/${revoked.id}`)).statusCode,
      ).toBe(204);
      const valid = await link(label, copy.id, purpose);
      // Another purpose's token, a token of another label's label copy, and garbage: all unknown.
      const foreignPurpose = await link(
        label,
        copy.id,
        purpose === 'label_copy_share' ? 'label_copy_form' : 'label_copy_share',
      );
      const otherLabels = await link(outsider, otherCopy.id, purpose);

      expect((await call(null, 'GET', route + valid.token)).statusCode, purpose).toBe(200);
      const cases: [string, number, string][] = [
        [expired.token, 410, 'link_expired'],
        [revoked.token, 410, 'link_revoked'],
        [foreignPurpose.token, 404, 'not_found'],
        ['not-a-token', 404, 'not_found'],
        [`${valid.token.slice(0, -1)}!`, 404, 'not_found'],
      ];
      // The other label's own valid link opens its own record only: never this one (checked by title).
      const theirs = await ok<{ song_title: string }>(await call(null, 'GET', route + otherLabels.token));
      expect(theirs.song_title).toBe('Their Song');
      for (const [token, status, code] of cases) {
        const res = await call(null, 'GET', route + encodeURIComponent(token));
        expect(res.statusCode, `${purpose} ${code}`).toBe(status);
        expect(errorOf(res).code).toBe(code);
      }
    }
    const links = await ok<{ state: string }[]>(
      await call(label, 'GET', `/api/v1/label-copies/${copy.id}/links`),
    );
    expect(links.map((l) => l.state).sort()).toEqual([
      'active',
      'active',
      'active',
      'active',
      'active',
      'active',
      'expired',
      'expired',
      'expired',
      'revoked',
      'revoked',
      'revoked',
    ]);
    await setPlan(label.organization.id, 'Starter');
  });

  it('the generator on Starter: one use, then refused; its PDF and CSV; the generator link', async () => {
    const starter = await adminWithLabel(server.app, 'Tiny Label');
    const song = await signedSong(starter.organization.id, 'Café del Mar', 'Élodie');
    const copy = await createCopy(starter, song.id);
    const data = completeData(copy.data);
    data.tracks.push({ ...data.tracks[0]!, version: 'Extended Mix, "Club"', isrc: 'GBABC2600099' });
    await ok(await call(starter, 'PUT', `/api/v1/label-copies/${copy.id}`, { data }));

    const before = await ok<{ generator: { allowed: boolean; is_trial: boolean; trial_used: boolean } }>(
      await call(starter, 'GET', `/api/v1/songs/${song.id}/label-copy`),
    );
    expect(before.generator).toMatchObject({ allowed: true, is_trial: true, trial_used: false });
    // No document yet: nothing to download or share.
    expect((await call(starter, 'GET', `/api/v1/label-copies/${copy.id}/generated/pdf`)).statusCode).toBe(
      409,
    );
    expect(
      (
        await call(starter, 'POST', `/api/v1/label-copies/${copy.id}/links`, {
          purpose: 'label_copy_generator',
        })
      ).statusCode,
    ).toBe(409);

    const generated = await ok<LabelCopyDto>(
      await call(starter, 'POST', `/api/v1/label-copies/${copy.id}/generate`),
    );
    expect(generated.generated_at).not.toBeNull();
    const second = await call(starter, 'POST', `/api/v1/label-copies/${copy.id}/generate`);
    expect(second.statusCode).toBe(403);
    expect(errorOf(second)).toEqual({
      code: 'plan_required',
      message:
        'Your Starter plan’s one free use of the label copy generator has been used. Upgrade your plan to generate more label copies.',
    });

    const pdf = await call(starter, 'GET', `/api/v1/label-copies/${copy.id}/generated/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(
      "filename*=UTF-8''Label%20copy%20-%20Caf%C3%A9%20del%20Mar.pdf",
    );
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const loaded = await PDFDocument.load(pdf.rawPayload);
    expect(loaded.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(loaded.getTitle()).toBe('Label copy: Café del Mar');

    const csv = await call(starter, 'GET', `/api/v1/label-copies/${copy.id}/generated/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.rawPayload.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Release title,Release version,Primary artist,/);
    expect(lines[1]).toMatch(/^Café del Mar,,Élodie,Tiny Label,DMR001,036000291452,2026-06-05,/);
    expect(lines[2]).toContain(',2,Café del Mar,"Extended Mix, ""Club""",Élodie,GB-ABC-26-00099,3:25,');

    // The generator link shows the document and serves the same files.
    const gen = await link(starter, copy.id, 'label_copy_generator');
    const view = await ok<PublicLabelCopyGeneratorDto>(
      await call(null, 'GET', `/api/v1/public/label-copy-generator/${gen.token}`),
    );
    expect(view.document).toMatchObject({ title: 'Café del Mar', organization_name: 'Tiny Label' });
    const viaLink = await call(null, 'GET', `/api/v1/public/label-copy-generator/${gen.token}/pdf`);
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The read-only share serves the label copy as it is now.
    const share = await link(starter, copy.id, 'label_copy_share');
    const shareCsv = await call(null, 'GET', `/api/v1/public/label-copies/${share.token}/csv`);
    expect(shareCsv.statusCode).toBe(200);
    expect(shareCsv.rawPayload.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(3);
  });

  it('exports names in any script, formulas as text, and multi-line values as typed', async () => {
    const pro = await adminWithLabel(server.app, 'Σωκράτης Records');
    await setPlan(pro.organization.id, 'Pro');
    const artist = '山田 花子 & Grzegorz Brzęczyszczykiewicz';
    const song = await signedSong(pro.organization.id, 'Пётр Чайковский: Ночь', artist);
    const copy = await createCopy(pro, song.id);
    const producer = 'Sam Reed\nJo Park (vocal production)';
    const data: LabelCopyData = {
      ...completeData(copy.data),
      genre: '=HYPERLINK("http://x","y")',
      catalogue_number: '@SUM(1+1)',
      credits: {
        ...copy.data.credits,
        producer,
        performers: [{ name: 'Σωκράτης', role: '-Bouzouki' }],
      },
    };
    const saved = await ok<LabelCopyDto>(await call(pro, 'PUT', `/api/v1/label-copies/${copy.id}`, { data }));
    // Saved as typed: the line break stays.
    expect(saved.data.credits.producer).toBe(producer);
    expect(saved.data.genre).toBe('=HYPERLINK("http://x","y")');
    await ok(await call(pro, 'POST', `/api/v1/label-copies/${copy.id}/generate`));

    const csv = await call(pro, 'GET', `/api/v1/label-copies/${copy.id}/generated/csv`);
    expect(csv.statusCode).toBe(200);
    const rows: Record<string, string>[] = parse(csv.rawPayload, { bom: true, columns: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Release title': 'Пётр Чайковский: Ночь',
      'Primary artist': artist,
      Genre: `'=HYPERLINK("http://x","y")`,
      'Catalogue number': "'@SUM(1+1)",
      Producer: producer,
      Performers: 'Σωκράτης (-Bouzouki)',
      'Track number': '1',
    });
    // No cell of the file starts a formula.
    for (const value of Object.values(rows[0]!)) expect(value).not.toMatch(/^[=+\-@\t\r]/);

    const pdf = await call(pro, 'GET', `/api/v1/label-copies/${copy.id}/generated/pdf`);
    expect(pdf.statusCode).toBe(200);
    const { pages, title } = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(title).toBe('Label copy: Пётр Чайковский: Ночь');
    const text = pages.join('\n');
    for (const name of [artist, 'Пётр Чайковский: Ночь', 'Σωκράτης Records', 'Σωκράτης']) {
      expect(text, name).toContain(name);
    }
    // The producer's two lines are two lines of the PDF.
    expect(text).toContain('Sam Reed\nJo Park (vocal production)');
    expect(pdf.rawPayload.length).toBeLessThan(300_000);
  });

  it('the generator on Pro is unlimited; exports stop at the plan’s monthly limit', async () => {
    const pro = await adminWithLabel(server.app, 'Big Label');
    await setPlan(pro.organization.id, 'Pro');
    const song = await signedSong(pro.organization.id, 'Runway');
    const copy = await createCopy(pro, song.id);
    for (let i = 0; i < 3; i++) await ok(await call(pro, 'POST', `/api/v1/label-copies/${copy.id}/generate`));

    const starter = await adminWithLabel(server.app, 'Capped Label');
    const capped = await createCopy(starter, (await signedSong(starter.organization.id, 'Capped')).id);
    await ok(await call(starter, 'POST', `/api/v1/label-copies/${capped.id}/generate`));
    await server.database.withOrg(starter.organization.id, (tx) =>
      tx.execute(sql`insert into export_usage (organization_id, export_type)
        select ${starter.organization.id}, 'label_copy_pdf' from generate_series(1, 9)`),
    );
    expect((await call(starter, 'GET', `/api/v1/label-copies/${capped.id}/generated/pdf`)).statusCode).toBe(
      200,
    );
    const over = await call(starter, 'GET', `/api/v1/label-copies/${capped.id}/generated/pdf`);
    expect(over.statusCode).toBe(403);
    expect(errorOf(over)).toEqual({
      code: 'plan_limit_reached',
      message:
        'Your plan allows 10 label copy PDF exports a month, and this month’s are used. Upgrade your plan or wait until next month.',
    });
    // CSV is counted apart; Pro has no limit.
    expect((await call(starter, 'GET', `/api/v1/label-copies/${capped.id}/generated/csv`)).statusCode).toBe(
      200,
    );
    const state = await ok<{ exports_this_month: { pdf: number; csv: number }; export_limit: number }>(
      await call(starter, 'GET', '/api/v1/label-copy-generator'),
    );
    expect(state).toMatchObject({ export_limit: 10, exports_this_month: { pdf: 10, csv: 1 } });
    await server.database.withOrg(pro.organization.id, (tx) =>
      tx.execute(sql`insert into export_usage (organization_id, export_type)
        select ${pro.organization.id}, 'label_copy_pdf' from generate_series(1, 20)`),
    );
    expect((await call(pro, 'GET', `/api/v1/label-copies/${copy.id}/generated/pdf`)).statusCode).toBe(200);
  });

  it('seeds a final, complete demo label copy and a draft', async () => {
    const demo = await adminWithLabel(server.app, 'Demo Records');
    const songs = [
      await signedSong(demo.organization.id, 'Golden Hour'),
      await signedSong(demo.organization.id, 'Static'),
    ];
    await server.database.withOrg(demo.organization.id, (tx) =>
      seedLabelCopyDemo(tx, { organizationId: demo.organization.id, songs, reviewers: [] }),
    );
    const [final, draft] = await Promise.all(
      songs.map(
        async (s) =>
          (
            await ok<{ label_copy: LabelCopyDto }>(
              await call(demo, 'GET', `/api/v1/songs/${s.id}/label-copy`),
            )
          ).label_copy,
      ),
    );
    expect(final).toMatchObject({ status: 'final', missing: [] });
    expect(final!.finalized_at).not.toBeNull();
    expect(draft!.status).toBe('draft');
    expect(draft!.missing.length).toBeGreaterThan(0);
  });
});
