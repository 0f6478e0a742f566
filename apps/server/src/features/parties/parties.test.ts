import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { PartyDto, PartyRowDto } from '@music-review/core/contracts/parties';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnerScope, queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, setPlan } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';

type Admin = Awaited<ReturnType<typeof adminWithLabel>>;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Answer = PartyDto & ErrorBody;

describe('Artists & Writers: people, their page, and finding them by name', () => {
  let server: TestServer;
  let db: OwnerScope;
  let admin: Admin;
  let outsider: Admin;
  let starter: Admin;
  const id = {} as Record<
    'nova' | 'kite' | 'ada' | 'dome' | 'pat' | 'sam' | 'theirs' | 'theirPayee' | 'payee',
    string
  >;
  const rec = {} as Record<'blue' | 'night', string>;
  let release: string;
  let work: string;
  let contract: string;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who = admin) =>
    server.app
      .inject({
        method,
        url,
        headers: who.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      .then((res) => ({ status: res.statusCode, body: res.json<Answer>() }));
  const list = (query: string) =>
    server.app
      .inject({ method: 'GET', url: `/api/v1/parties?${query}`, headers: admin.headers })
      .then((res) => res.json<{ rows: PartyRowDto[]; total: number }>());
  const names = async (query: string) => (await list(query)).rows.map((r) => r.name);
  const add = async (payload: Record<string, unknown>, who = admin) => {
    const res = await call('POST', '/api/v1/parties', payload, who);
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.id;
  };
  const insert = async (query: ReturnType<typeof sql>) => (await queryRows<{ id: string }>(db, query))[0]!.id;

  beforeAll(async () => {
    server = await createTestServer();
    db = server.database.asOwner('tests build rows directly');
    [admin, outsider, starter] = await Promise.all([
      adminWithLabel(server.app, 'People Lab'),
      adminWithLabel(server.app, 'Other Label'),
      adminWithLabel(server.app, 'Small Label'),
    ]);
    await setPlan(server.database, admin.organization.id, 'Label');
    await setPlan(server.database, outsider.organization.id, 'Label');
    await setPlan(server.database, starter.organization.id, 'Starter');
    const org = admin.organization.id;

    id.payee = await insert(
      sql`insert into payees (organization_id, name) values (${org}, 'Lane Music Ltd') returning id`,
    );
    id.theirPayee = await insert(
      sql`insert into payees (organization_id, name) values (${outsider.organization.id}, 'Their Payee') returning id`,
    );
    id.nova = await add({
      name: 'Nova Lane',
      aliases: ['Nova', 'N. Lane'],
      legal_name: 'Nora Lanesborough',
      roles: ['artist'],
      isni: '0000 0001 2103 2683',
      country: 'GB',
    });
    id.kite = await add({ name: 'Kite Club', party_type: 'group', roles: ['artist'] });
    id.ada = await add({ name: 'Ada Quill', roles: ['writer'], ipi: '00052210040', pro: 'PRS' });
    id.dome = await add({ name: 'Dome Publishing', party_type: 'company', roles: ['publisher'] });
    id.pat = await add({ name: 'Pat Desk' });
    id.sam = await add({ name: 'Sam Unused', roles: ['writer'] });
    id.theirs = await add({ name: 'Nova Lane' }, outsider);

    rec.blue = await insert(sql`insert into recordings (organization_id, title, display_artist, isrc)
      values (${org}, 'Blue Hour', 'Nova Lane feat. Kite Club', 'GBAYE2600001') returning id`);
    rec.night = await insert(sql`insert into recordings (organization_id, title, display_artist)
      values (${org}, 'Night Drive', 'Nova Lane') returning id`);
    await db.execute(sql`insert into recording_artists (organization_id, recording_id, party_id, role, position) values
      (${org}, ${rec.blue}, ${id.nova}, 'primary', 0), (${org}, ${rec.blue}, ${id.kite}, 'featured', 1),
      (${org}, ${rec.night}, ${id.nova}, 'primary', 0), (${org}, ${rec.night}, ${id.pat}, 'producer', 1)`);
    release =
      await insert(sql`insert into releases (organization_id, title, display_artist, upc, release_date)
      values (${org}, 'Blue Hour EP', 'Nova Lane', '012345678905', '2026-02-01') returning id`);
    await db.execute(sql`insert into release_tracks (organization_id, release_id, recording_id, track_number)
      values (${org}, ${release}, ${rec.blue}, 1)`);
    work =
      await insert(sql`insert into works (organization_id, title, iswc) values (${org}, 'Blue Hour', 'T0345246801')
      returning id`);
    await db.execute(sql`insert into work_writers (organization_id, work_id, party_id, role, share_bp, publisher_id, position)
      values (${org}, ${work}, ${id.ada}, 'composer', 6000, ${id.dome}, 0),
             (${org}, ${work}, ${id.nova}, 'lyricist', 4000, null, 1)`);

    // Contracts come from signed songs by the artist's name (any of Nova's names, any case).
    const signed = await insertSong(db, {
      organizationId: org,
      title: 'Blue Hour',
      artist: 'nova',
      status: 'signed',
    });
    const pending = await insertSong(db, { organizationId: org, title: 'Unsigned', artist: 'Nova Lane' });
    const other = await insertSong(db, {
      organizationId: org,
      title: 'Elsewhere',
      artist: 'Kite',
      status: 'signed',
    });
    contract = await insert(sql`insert into contracts (organization_id, song_id, artist_name, status, title)
      values (${org}, ${signed.id}, 'Nova', 'signed', 'Recording agreement: Blue Hour') returning id`);
    await db.execute(sql`insert into contracts (organization_id, song_id, artist_name, status) values
      (${org}, ${pending.id}, 'Nova Lane', 'draft'), (${org}, ${other.id}, 'Kite', 'sent')`);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds a person with their credited names, identifiers and contact, checked at entry', async () => {
    const made = await call('POST', '/api/v1/parties', {
      name: 'Lou Reyes',
      aliases: ['Lou', ' lou ', 'Lou Reyes', 'L. Reyes'],
      legal_name: 'Louisa Reyes',
      ipi: 'IPI: 00052 210 041',
      pro: 'ASCAP',
      pro_member_number: 'A-123',
      email: '',
      country: 'US',
      roles: ['writer', 'writer', 'artist'],
      payee_id: id.payee,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Lou Reyes',
      aliases: ['Lou', 'L. Reyes'],
      legal_name: 'Louisa Reyes',
      ipi: '00052210041',
      email: null,
      party_type: 'person',
      roles: ['artist', 'writer'],
      payee: { id: id.payee, name: 'Lane Music Ltd' },
      recordings: [],
      works: [],
      contracts: [],
      balance: null,
      row_version: 1,
    });
    expect(made.body.audit).toHaveLength(1);
    expect(made.body.audit[0]).toMatchObject({ action: 'create', by: admin.name });
    expect(made.body.audit[0]!.changes.name).toEqual([null, 'Lou Reyes']);

    const foreignPayee = await call('POST', '/api/v1/parties', { name: 'X', payee_id: id.theirPayee });
    expect(foreignPayee.status).toBe(404);
    expect(foreignPayee.body.error.fields).toEqual({ payee_id: 'Payee not found' });
    const badIpi = await call('POST', '/api/v1/parties', { name: 'X', ipi: '12ab' });
    expect(badIpi.status).toBe(400);
    expect(Object.keys(badIpi.body.error.fields ?? {})).toEqual(['ipi']);
    const noName = await call('POST', '/api/v1/parties', { name: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.fields).toEqual({ name: CATALOGUE_MESSAGES.nameRequired });
    await call('DELETE', `/api/v1/parties/${made.body.id}`);
  });

  it('lists people by role for the Artists and Writers tabs, with their counts', async () => {
    const all = await list('');
    expect(all.total).toBe(6);
    expect(all.rows.map((r) => r.name)).toEqual([
      'Ada Quill',
      'Dome Publishing',
      'Kite Club',
      'Nova Lane',
      'Pat Desk',
      'Sam Unused',
    ]);
    const nova = all.rows.find((r) => r.name === 'Nova Lane')!;
    expect(nova).toMatchObject({
      recording_count: 2,
      work_count: 1,
      roles: ['artist', 'writer'],
      country: 'GB',
    });
    expect(all.rows.find((r) => r.name === 'Dome Publishing')).toMatchObject({
      recording_count: 0,
      work_count: 1,
    });
    // Pat has no role set, but a producer credit says it.
    expect(all.rows.find((r) => r.name === 'Pat Desk')!.roles).toEqual(['producer']);

    expect(await names('role=artist')).toEqual(['Kite Club', 'Nova Lane']);
    expect(await names('role=writer')).toEqual(['Ada Quill', 'Dome Publishing', 'Nova Lane', 'Sam Unused']);
    expect(await names('role=publisher')).toEqual(['Dome Publishing']);
    expect(await names('role=producer')).toEqual(['Pat Desk']);
  });

  it('searches names, other credited names, legal name, IPI and ISNI, and pages', async () => {
    expect(await names('q=n.%20la')).toEqual(['Nova Lane']);
    expect(await names('q=LANESBOROUGH')).toEqual(['Nova Lane']);
    expect(await names('q=0522100')).toEqual(['Ada Quill']);
    expect(await names('q=21032683')).toEqual(['Nova Lane']);
    expect(await names('q=club&role=artist')).toEqual(['Kite Club']);
    expect(await names('q=_')).toEqual([]);
    const page = await list('limit=2&offset=2');
    expect(page.rows.map((r) => r.name)).toEqual(['Kite Club', 'Nova Lane']);
    expect(page.total).toBe(6);
    const bad = await call('GET', '/api/v1/parties?role=singer');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('role: one of artist, writer, producer, publisher');
  });

  it('shows a person page with their recordings, releases, works and contracts', async () => {
    const { status, body } = await call('GET', `/api/v1/parties/${id.nova}`);
    expect(status).toBe(200);
    expect(body.recordings).toEqual([
      {
        id: rec.blue,
        title: 'Blue Hour',
        display_artist: 'Nova Lane feat. Kite Club',
        isrc: 'GBAYE2600001',
        role: 'primary',
      },
      { id: rec.night, title: 'Night Drive', display_artist: 'Nova Lane', isrc: null, role: 'primary' },
    ]);
    expect(body.releases).toEqual([
      { id: release, title: 'Blue Hour EP', upc: '012345678905', release_date: '2026-02-01' },
    ]);
    expect(body.works).toEqual([
      { id: work, title: 'Blue Hour', iswc: 'T0345246801', role: 'lyricist', share: 40 },
    ]);
    expect(body.contracts).toEqual([
      {
        id: contract,
        title: 'Recording agreement: Blue Hour',
        status: 'signed',
        song_id: expect.any(String),
        song_title: 'Blue Hour',
      },
    ]);
    expect(body).toMatchObject({ isni: '0000000121032683', legal_name: 'Nora Lanesborough', balance: null });

    const dome = await call('GET', `/api/v1/parties/${id.dome}`);
    expect(dome.body.works).toEqual([
      { id: work, title: 'Blue Hour', iswc: 'T0345246801', role: 'publisher', share: null },
    ]);
    expect(dome.body.recordings).toEqual([]);
    const ada = await call('GET', `/api/v1/parties/${id.ada}`);
    expect(ada.body.works).toEqual([
      { id: work, title: 'Blue Hour', iswc: 'T0345246801', role: 'composer', share: 60 },
    ]);
  });

  it('finds a person by any of their credited names, case ignored', async () => {
    const find = async (name: string, who = admin) => {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/v1/parties/by-name?name=${encodeURIComponent(name)}`,
        headers: who.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ id: string | null }>().id;
    };
    expect(await find('NOVA LANE')).toBe(id.nova);
    expect(await find('n. lane')).toBe(id.nova);
    expect(await find('Nova L')).toBeNull();
    expect(await find('Nova Lane', outsider)).toBe(id.theirs);
    // Without the catalogue on the plan there is no person page to link to.
    expect(await find('Nova Lane', starter)).toBeNull();
  });

  it('saves an edit with the version read and logs it; a stale version is refused', async () => {
    const edited = await call('PATCH', `/api/v1/parties/${id.kite}`, {
      row_version: 1,
      aliases: ['The Kites'],
      email: 'band@kite.test',
      payee_id: id.payee,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      aliases: ['The Kites'],
      email: 'band@kite.test',
      payee: { id: id.payee, name: 'Lane Music Ltd' },
      row_version: 2,
    });
    expect(edited.body.audit[0]).toMatchObject({
      action: 'update',
      changes: { aliases: [[], ['The Kites']], email: [null, 'band@kite.test'], payee_id: [null, id.payee] },
    });
    const stale = await call('PATCH', `/api/v1/parties/${id.kite}`, { row_version: 1, name: 'Kite Klub' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(CATALOGUE_MESSAGES.changedSinceRead);
    const foreignPayee = await call('PATCH', `/api/v1/parties/${id.kite}`, {
      row_version: 2,
      payee_id: id.theirPayee,
    });
    expect(foreignPayee.status).toBe(404);
    // The main name taken from the other credited names is not listed twice.
    const renamed = await call('PATCH', `/api/v1/parties/${id.kite}`, { row_version: 2, name: 'The Kites' });
    expect(renamed.body).toMatchObject({ name: 'The Kites', aliases: [], row_version: 3 });
    expect((await names('sort=updated')).slice(0, 2)).toEqual(['The Kites', 'Sam Unused']);
    expect((await call('GET', `/api/v1/parties/${id.kite}`)).body.audit.map((a) => a.action)).toEqual([
      'update',
      'update',
      'create',
    ]);
  });

  it('deletes only a person credited nowhere', async () => {
    const credited = await call('DELETE', `/api/v1/parties/${id.nova}`);
    expect(credited.status).toBe(409);
    expect(credited.body.error.message).toBe(
      'This person is credited on 2 recordings and 1 work. Remove those credits, or merge this person into another, before deleting.',
    );
    const publisher = await call('DELETE', `/api/v1/parties/${id.dome}`);
    expect(publisher.status).toBe(409);
    expect(publisher.body.error.message).toMatch(/credited on 1 work\./);
    const gone = await call('DELETE', `/api/v1/parties/${id.sam}`);
    expect(gone.status).toBe(200);
    expect((await call('GET', `/api/v1/parties/${id.sam}`)).status).toBe(404);
  });

  it('answers 404 for another label’s person and 403 on a plan without the catalogue', async () => {
    expect((await call('GET', `/api/v1/parties/${id.theirs}`)).status).toBe(404);
    expect(
      (await call('PATCH', `/api/v1/parties/${id.theirs}`, { row_version: 1, name: 'Mine' })).status,
    ).toBe(404);
    expect((await call('DELETE', `/api/v1/parties/${id.theirs}`)).status).toBe(404);
    expect((await call('GET', `/api/v1/parties/${id.nova}`, undefined, outsider)).status).toBe(404);
    const theirs = await call('GET', `/api/v1/parties/${id.theirs}`, undefined, outsider);
    expect(theirs.body).toMatchObject({ name: 'Nova Lane', recordings: [], contracts: [] });

    for (const [method, url, payload] of [
      ['GET', '/api/v1/parties', undefined],
      ['GET', `/api/v1/parties/${id.nova}`, undefined],
      ['POST', '/api/v1/parties', { name: 'Nope' }],
      ['PATCH', `/api/v1/parties/${id.nova}`, { row_version: 1, name: 'Nope' }],
      ['DELETE', `/api/v1/parties/${id.nova}`, undefined],
    ] as const) {
      const res = await call(method, url, payload, starter);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.error).toEqual({ code: 'plan_required', message: CATALOGUE_MESSAGES.notOnPlan });
    }
  });
});
