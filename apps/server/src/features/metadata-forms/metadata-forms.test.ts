import type {
  CreatedMetadataFormDto,
  IssuedMetadataLinkDto,
  MetadataFormDto,
  MetadataFormSummaryDto,
  PublicMetadataFormDto,
} from '@music-review/core/metadata-forms';
import { METADATA_MESSAGES } from '@music-review/core/metadata-forms';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { createPublicLink } from '../../platform/public-links/public-links.ts';
import { adminWithLabel, authHeader, mailbox, memberOf, uniqueIp } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertRevision, insertSong } from '../songs/songs.factory.ts';

type Who = { token: string };

const VALID = {
  title: 'Summer Static',
  version: '',
  primary_artists: ['Nova Lane'],
  featured_artists: [],
  remixers: [],
  writers: [
    { name: 'Nova Lane', role: 'composer_lyricist', pro: 'PRS', ipi: '', share: '60' },
    { name: 'Sam Ortiz', role: 'composer', pro: 'ASCAP', ipi: '00614553212', share: 40 },
  ],
  publishers: [],
  isrc: 'gb-dmr-26-00042',
  iswc: 'T-034.524.680-1',
  genre: 'Synth-pop',
  language: 'en',
  explicit: true,
  bpm: '118',
  key: 'A minor',
  lyrics: 'Static on the radio',
};

