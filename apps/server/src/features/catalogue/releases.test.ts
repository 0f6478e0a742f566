import { CATALOGUE_MESSAGES, upcRange } from '@music-review/core/catalogue';
import type { ReleaseDto, ReleaseRowDto } from '@music-review/core/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnerScope, queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, setPlan } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

type Admin = Awaited<ReturnType<typeof adminWithLabel>>;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function insertRecording(db: OwnerScope, organizationId: string, title: string, isrc: string | null) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into recordings (organization_id, title, display_artist, isrc, duration_seconds)
        values (${organizationId}, ${title}, 'Nova Lane', ${isrc}, 200) returning id`,
  );
  return row!.id;
}

describe('releases: the list, "New release" and the release page', () => {
  let server: TestServer;
  let admin: Admin;
  let outsider: Admin;
  let starter: Admin;
  const rec = {} as Record<'blue' | 'night' | 'paper' | 'theirs', string>;
  const rel = {} as Record<'alpha' | 'beta' | 'gamma' | 'theirs', string>;
  let novaParty: string;
  const [upcA, upcB] = upcRange('01234567890', 2) as [string, string];

  const call = <T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    who = admin,
  ) =>
    server.app
      .inject({
        method,
        url,
        headers: who.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      .then((res) => ({ status: res.statusCode, body: res.json<T>() }));
  const create = (payload: Record<string, unknown>, who = admin) =>
    call<ReleaseDto & ErrorBody>('POST', '/api/v1/catalogue/releases', payload, who);
  const titles = async (query: string) =>
    (await call<{ rows: ReleaseRowDto[] }>('GET', `/api/v1/catalogue/releases?${query}`)).body.rows.map(
      (r) => r.title,
    );

  beforeAll(async () => {
    server = await createTestServer();
    [admin, outsider, starter] = await Promise.all([
      adminWithLabel(server.app, 'Release Lab'),
      adminWithLabel(server.app, 'Other Label'),
      adminWithLabel(server.app, 'Small Label'),
    ]);
    await setPlan(server.database, admin.organization.id, 'Label');
    await setPlan(server.database, outsider.organization.id, 'Label');
    await setPlan(server.database, starter.organization.id, 'Starter');
    const db = server.database.asOwner('tests build rows directly');
    const org = admin.organization.id;
    rec.blue = await insertRecording(db, org, 'Blue Hour', 'GBAYE2600001');
    rec.night = await insertRecording(db, org, 'Night Drive', null);
    rec.paper = await insertRecording(db, org, 'Paper Moon', 'GBAYE2600003');
    rec.theirs = await insertRecording(db, outsider.organization.id, 'Not Yours', 'GBAYE2600009');
    const [party] = await queryRows<{ id: string }>(
      db,
      sql`insert into parties (organization_id, name, roles) values (${org}, 'Nova Lane', '{artist}') returning id`,
    );
    novaParty = party!.id;
    await db.execute(sql`insert into recording_artists (organization_id, recording_id, party_id, role)
      values (${org}, ${rec.blue}, ${novaParty}, 'primary')`);
    await db.execute(sql`insert into catalogue_settings (organization_id, label_name, default_p_owner, default_c_owner)
      values (${org}, 'Release Lab Records', 'Release Lab Ltd', 'Release Lab Publishing')`);

    const made = async (payload: Record<string, unknown>, who = admin) => {
      const res = await create(payload, who);
      if (res.status !== 201)
        throw new Error(`creating ${String(payload.title)}: ${JSON.stringify(res.body)}`);
      return res.body.id;
    };
    rel.alpha = await made({
      title: 'Alpha Days',
      display_artist: 'Nova Lane',
      release_date: '2024-05-01',
      upc: upcA,
      catalogue_number: 'NL-001',
      status: 'released',
      tracks: [{ recording_id: rec.blue }],
    });
    rel.beta = await made({
      title: 'beta Nights',
      display_artist: 'Kite Club',
      release_date: '2025-01-10',
      catalogue_number: 'KC-002',
      tracks: [{ recording_id: rec.night }, { recording_id: rec.paper }],
    });
    rel.gamma = await made({
      title: 'Gamma',
      display_artist: 'Kite Club',
      status: 'ready',
      tracks: [{ recording_id: rec.paper }],
    });
    rel.theirs = await made(
      { title: 'Theirs', display_artist: 'Someone', tracks: [{ recording_id: rec.theirs }] },
      outsider,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the label’s releases sorted by title, with track counts and tracks missing codes', async () => {
    const { status, body } = await call<{ rows: ReleaseRowDto[]; total: number }>(
      'GET',
      '/api/v1/catalogue/releases',
    );
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.rows.map((r) => [r.title, r.track_count, r.tracks_missing_codes])).toEqual([
      ['Alpha Days', 1, 0],
      ['beta Nights', 2, 1],
      ['Gamma', 1, 0],
    ]);
    expect(body.rows[0]).toMatchObject({
      upc: upcA,
      catalogue_number: 'NL-001',
      release_date: '2024-05-01',
      status: 'released',
      release_type: 'single',
      row_version: 1,
    });
    expect(await titles('dir=desc')).toEqual(['Gamma', 'beta Nights', 'Alpha Days']);
  });

  it('sorts by date, catalogue number, artist and last change, ties in a stable order', async () => {
    expect(await titles('sort=release_date')).toEqual(['Alpha Days', 'beta Nights', 'Gamma']);
    expect(await titles('sort=release_date&dir=desc')).toEqual(['beta Nights', 'Alpha Days', 'Gamma']);
    expect(await titles('sort=catalogue_number')).toEqual(['beta Nights', 'Alpha Days', 'Gamma']);
    expect(await titles('sort=updated&dir=desc')).toEqual(['Gamma', 'beta Nights', 'Alpha Days']);
    const byArtist = (await call<{ rows: ReleaseRowDto[] }>('GET', '/api/v1/catalogue/releases?sort=artist'))
      .body.rows;
    expect(byArtist.map((r) => r.display_artist)).toEqual(['Kite Club', 'Kite Club', 'Nova Lane']);
    const tied = [rel.beta, rel.gamma].sort();
    expect(byArtist.slice(0, 2).map((r) => r.id)).toEqual(tied);
    const again = (await call<{ rows: ReleaseRowDto[] }>('GET', '/api/v1/catalogue/releases?sort=artist'))
      .body.rows;
    expect(again.map((r) => r.id)).toEqual(byArtist.map((r) => r.id));
  });

  it('filters by search text, artist, year, status and missing codes, and pages', async () => {
    expect(await titles('q=KITE')).toEqual(['beta Nights', 'Gamma']);
    expect(await titles('q=nl-00')).toEqual(['Alpha Days']);
    expect(await titles(`q=${upcA.slice(3, 9)}`)).toEqual(['Alpha Days']);
    expect(await titles('q=100%25')).toEqual([]);
    expect(await titles(`artist=${novaParty}`)).toEqual(['Alpha Days']);
    expect(await titles('year=2025')).toEqual(['beta Nights']);
    expect(await titles('status=ready')).toEqual(['Gamma']);
    expect(await titles('missing=upc')).toEqual(['beta Nights', 'Gamma']);
    expect(await titles('missing=codes')).toEqual(['beta Nights']);
    expect(await titles('missing=any&sort=title&dir=desc')).toEqual(['Gamma', 'beta Nights']);
    const page = await call<{ rows: ReleaseRowDto[]; total: number }>(
      'GET',
      '/api/v1/catalogue/releases?limit=1&offset=1',
    );
    expect(page.body.rows.map((r) => r.title)).toEqual(['beta Nights']);
    expect(page.body.total).toBe(3);
    const past = await call<{ rows: ReleaseRowDto[]; total: number }>(
      'GET',
      '/api/v1/catalogue/releases?offset=50',
    );
    expect(past.body).toEqual({ rows: [], total: 3 });
    const filteredPage = await call<{ rows: ReleaseRowDto[]; total: number }>(
      'GET',
      '/api/v1/catalogue/releases?q=kite&limit=1&offset=1',
    );
    expect(filteredPage.body.rows.map((r) => r.title)).toEqual(['Gamma']);
    expect(filteredPage.body.total).toBe(2);
    const filteredPast = await call<{ rows: ReleaseRowDto[]; total: number }>(
      'GET',
      '/api/v1/catalogue/releases?q=kite&offset=5',
    );
    expect(filteredPast.body).toEqual({ rows: [], total: 2 });
    const bad = await call<ErrorBody>('GET', '/api/v1/catalogue/releases?sort=colour');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('sort: title, artist, release_date, catalogue_number or updated');
    const badStatus = await call<ErrorBody>('GET', '/api/v1/catalogue/releases?missing=isrc');
    expect(badStatus.body.error.message).toBe('missing: upc, codes or any');
  });

  it('counts again once a release or a track’s recording changes', async () => {
    const total = async (query: string) =>
      (await call<{ total: number }>('GET', `/api/v1/catalogue/releases?${query}&limit=1`)).body.total;
    const db = server.database.asOwner('tests build rows directly');
    // A page as long as its limit is counted, and the count kept until the label's data changes.
    expect(await total('missing=codes')).toBe(1);
    expect(await total('status=ready')).toBe(1);
    await db.execute(sql`update recordings set isrc = 'GBAYE2600002' where id = ${rec.night}`);
    expect(await total('missing=codes')).toBe(0);
    await db.execute(sql`update releases set status = 'released' where id = ${rel.gamma}`);
    expect(await total('status=ready')).toBe(0);
    await db.execute(sql`update recordings set isrc = null where id = ${rec.night}`);
    await db.execute(sql`update releases set status = 'ready' where id = ${rel.gamma}`);
    expect(await total('missing=codes')).toBe(1);
    expect(await total('status=ready')).toBe(1);
  });

  it('keeps its pages while a recording’s uncounted fields change, and shows at once what its rows read', async () => {
    const db = server.database.asOwner('tests build rows directly');
    const rows = async () =>
      (await call<{ rows: ReleaseRowDto[] }>('GET', '/api/v1/catalogue/releases?sort=title')).body.rows.map(
        (r) => [r.title, r.tracks_missing_codes],
      );
    const before = await rows();
    expect(before).toEqual([
      ['Alpha Days', 0],
      ['beta Nights', 1],
      ['Gamma', 0],
    ]);
    // A rename with the triggers off raises no version: the kept page is answered.
    await server.database.asOwnerTransaction(
      'tests change a row without raising the versions',
      async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update releases set title = 'Alpha Renamed' where id = ${rel.alpha}`);
      },
    );
    // A recording's genre is nothing a releases page reads: its page stays kept (decision 0032).
    await db.execute(sql`update recordings set genre = 'Ambient' where id = ${rec.blue}`);
    expect(await rows()).toEqual(before);
    // A track's ISRC is: the page is read again, with the rename too.
    await db.execute(sql`update recordings set isrc = 'GBAYE2600002' where id = ${rec.night}`);
    expect(await rows()).toEqual([
      ['Alpha Renamed', 0],
      ['beta Nights', 0],
      ['Gamma', 0],
    ]);
    await db.execute(sql`update recordings set isrc = null where id = ${rec.night}`);
    await db.execute(sql`update releases set title = 'Alpha Days' where id = ${rel.alpha}`);
    expect(await rows()).toEqual(before);
  });

  it('creates a release from recordings in the order given, numbering tracks per disc, with the label’s defaults', async () => {
    const { status, body } = await create({
      title: 'Two Sides',
      display_artist: 'Nova Lane',
      release_type: 'album',
      release_date: '2026-03-01',
      tracks: [
        { recording_id: rec.paper },
        { recording_id: rec.blue },
        { recording_id: rec.night, disc_number: 2 },
      ],
    });
    expect(status).toBe(201);
    expect(body.tracks.map((t) => [t.title, t.disc_number, t.track_number])).toEqual([
      ['Paper Moon', 1, 1],
      ['Blue Hour', 1, 2],
      ['Night Drive', 2, 1],
    ]);
    expect(body.tracks[0]).toMatchObject({
      recording_id: rec.paper,
      isrc: 'GBAYE2600003',
      duration_seconds: 200,
    });
    expect(body).toMatchObject({
      status: 'draft',
      release_type: 'album',
      label_name: 'Release Lab Records',
      p_line_owner: 'Release Lab Ltd',
      c_line_owner: 'Release Lab Publishing',
      p_line_year: 2026,
      c_line_year: 2026,
      track_count: 3,
      tracks_missing_codes: 1,
      row_version: 1,
      artwork_url: null,
    });
    expect(body.audit).toHaveLength(1);
    expect(body.audit[0]!.action).toBe('create');
    expect(body.audit[0]!.by).toBe(admin.name);
    expect(body.audit[0]!.changes.tracks).toEqual([[], [rec.paper, rec.blue, rec.night]]);

    // What the member typed wins over the defaults; no release date, no P/C year.
    const own = await create({
      title: 'Own Imprint',
      display_artist: 'Nova Lane',
      label_name: 'Side Label',
      c_line_owner: null,
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({
      label_name: 'Side Label',
      p_line_owner: 'Release Lab Ltd',
      c_line_owner: null,
      p_line_year: null,
      c_line_year: null,
      tracks: [],
    });
  });

  it('refuses a recording twice, another label’s recording, and a used UPC or catalogue number', async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          server.database.asOwner('tests build rows directly'),
          sql`select count(*)::int as n from releases`,
        )
      )[0]!.n;
    const before = await count();
    const twice = await create({
      title: 'Echo',
      display_artist: 'Nova Lane',
      tracks: [
        { recording_id: rec.blue },
        { recording_id: rec.paper },
        { recording_id: rec.blue, disc_number: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe(CATALOGUE_MESSAGES.trackTwice);
    expect(twice.body.error.fields).toEqual({ 'tracks.2.recording_id': CATALOGUE_MESSAGES.trackTwice });

    const foreign = await create({
      title: 'Borrowed',
      display_artist: 'Nova Lane',
      tracks: [{ recording_id: rec.blue }, { recording_id: rec.theirs }],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.fields).toEqual({ 'tracks.1.recording_id': 'Recording not found' });

    const upc = await create({ title: 'Same Code', display_artist: 'Nova Lane', upc: upcA });
    expect(upc.status).toBe(409);
    expect(upc.body.error.message).toBe(CATALOGUE_MESSAGES.upcTaken('Alpha Days'));
    expect(upc.body.error.fields).toEqual({ upc: CATALOGUE_MESSAGES.upcTaken('Alpha Days') });

    const number = await create({
      title: 'Same Number',
      display_artist: 'Nova Lane',
      catalogue_number: 'nl-001',
    });
    expect(number.status).toBe(409);
    expect(number.body.error.message).toBe(CATALOGUE_MESSAGES.catalogueNumberTaken('Alpha Days'));
    expect(number.body.error.fields).toEqual({
      catalogue_number: CATALOGUE_MESSAGES.catalogueNumberTaken('Alpha Days'),
    });
    expect(await count()).toBe(before);

    // Another label may use the same codes: they are unique per label.
    const elsewhere = await create(
      { title: 'Their Alpha', display_artist: 'X', upc: upcA, catalogue_number: 'NL-001' },
      outsider,
    );
    expect(elsewhere.status).toBe(201);

    // Bad codes are refused at entry, naming the field.
    const badUpc = await create({
      title: 'Bad',
      display_artist: 'X',
      upc: `${upcB.slice(0, -1)}${(Number(upcB.at(-1)) + 1) % 10}`,
    });
    expect(badUpc.status).toBe(400);
    expect(Object.keys(badUpc.body.error.fields ?? {})).toEqual(['upc']);
  });

  it('gives one of several simultaneous saves of one catalogue number the number, and the others a 409', async () => {
    const results = await Promise.all(
      ['One', 'Two', 'Three', 'Four'].map((title) =>
        create({ title, display_artist: 'Nova Lane', catalogue_number: 'RACE-1' }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    const winner = results.find((r) => r.status === 201)!.body.title;
    for (const lost of results.filter((r) => r.status === 409)) {
      expect(lost.body.error.message).toBe(CATALOGUE_MESSAGES.catalogueNumberTaken(winner));
      expect(lost.body.error.fields).toEqual({
        catalogue_number: CATALOGUE_MESSAGES.catalogueNumberTaken(winner),
      });
    }
  });

  it('shows a release with its tracks in order, a signed artwork link and its audit log', async () => {
    const key = `${admin.organization.id}/images/${rel.beta}/cover.png`;
    await server.database
      .asOwner('tests build rows directly')
      .execute(sql`update releases set artwork_key = ${key} where id = ${rel.beta}`);
    const { status, body } = await call<ReleaseDto>('GET', `/api/v1/catalogue/releases/${rel.beta}`);
    expect(status).toBe(200);
    expect(body.title).toBe('beta Nights');
    expect(body.tracks.map((t) => [t.title, t.track_number, t.isrc])).toEqual([
      ['Night Drive', 1, null],
      ['Paper Moon', 2, 'GBAYE2600003'],
    ]);
    expect(body.artwork_url).toMatch(/cover\.png/);
    expect(body.audit.map((a) => a.action)).toEqual(['create']);
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers 404 for another label’s release or an id that is none, and keeps each label’s list apart', async () => {
    expect((await call<ErrorBody>('GET', `/api/v1/catalogue/releases/${rel.theirs}`)).status).toBe(404);
    const bogus = await call<ErrorBody>('GET', '/api/v1/catalogue/releases/not-an-id');
    expect(bogus.status).toBe(404);
    const theirs = await call<{ rows: ReleaseRowDto[] }>(
      'GET',
      '/api/v1/catalogue/releases',
      undefined,
      outsider,
    );
    expect(theirs.body.rows.map((r) => r.title)).toEqual(['Their Alpha', 'Theirs']);
    // An artist filter naming another label's person finds nothing.
    expect(await titles(`artist=${rel.theirs}`)).toEqual([]);
  });

  it('answers 403 plan_required on a plan without the catalogue', async () => {
    const list = await call<ErrorBody>('GET', '/api/v1/catalogue/releases', undefined, starter);
    expect(list.status).toBe(403);
    expect(list.body.error).toEqual({ code: 'plan_required', message: CATALOGUE_MESSAGES.notOnPlan });
    expect(
      (await call<ErrorBody>('GET', `/api/v1/catalogue/releases/${rel.alpha}`, undefined, starter)).status,
    ).toBe(403);
    const made = await create({ title: 'Nope', display_artist: 'X' }, starter);
    expect(made.status).toBe(403);
    expect(made.body.error.code).toBe('plan_required');
  });
});