describe('metadata forms', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let ben: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  let signedSongId: string;
  let pendingSongId: string;
  let outsiderSongId: string;

  const api = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: authHeader(who.token),
      ...(payload === undefined ? {} : { payload }),
    });
  const ok = async <T>(
    res: Promise<{ statusCode: number; body: string; json: <U>() => U }>,
    status = 200,
  ) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    return r.json<T>();
  };
  const publicApi = (method: 'GET' | 'PUT' | 'POST', token: string, suffix = '', payload?: object) =>
    server.app.inject({
      method,
      url: `/api/v1/public/metadata-forms/${encodeURIComponent(token)}${suffix}`,
      remoteAddress: uniqueIp(),
      ...(payload === undefined ? {} : { payload }),
    });
  const createForm = (who: Who, songId: string) =>
    ok<CreatedMetadataFormDto>(api(who, 'POST', `/api/v1/songs/${songId}/metadata-forms`), 201);
  const notificationsOf = (reviewerId: string) =>
    queryRows<{ type: string; message: string; song_id: string }>(
      server.database.asOwner('tests build rows directly'),
      sql`select type, message, song_id from notifications where recipient_id = ${reviewerId} order by created_at`,
    );

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Metadata Lab');
    ben = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Metadata Elsewhere');
    const db = server.database.asOwner('tests build rows directly');
    const song = (organizationId: string, title: string, status: string) =>
      insertSong(db, { organizationId, title, artist: 'Nova Lane', status });
    signedSongId = (await song(admin.organization.id, 'Summer Static', 'signed')).id;
    pendingSongId = (await song(admin.organization.id, 'Not Yet', 'pending')).id;
    outsiderSongId = (await song(outsider.organization.id, 'Their Song', 'signed')).id;
  });
  afterAll(() => server.close());

  it('creates a form prefilled from the song with a link the artist opens without an account', async () => {
    const { form, link } = await createForm(admin, signedSongId);
    expect(form).toMatchObject({ song_title: 'Summer Static', song_artist: 'Nova Lane', status: 'draft' });
    expect(form.data).toMatchObject({ title: 'Summer Static', primary_artists: ['Nova Lane'], writers: [] });
    expect(form.link).toMatchObject({ state: 'active' });
    expect(link.path).toBe(`/metadata/${link.token}`);
    expect(link.url).toMatch(/^https?:\/\/.+\/metadata\/[A-Za-z0-9_-]{43}$/);

    const opened = await publicApi('GET', link.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<PublicMetadataFormDto>()).toMatchObject({
      label_name: 'Metadata Lab',
      song_title: 'Summer Static',
      status: 'draft',
      data: { title: 'Summer Static' },
    });

    const listed = await ok<{ forms: MetadataFormDto[] }>(
      api(ben, 'GET', `/api/v1/songs/${signedSongId}/metadata-forms`),
    );
    expect(listed.forms.map((f) => f.id)).toEqual([form.id]);

    const refused = await api(admin, 'POST', `/api/v1/songs/${pendingSongId}/metadata-forms`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(METADATA_MESSAGES.notSigned);
  });

  it("gives the artist's page the song's current audio and waveform keys, for its player", async () => {
    const db = server.database.asOwner('tests build rows directly');
    const org = admin.organization.id;
    const played = await insertSong(db, {
      organizationId: org,
      title: 'Playable',
      artist: 'Nova Lane',
      status: 'signed',
      audioFileKey: `${org}/audio/x/v1.wav`,
      waveformFileKey: `${org}/waveforms/x/v1.json`,
    });
    const { link } = await createForm(admin, played.id);
    expect(await ok<PublicMetadataFormDto>(publicApi('GET', link.token))).toMatchObject({
      audio_file_key: `${org}/audio/x/v1.wav`,
      waveform_file_key: `${org}/waveforms/x/v1.json`,
    });
    // A new version: its files are the ones played.
    await insertRevision(db, {
      organizationId: org,
      songId: played.id,
      versionNumber: 2,
      audioFileKey: `${org}/audio/x/v2.wav`,
    });
    expect(await ok<PublicMetadataFormDto>(publicApi('GET', link.token))).toMatchObject({
      audio_file_key: `${org}/audio/x/v2.wav`,
      waveform_file_key: null,
    });
    // A song without audio: nothing to play.
    const { link: silent } = await createForm(admin, signedSongId);
    expect(await ok<PublicMetadataFormDto>(publicApi('GET', silent.token))).toMatchObject({
      audio_file_key: null,
      waveform_file_key: null,
    });
  });

  it('autosaves drafts as typed, refuses a submission naming its fields and loses nothing', async () => {
    const { form, link } = await createForm(admin, signedSongId);
    const partial = { isrc: 'GB-DM', writers: [{ name: 'Nova', share: '6' }], bpm: '1' };
    const saved = await publicApi('PUT', link.token, '/draft', { data: partial });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toHaveProperty('saved_at');
    const reread = (await publicApi('GET', link.token)).json<PublicMetadataFormDto>();
    expect(reread.data).toMatchObject({
      title: 'Summer Static',
      isrc: 'GB-DM',
      bpm: '1',
      writers: [{ name: 'Nova', role: 'composer', share: '6' }],
    });

    const badDraft = await publicApi('PUT', link.token, '/draft', { data: { explicit: 'yes' } });
    expect(badDraft.statusCode).toBe(400);

    const invalid = {
      ...VALID,
      isrc: 'GB-DMR-26-0042',
      writers: [{ ...VALID.writers[0], share: 50 }, VALID.writers[1]],
    };
    const submitted = await publicApi('POST', link.token, '/submit', { data: invalid });
    expect(submitted.statusCode).toBe(400);
    const message = submitted.json().error.message as string;
    expect(message).toContain(`writers: ${MUSIC_CODE_MESSAGES.sharesTotal(90)}`);
    expect(message).toContain(`isrc: ${MUSIC_CODE_MESSAGES.isrcLength}`);
    const kept = await ok<MetadataFormDto>(api(admin, 'GET', `/api/v1/metadata-forms/${form.id}`));
    expect(kept.status).toBe('draft');
    expect(kept.data).toMatchObject({
      isrc: 'GB-DMR-26-0042',
      genre: 'Synth-pop',
      lyrics: 'Static on the radio',
    });
    expect(await notificationsOf(ben.reviewer.id)).toEqual([]);
  });

  it('submits, notifies every member, locks the link; the label edits, confirms and reopens', async () => {
    const { form, link } = await createForm(admin, signedSongId);
    const res = await publicApi('POST', link.token, '/submit', { data: VALID });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PublicMetadataFormDto>()).toMatchObject({
      status: 'submitted',
      data: { isrc: 'GBDMR2600042', iswc: 'T0345246801', bpm: 118, writers: [{ share: 60 }, { share: 40 }] },
    });
    for (const who of [admin, ben]) {
      expect(await notificationsOf(who.reviewer.id)).toContainEqual({
        type: 'metadata_form_confirmed',
        message: 'Nova Lane submitted the metadata for "Summer Static"',
        song_id: signedSongId,
      });
    }

    // The link now shows the submitted form read-only and takes no more changes.
    expect((await publicApi('GET', link.token)).json<PublicMetadataFormDto>().status).toBe('submitted');
    const late = await publicApi('PUT', link.token, '/draft', { data: { genre: 'House' } });
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toBe(METADATA_MESSAGES.submittedLocked);
    expect((await publicApi('POST', link.token, '/submit', { data: VALID })).statusCode).toBe(410);

    // The label's edit has the same checks.
    const badEdit = await api(admin, 'PUT', `/api/v1/metadata-forms/${form.id}`, {
      data: { ...VALID, iswc: 'T-034.524.680-2' },
    });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json().error.message).toBe(`iswc: ${MUSIC_CODE_MESSAGES.iswcCheckDigit}`);
    const edited = await ok<MetadataFormDto>(
      api(ben, 'PUT', `/api/v1/metadata-forms/${form.id}`, { data: { ...VALID, genre: 'Electropop' } }),
    );
    expect(edited).toMatchObject({ status: 'submitted', data: { genre: 'Electropop' } });

    const confirmed = await ok<MetadataFormDto>(
      api(admin, 'POST', `/api/v1/metadata-forms/${form.id}/confirm`, {}),
    );
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmed_by_name: admin.reviewer.name });
    expect(confirmed.confirmed_at).not.toBeNull();
    expect((await api(admin, 'POST', `/api/v1/metadata-forms/${form.id}/confirm`, {})).statusCode).toBe(409);

    const list = await ok<{ forms: MetadataFormSummaryDto[] }>(
      api(ben, 'GET', '/api/v1/metadata-forms?status=confirmed&q=summer'),
    );
    expect(list.forms.map((f) => f.id)).toEqual([form.id]);
    const none = await ok<{ forms: MetadataFormSummaryDto[] }>(
      api(ben, 'GET', '/api/v1/metadata-forms?q=nothing-like-it'),
    );
    expect(none.forms).toEqual([]);

    const reopened = await ok<MetadataFormDto>(
      api(admin, 'POST', `/api/v1/metadata-forms/${form.id}/reopen`),
    );
    expect(reopened).toMatchObject({ status: 'draft', confirmed_at: null, submitted_at: null });
    const again = await publicApi('PUT', link.token, '/draft', { data: { genre: 'House' } });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('answers every kind of unusable link with its own page text', async () => {
    const { form, link } = await createForm(admin, signedSongId);
    const refusal = async (token: string, status: number, message: string) => {
      for (const res of [
        await publicApi('GET', token),
        await publicApi('PUT', token, '/draft', { data: { genre: 'x' } }),
        await publicApi('POST', token, '/submit', { data: VALID }),
      ]) {
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().error.message).toBe(message);
      }
    };
    await refusal('not-a-token', 404, PUBLIC_LINK_MESSAGES.not_found);
    await refusal('A'.repeat(43), 404, PUBLIC_LINK_MESSAGES.not_found);

    // Another purpose's token (here: a contract signature link for this very form's id) is unknown here.
    const foreign = await server.database.withOrg(admin.organization.id, (tx) =>
      createPublicLink(tx, {
        organizationId: admin.organization.id,
        purpose: 'contract_signature',
        recordId: form.id,
        ttlMs: 3_600_000,
        singleUse: true,
        createdBy: null,
      }),
    );
    await refusal(foreign.token, 404, PUBLIC_LINK_MESSAGES.not_found);

    // A new link withdraws the old one.
    const fresh = await ok<IssuedMetadataLinkDto>(
      api(admin, 'POST', `/api/v1/metadata-forms/${form.id}/link`),
      201,
    );
    await refusal(link.token, 410, PUBLIC_LINK_MESSAGES.revoked);
    expect((await publicApi('GET', fresh.token)).statusCode).toBe(200);

    const revoked = await ok<MetadataFormDto>(
      api(admin, 'POST', `/api/v1/metadata-forms/${form.id}/revoke-link`),
    );
    expect(revoked.link?.state).toBe('revoked');
    await refusal(fresh.token, 410, PUBLIC_LINK_MESSAGES.revoked);

    const third = await ok<IssuedMetadataLinkDto>(
      api(admin, 'POST', `/api/v1/metadata-forms/${form.id}/link`),
      201,
    );
    await server.database.asOwner('tests build rows directly').execute(
      sql`update public_links set expires_at = now() - interval '1 second'
          where purpose = 'metadata_form' and record_id = ${form.id} and revoked_at is null`,
    );
    await refusal(third.token, 410, PUBLIC_LINK_MESSAGES.expired);

    const uses = await queryRows<{ outcome: string }>(
      server.database.asOwner('tests build rows directly'),
      sql`select u.outcome from public_link_uses u join public_links l on l.id = u.link_id
          where l.record_id = ${form.id} and l.purpose = 'metadata_form'`,
    );
    expect(uses.map((u) => u.outcome)).toEqual(expect.arrayContaining(['allowed', 'revoked', 'expired']));
  });

  it("keeps each label to its own forms: another label's ids are 404", async () => {
    const { form } = await createForm(admin, signedSongId);
    const theirs = await createForm(outsider, outsiderSongId);
    for (const [method, url] of [
      ['GET', `/api/v1/metadata-forms/${form.id}`],
      ['PUT', `/api/v1/metadata-forms/${form.id}`],
      ['POST', `/api/v1/metadata-forms/${form.id}/confirm`],
      ['POST', `/api/v1/metadata-forms/${form.id}/reopen`],
      ['POST', `/api/v1/metadata-forms/${form.id}/link`],
      ['POST', `/api/v1/metadata-forms/${form.id}/revoke-link`],
      ['POST', `/api/v1/metadata-forms/${form.id}/share/chat`],
      ['GET', `/api/v1/songs/${signedSongId}/metadata-forms`],
      ['POST', `/api/v1/songs/${signedSongId}/metadata-forms`],
    ] as const) {
      const res = await api(
        outsider,
        method,
        url,
        method === 'GET' ? undefined : method === 'PUT' ? { data: VALID } : {},
      );
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    const mine = await ok<{ forms: MetadataFormSummaryDto[] }>(api(admin, 'GET', '/api/v1/metadata-forms'));
    expect(mine.forms.map((f) => f.id)).not.toContain(theirs.form.id);
    const theirList = await ok<{ forms: MetadataFormSummaryDto[] }>(
      api(outsider, 'GET', '/api/v1/metadata-forms'),
    );
    expect(theirList.forms.map((f) => f.id)).toEqual([theirs.form.id]);
    // The outsider's token never opens this label's form: it opens theirs only.
    const opened = await publicApi('GET', theirs.link.token);
    expect(opened.json<PublicMetadataFormDto>().song_title).toBe('Their Song');
  });

  it('sends the link into the song chat as a metadata_form attachment, and by email', async () => {
    const { form, link } = await createForm(admin, signedSongId);
    const sent = await ok<{
      link: IssuedMetadataLinkDto | null;
      conversation_id: string;
      message_id: string;
    }>(api(admin, 'POST', `/api/v1/metadata-forms/${form.id}/share/chat`, { token: link.token }), 201);
    expect(sent.link).toBeNull();
    const page = await ok<{ messages: Array<Record<string, unknown>> }>(
      api(ben, 'GET', `/api/v1/conversations/${sent.conversation_id}/messages`),
    );
    expect(page.messages.at(-1)).toMatchObject({
      id: sent.message_id,
      attachment_type: 'metadata_form',
      metadata_form_link: link.path,
      metadata_song_title: 'Summer Static',
    });

    // Without the token (the label reloaded the page) a new link is issued and the old one withdrawn.
    const mailed = await ok<{ link: IssuedMetadataLinkDto; mailed_to: string }>(
      api(admin, 'POST', `/api/v1/metadata-forms/${form.id}/share/email`, { email: 'nova@artist.test' }),
    );
    expect(mailed.mailed_to).toBe('nova@artist.test');
    const [mail] = await mailbox(server.app, 'nova@artist.test');
    expect(mail?.text).toContain(mailed.link.url);
    expect(mail?.subject).toBe('Metadata Lab: the metadata of "Summer Static"');
    expect((await publicApi('GET', link.token)).statusCode).toBe(410);

    const badEmail = await api(admin, 'POST', `/api/v1/metadata-forms/${form.id}/share/email`, {
      email: 'nope',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toBe('email: enter a valid email address');
  });
});
