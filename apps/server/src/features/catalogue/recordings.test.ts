import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type {
  RecordingDto,
  RecordingLineageDto,
  RecordingRowDto,
} from '@music-review/core/contracts/catalogue';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, memberOf, setPlan } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertReview, insertSong } from '../songs/songs.factory.ts';

type Account = Awaited<ReturnType<typeof adminWithLabel>>;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Page = { rows: RecordingRowDto[]; total: number };

const BASE = '/api/v1/catalogue/recordings';
const yy = String(new Date().getUTCFullYear() % 100).padStart(2, '0');

describe('catalogue recordings: the grid, edits, splits, ISRCs, bulk edit and lineage', () => {
  let server: TestServer;
  let admin: Account;
  let outsider: Account;
  let starter: Account;
  let colleague: Awaited<ReturnType<typeof memberOf>>;
  const party = {} as Record<'nova' | 'kite' | 'theirs', string>;
  const payee = {} as Record<'label' | 'artist' | 'theirs', string>;
  const work = {} as Record<'mine' | 'theirs', string>;
  let foreignRecording: string;

  const call = async <T>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    who: { headers: { authorization: string } } = admin,
  ) => {
    const res = await server.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json<T>() };
  };
  const owner = () => server.database.asOwner('tests build rows directly');
  /** A change that raises no version (the triggers off for its transaction): what a cache cannot see. */
  const withoutTriggers = (statement: SQL) =>
    server.database.asOwnerTransaction('tests change rows without raising the versions', async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(statement);
    });
  const create = async (fields: Record<string, unknown>) => {
    const res = await call<RecordingDto>('POST', BASE, fields);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const idOf = async (table: 'parties' | 'payees' | 'works', organizationId: string, name: string) => {
    const column = table === 'works' ? sql`title` : sql`name`;
    const [row] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into ${sql.identifier(table)} (organization_id, ${column}) values (${organizationId}, ${name}) returning id`,
    );
    return row!.id;
  };

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Catalogue Lab');
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    starter = await adminWithLabel(server.app, 'Small Label');
    colleague = await memberOf(server.app, admin.inviteCode);
    await setPlan(server.database, admin.organization.id, 'Label');
    await setPlan(server.database, outsider.organization.id, 'Label');
    await setPlan(server.database, starter.organization.id, 'Starter');
    const org = admin.organization.id;
    party.nova = await idOf('parties', org, 'Nova Lane');
    party.kite = await idOf('parties', org, 'Kite Club');
    party.theirs = await idOf('parties', outsider.organization.id, 'Their Artist');
    payee.label = await idOf('payees', org, 'Catalogue Lab Ltd');
    payee.artist = await idOf('payees', org, 'Nova Lane Music');
    payee.theirs = await idOf('payees', outsider.organization.id, 'Their Payee');
    work.mine = await idOf('works', org, 'Gold Run (composition)');
    work.theirs = await idOf('works', outsider.organization.id, 'Their Work');
    const [theirs] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into recordings (organization_id, title, display_artist, isrc)
          values (${outsider.organization.id}, 'Theirs', 'Someone', 'GBXYZ2600001') returning id`,
    );
    foreignRecording = theirs!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds a recording with its credits and work, normalising its ISRC, and logs it', async () => {
    const { status, body } = await call<RecordingDto>('POST', BASE, {
      title: 'Gold Run',
      display_artist: 'Nova Lane feat. Kite Club',
      isrc: 'gb-abc-26-00011',
      duration_seconds: 201,
      version: '',
      work_id: work.mine.toUpperCase(),
      artists: [
        // An id in capitals is the same id.
        { party_id: party.nova.toUpperCase(), role: 'primary' },
        { party_id: party.kite, role: 'featured' },
      ],
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      title: 'Gold Run',
      version: null,
      isrc: 'GBABC2600011',
      origin: 'manual',
      row_version: 1,
      has_work: true,
      has_master_split: false,
      release_count: 0,
      work: { id: work.mine, title: 'Gold Run (composition)', iswc: null },
      artists: [
        { id: party.nova, name: 'Nova Lane', role: 'primary' },
        { id: party.kite, name: 'Kite Club', role: 'featured' },
      ],
    });
    expect(body.audit).toHaveLength(1);
    expect(body.audit[0]).toMatchObject({ action: 'create', by: admin.reviewer.name });
    expect(body.audit[0]!.changes).toMatchObject({
      title: [null, 'Gold Run'],
      isrc: [null, 'GBABC2600011'],
      work_id: [null, work.mine],
      artists: [
        [],
        [
          { id: party.nova, name: 'Nova Lane', role: 'primary' },
          { id: party.kite, name: 'Kite Club', role: 'featured' },
        ],
      ],
    });
  });

  it('refuses an ISRC another recording of the label uses, naming it; another label’s use is no conflict', async () => {
    const taken = await call<ErrorBody>('POST', BASE, {
      title: 'Copy',
      display_artist: 'X',
      isrc: 'GBABC2600011',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('conflict');
    expect(taken.body.error.message).toBe(CATALOGUE_MESSAGES.isrcTaken('Gold Run'));
    expect(taken.body.error.fields).toEqual({ isrc: CATALOGUE_MESSAGES.isrcTaken('Gold Run') });
    const elsewhere = await call<RecordingDto>('POST', BASE, {
      title: 'Fine',
      display_artist: 'X',
      isrc: 'GBXYZ2600001',
    });
    expect(elsewhere.status).toBe(201);
    const bad = await call<ErrorBody>('POST', BASE, {
      title: 'Bad',
      display_artist: 'X',
      isrc: 'GBABC26O0001',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields?.isrc).toBe(MUSIC_CODE_MESSAGES.isrcLetterO);
    const untitled = await call<ErrorBody>('POST', BASE, { title: ' ', display_artist: 'X' });
    expect(untitled.status).toBe(400);
    expect(untitled.body.error.fields?.title).toBe(CATALOGUE_MESSAGES.titleRequired);
  });

  it('refuses another label’s people and works, and a credit given twice', async () => {
    const person = await call<ErrorBody>('POST', BASE, {
      title: 'T',
      display_artist: 'A',
      artists: [{ party_id: party.theirs, role: 'primary' }],
    });
    expect(person.status).toBe(404);
    const theirWork = await call<ErrorBody>('POST', BASE, {
      title: 'T',
      display_artist: 'A',
      work_id: work.theirs,
    });
    expect(theirWork.status).toBe(404);
    const twice = await call<ErrorBody>('POST', BASE, {
      title: 'T',
      display_artist: 'A',
      artists: [
        { party_id: party.nova, role: 'primary' },
        { party_id: party.nova, role: 'primary' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.fields).toEqual({ 'artists.1': 'This person is already credited in this role' });
  });

  it('saves an edit as the next version with its diff in the audit log; a stale version is refused', async () => {
    const created = await create({ title: 'Half Light', display_artist: 'Kite Club' });
    const edit = await call<RecordingDto>('PATCH', `${BASE}/${created.id}`, {
      row_version: 1,
      genre: 'Pop',
      title: 'Half Light',
      artists: [{ party_id: party.kite, role: 'primary' }],
    });
    expect(edit.status).toBe(200);
    expect(edit.body.row_version).toBe(2);
    expect(edit.body.genre).toBe('Pop');
    expect(edit.body.artists).toEqual([{ id: party.kite, name: 'Kite Club', role: 'primary' }]);
    expect(Date.parse(edit.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
    const [latest] = edit.body.audit;
    expect(latest).toMatchObject({ action: 'update', by: admin.reviewer.name });
    expect(latest!.changes).toEqual({
      genre: [null, 'Pop'],
      artists: [[], [{ id: party.kite, name: 'Kite Club', role: 'primary' }]],
    });

    // The colleague opened version 1 too: their save is refused and nothing of it is written.
    const stale = await call<ErrorBody>(
      'PATCH',
      `${BASE}/${created.id}`,
      { row_version: 1, genre: 'Rock' },
      colleague,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({
      code: 'conflict',
      message: CATALOGUE_MESSAGES.changedSinceRead,
    });
    expect((await call<RecordingDto>('GET', `${BASE}/${created.id}`)).body.genre).toBe('Pop');

    const taken = await call<ErrorBody>('PATCH', `${BASE}/${created.id}`, {
      row_version: 2,
      isrc: 'GBABC2600011',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields?.isrc).toBe(CATALOGUE_MESSAGES.isrcTaken('Gold Run'));
    const noVersion = await call<ErrorBody>('PATCH', `${BASE}/${created.id}`, { genre: 'Rock' });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.error.fields?.row_version).toBeDefined();
  });

  it('refuses to delete a recording that is on a release, and deletes one that is not', async () => {
    const onRelease = await create({ title: 'Track One', display_artist: 'Nova Lane' });
    const loose = await create({ title: 'Loose End', display_artist: 'Nova Lane' });
    const org = admin.organization.id;
    const [release] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into releases (organization_id, title, display_artist) values (${org}, 'First EP', 'Nova Lane') returning id`,
    );
    await owner().execute(sql`insert into release_tracks (organization_id, release_id, recording_id, track_number)
      values (${org}, ${release!.id}, ${onRelease.id}, 1)`);
    const refused = await call<ErrorBody>('DELETE', `${BASE}/${onRelease.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CATALOGUE_MESSAGES.recordingInRelease('First EP'));
    const shown = await call<RecordingDto>('GET', `${BASE}/${onRelease.id}`);
    expect(shown.body.releases).toEqual([
      { id: release!.id, title: 'First EP', disc_number: 1, track_number: 1 },
    ]);
    expect(shown.body.release_count).toBe(1);

    expect((await call('DELETE', `${BASE}/${loose.id}`)).body).toEqual({ ok: true });
    expect((await call('GET', `${BASE}/${loose.id}`)).status).toBe(404);
  });

  it('replaces the master split as a new version, exact to the hundredth, newest version first', async () => {
    const rec = await create({ title: 'Split Me', display_artist: 'Nova Lane' });
    const url = `${BASE}/${rec.id}/splits`;
    const first = await call<RecordingDto>('PUT', url, {
      row_version: 1,
      splits: [
        { payee_id: payee.label, share: 66.67 },
        { payee_id: payee.artist, share: 33.33 },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body.row_version).toBe(2);
    expect(first.body.has_master_split).toBe(true);
    expect(first.body.master_splits).toEqual([
      { payee_id: payee.label, name: 'Catalogue Lab Ltd', share: 66.67 },
      { payee_id: payee.artist, name: 'Nova Lane Music', share: 33.33 },
    ]);
    const stored = await queryRows<{ share_bp: number }>(
      owner(),
      sql`select share_bp from master_splits where recording_id = ${rec.id} order by share_bp`,
    );
    expect(stored.map((r) => r.share_bp)).toEqual([3333, 6667]);

    const second = await call<RecordingDto>(
      'PUT',
      url,
      { row_version: 2, splits: [{ payee_id: payee.artist, share: 100 }] },
      colleague,
    );
    expect(second.status).toBe(200);
    expect(second.body.split_history.map((v) => [v.version, v.changed_by, v.shares])).toEqual([
      [2, colleague.reviewer.name, [{ id: payee.artist, name: 'Nova Lane Music', share: 100 }]],
      [
        1,
        admin.reviewer.name,
        [
          { id: payee.label, name: 'Catalogue Lab Ltd', share: 66.67 },
          { id: payee.artist, name: 'Nova Lane Music', share: 33.33 },
        ],
      ],
    ]);
    expect(second.body.audit[0]).toMatchObject({ action: 'splits', by: colleague.reviewer.name });

    const stale = await call<ErrorBody>('PUT', url, {
      row_version: 2,
      splits: [{ payee_id: payee.label, share: 100 }],
    });
    expect(stale.status).toBe(409);
    const total = await call<ErrorBody>('PUT', url, {
      row_version: 3,
      splits: [
        { payee_id: payee.label, share: 50 },
        { payee_id: payee.artist, share: 49.99 },
      ],
    });
    expect(total.status).toBe(400);
    expect(total.body.error.message).toMatch(/Shares must total 100%; they total 99.99%/);
    const decimals = await call<ErrorBody>('PUT', url, {
      row_version: 3,
      splits: [
        { payee_id: payee.label, share: 50.005 },
        { payee_id: payee.artist, share: 49.995 },
      ],
    });
    expect(decimals.status).toBe(400);
    expect(decimals.body.error.message).toMatch(MUSIC_CODE_MESSAGES.shareDecimals);
    const theirs = await call<ErrorBody>('PUT', url, {
      row_version: 3,
      splits: [{ payee_id: payee.theirs, share: 100 }],
    });
    expect(theirs.status).toBe(404);
    const twice = await call<ErrorBody>('PUT', url, {
      row_version: 3,
      splits: [
        { payee_id: payee.label, share: 50 },
        { payee_id: payee.label, share: 50 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(Object.keys(twice.body.error.fields ?? {})).toEqual(['splits.1.payee_id']);
    // Nothing of the refused saves was written.
    expect((await call<RecordingDto>('GET', `${BASE}/${rec.id}`)).body.row_version).toBe(3);
  });

  it('assigns the next ISRC from the prefix, restarting each year and skipping codes in use', async () => {
    const org = admin.organization.id;
    const a = await create({ title: 'Assign A', display_artist: 'Nova Lane' });
    const noPrefix = await call<ErrorBody>('POST', `${BASE}/${a.id}/assign-isrc`);
    expect(noPrefix.status).toBe(400);
    expect(noPrefix.body.error).toEqual({ code: 'bad_request', message: CATALOGUE_MESSAGES.noIsrcPrefix });

    // Last year's counter stood at 57: the new year starts at 1; 00002 is already typed in.
    await owner().execute(sql`insert into catalogue_settings (organization_id, isrc_prefix, isrc_year, isrc_next_number)
      values (${org}, 'QZABC', ${(Number(yy) + 99) % 100}, 57)`);
    await create({ title: 'Typed In', display_artist: 'X', isrc: `QZABC${yy}00002` });
    const first = await call<RecordingDto>('POST', `${BASE}/${a.id}/assign-isrc`);
    expect(first.status).toBe(200);
    expect(first.body.isrc).toBe(`QZABC${yy}00001`);
    expect(first.body.row_version).toBe(2);
    expect(first.body.audit[0]).toMatchObject({
      action: 'assign_isrc',
      changes: { isrc: [null, `QZABC${yy}00001`] },
    });

    const again = await call<ErrorBody>('POST', `${BASE}/${a.id}/assign-isrc`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CATALOGUE_MESSAGES.isrcAlreadySet);

    // Two assignments at once take two numbers, both past the one in use.
    const b = await create({ title: 'Assign B', display_artist: 'Nova Lane' });
    const c = await create({ title: 'Assign C', display_artist: 'Nova Lane' });
    const both = await Promise.all([
      call<RecordingDto>('POST', `${BASE}/${b.id}/assign-isrc`),
      call<RecordingDto>('POST', `${BASE}/${c.id}/assign-isrc`, undefined, colleague),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.isrc).sort()).toEqual([`QZABC${yy}00003`, `QZABC${yy}00004`]);
    const [counter] = await queryRows<{ isrc_year: number; isrc_next_number: number }>(
      owner(),
      sql`select isrc_year, isrc_next_number from catalogue_settings where organization_id = ${org}`,
    );
    expect(counter).toEqual({ isrc_year: Number(yy), isrc_next_number: 5 });
  });

  it('bulk edits many recordings in one go, one audit entry each, and nothing when an id is not the label’s', async () => {
    const a = await create({ title: 'Bulk A', display_artist: 'Bulk Artist', genre: 'Pop' });
    const b = await create({ title: 'Bulk B', display_artist: 'Bulk Artist' });
    const refused = await call<ErrorBody>('POST', `${BASE}/bulk`, {
      ids: [a.id, foreignRecording],
      set: { genre: 'Jazz' },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toMatch(
      /1 of the chosen recordings is not in your catalogue; nothing was changed/,
    );
    expect((await call<RecordingDto>('GET', `${BASE}/${a.id}`)).body.genre).toBe('Pop');

    const done = await call<{ updated: number }>('POST', `${BASE}/bulk`, {
      ids: [a.id, b.id, b.id],
      set: { genre: 'Jazz', explicit: true, language: '' },
    });
    expect(done).toEqual({ status: 200, body: { updated: 2 } });
    const after = await call<RecordingDto>('GET', `${BASE}/${b.id}`);
    expect(after.body).toMatchObject({ genre: 'Jazz', explicit: true, language: null, row_version: 2 });
    expect(after.body.audit[0]).toMatchObject({
      action: 'bulk_update',
      changes: { genre: [null, 'Jazz'], explicit: [false, true] },
    });
    const entries = await queryRows<{ n: number }>(
      owner(),
      sql`select count(*)::int as n from catalogue_audit where action = 'bulk_update' and entity_id in (${a.id}, ${b.id})`,
    );
    expect(entries[0]!.n).toBe(2);
    const empty = await call<ErrorBody>('POST', `${BASE}/bulk`, { ids: [a.id], set: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/choose at least one field/);
  });

  describe('the grid', () => {
    const ids: Record<string, string> = {};
    let list: (query: string) => Promise<Page>;
    let grid: Account;

    beforeAll(async () => {
      // A label of its own, so the rows of the other tests do not count.
      grid = await adminWithLabel(server.app, 'Grid Label');
      await setPlan(server.database, grid.organization.id, 'Label');
      list = async (query) => {
        const res = await call<Page>('GET', `${BASE}?${query}`, undefined, grid);
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
        return res.body;
      };
      const org = grid.organization.id;
      const rows = [
        {
          key: 'alpha',
          title: 'Alpha',
          artist: 'Zed',
          isrc: 'GBAAA2600001',
          year: 2001,
          origin: 'imported',
          updated: '2026-01-05',
        },
        {
          key: 'beta',
          title: 'beta',
          artist: 'Moon Unit',
          isrc: null,
          year: 2010,
          origin: 'manual',
          updated: '2026-01-01',
        },
        {
          key: 'gamma',
          title: 'Gamma Ray',
          artist: 'moon unit',
          isrc: 'GBAAA2600003',
          year: null,
          origin: 'demo',
          updated: '2026-01-03',
        },
        {
          key: 'delta',
          title: 'Delta',
          artist: 'Árvore',
          isrc: 'GBAAA2600002',
          year: 2010,
          origin: 'imported',
          updated: '2026-01-04',
        },
        {
          key: 'epsilon',
          title: 'Alpha',
          artist: 'Yonder',
          isrc: null,
          year: 1999,
          origin: 'manual',
          updated: '2026-01-02',
        },
      ];
      for (const r of rows) {
        const [row] = await queryRows<{ id: string }>(
          owner(),
          sql`insert into recordings (organization_id, title, display_artist, isrc, recording_year, origin, updated_at)
              values (${org}, ${r.title}, ${r.artist}, ${r.isrc}, ${r.year}, ${r.origin}, ${r.updated}::timestamptz) returning id`,
        );
        ids[r.key] = row!.id;
      }
      const [person] = await queryRows<{ id: string }>(
        owner(),
        sql`insert into parties (organization_id, name) values (${org}, 'Moon Unit') returning id`,
      );
      ids.moon = person!.id;
      await owner().execute(sql`insert into recording_artists (organization_id, recording_id, party_id, role) values
        (${org}, ${ids.beta}, ${ids.moon}, 'primary'), (${org}, ${ids.gamma}, ${ids.moon}, 'featured')`);
      const [p] = await queryRows<{ id: string }>(
        owner(),
        sql`insert into payees (organization_id, name) values (${org}, 'Grid Payee') returning id`,
      );
      await owner().execute(sql`insert into master_splits (organization_id, recording_id, payee_id, share_bp)
        values (${org}, ${ids.alpha}, ${p!.id}, 10000), (${org}, ${ids.delta}, ${p!.id}, 10000)`);
      const [w] = await queryRows<{ id: string }>(
        owner(),
        sql`insert into works (organization_id, title) values (${org}, 'W') returning id`,
      );
      await owner().execute(
        sql`update recordings set work_id = ${w!.id} where id in (${ids.alpha}, ${ids.beta})`,
      );
      const releases = await queryRows<{ id: string }>(
        owner(),
        sql`insert into releases (organization_id, title, display_artist) values (${org}, 'R1', 'Zed'), (${org}, 'R2', 'Zed') returning id`,
      );
      await owner().execute(sql`insert into release_tracks (organization_id, release_id, recording_id, track_number) values
        (${org}, ${releases[0]!.id}, ${ids.alpha}, 1), (${org}, ${releases[1]!.id}, ${ids.alpha}, 1)`);
    });

    const keys = (page: Page) => page.rows.map((r) => Object.entries(ids).find(([, id]) => id === r.id)?.[0]);

    it('sorts by title, artist, year, ISRC and last change, ties broken by id, both ways', async () => {
      const byId = (...keys: string[]) => keys.map((k) => ids[k]!).sort();
      const [alpha1, alpha2] = byId('alpha', 'epsilon');
      const byTitle = await list('sort=title');
      expect(byTitle.total).toBe(5);
      expect(byTitle.rows.map((r) => r.id)).toEqual([alpha1, alpha2, ids.beta, ids.delta, ids.gamma]);
      const byTitleDesc = await list('sort=title&dir=desc');
      expect(byTitleDesc.rows.map((r) => r.id)).toEqual([ids.gamma, ids.delta, ids.beta, alpha2, alpha1]);
      // Case ignored ("Moon Unit" and "moon unit" tie, then the id decides); accented letters after z.
      const byArtist = await list('sort=artist');
      expect(byArtist.rows.map((r) => r.id)).toEqual([
        ...byId('beta', 'gamma'),
        ids.epsilon,
        ids.alpha,
        ids.delta,
      ]);
      // Without a year last (first when descending), as the index keeps them.
      const byYear = await list('sort=year');
      expect(byYear.rows.map((r) => r.id)).toEqual([
        ids.epsilon,
        ids.alpha,
        ...byId('beta', 'delta'),
        ids.gamma,
      ]);
      expect(keys(await list('sort=year&dir=desc'))[0]).toBe('gamma');
      expect(keys(await list('sort=isrc')).slice(0, 3)).toEqual(['alpha', 'delta', 'gamma']);
      expect(keys(await list('sort=isrc&dir=desc')).slice(2)).toEqual(['gamma', 'delta', 'alpha']);
      expect(keys(await list('sort=updated&dir=desc'))).toEqual([
        'alpha',
        'delta',
        'gamma',
        'epsilon',
        'beta',
      ]);
    });

    it('pages with limit and offset, counting every match', async () => {
      const all = (await list('sort=updated')).rows.map((r) => r.id);
      const first = await list('sort=updated&limit=2');
      const second = await list('sort=updated&limit=2&offset=2');
      const last = await list('sort=updated&limit=2&offset=4');
      expect([first.total, second.total, last.total]).toEqual([5, 5, 5]);
      expect([...first.rows, ...second.rows, ...last.rows].map((r) => r.id)).toEqual(all);
      expect(await list('limit=2&offset=10')).toEqual({ rows: [], total: 5 });
      const bad = await call<ErrorBody>('GET', `${BASE}?limit=500`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('limit: must be between 1 and 200');
    });

    it('searches inside words, in any case, with short and non-Latin queries, never another label’s rows', async () => {
      // "Search catalogue" finds a title or an artist that contains the query anywhere, whatever
      // the script, and only the label's own.
      const searching = await adminWithLabel(server.app, 'Search Label');
      const elsewhere = await adminWithLabel(server.app, 'Search Elsewhere');
      await setPlan(server.database, searching.organization.id, 'Label');
      const titles = [
        ['Nightfall (Extended Mix)', 'Maya Torres feat. Leo Kim'],
        ['東京の夜', '宇多田ヒカル'],
        ['Ça Plane Pour Moi', 'Plastic Bertrand'],
      ];
      for (const [label, rows] of [
        [searching, titles],
        [elsewhere, [['Nightfall', 'Maya Torres']]],
      ] as const)
        for (const [title, artist] of rows)
          await owner().execute(sql`insert into recordings (organization_id, title, display_artist, origin)
            values (${label.organization.id}, ${title}, ${artist}, 'manual')`);
      const found = async (q: string) => {
        const res = await call<Page>(
          'GET',
          `${BASE}?q=${encodeURIComponent(q)}&sort=title`,
          undefined,
          searching,
        );
        expect(res.status, q).toBe(200);
        expect(res.body.total, q).toBe(res.body.rows.length);
        return res.body.rows.map((r) => r.title);
      };
      expect(await found('TORRES')).toEqual(['Nightfall (Extended Mix)']);
      expect(await found('ightfal')).toEqual(['Nightfall (Extended Mix)']);
      expect(await found('ended mix')).toEqual(['Nightfall (Extended Mix)']);
      expect(await found('leo kim')).toEqual(['Nightfall (Extended Mix)']);
      expect(await found('ni')).toEqual(['Nightfall (Extended Mix)']);
      expect(await found('東京')).toEqual(['東京の夜']);
      expect(await found('ヒカル')).toEqual(['東京の夜']);
      expect(await found('ça pl')).toEqual(['Ça Plane Pour Moi']);
      expect(await found('pour moi')).toEqual(['Ça Plane Pour Moi']);
      expect(await found('tic bert')).toEqual(['Ça Plane Pour Moi']);
      expect(await found('night fall')).toEqual([]);
      expect(await found('xyz')).toEqual([]);
    });

    it('filters by search text (title, artist or ISRC, any case), artist, year, origin and missing data', async () => {
      expect(keys(await list('q=ALPH'))).toEqual(expect.arrayContaining(['alpha', 'epsilon']));
      expect((await list('q=ALPH')).total).toBe(2);
      expect(keys(await list('q=moon&sort=year'))).toEqual(['beta', 'gamma']);
      expect(keys(await list('q=gb-aaa-26-00002'))).toEqual(['delta']);
      expect(keys(await list('q=100%25'))).toEqual([]);
      expect(keys(await list(`artist=${ids.moon}`))).toEqual(['beta', 'gamma']);
      expect(keys(await list('year=2010'))).toEqual(['beta', 'delta']);
      expect(keys(await list('origin=imported'))).toEqual(['alpha', 'delta']);
      expect(keys(await list('missing=isrc'))).toEqual(['epsilon', 'beta']);
      expect(keys(await list('missing=work'))).toEqual(['epsilon', 'delta', 'gamma']);
      expect(keys(await list('missing=split'))).toEqual(['epsilon', 'beta', 'gamma']);
      expect((await list('missing=any')).total).toBe(4);
      const bad = await call<ErrorBody>('GET', `${BASE}?missing=everything`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('missing: isrc, work, split or any');
    });

    it('counts again once the label’s data changes, whoever changes it', async () => {
      // A page as long as its limit is counted (and the count kept until the label's data changes).
      expect((await list('limit=1')).total).toBe(5);
      expect((await list('missing=split&limit=1')).total).toBe(3);
      expect((await list(`artist=${ids.moon}&limit=1`)).total).toBe(2);
      const org = grid.organization.id;
      // Another writer (an import, a signed song) adds a recording straight to the table.
      const [zeta] = await queryRows<{ id: string }>(
        owner(),
        sql`insert into recordings (organization_id, title, display_artist) values (${org}, 'Zeta', 'Zed') returning id`,
      );
      expect((await list('limit=1')).total).toBe(6);
      expect((await list('missing=split&limit=1')).total).toBe(4);
      const [p] = await queryRows<{ id: string }>(
        owner(),
        sql`select id from payees where organization_id = ${org}`,
      );
      await owner().execute(sql`insert into master_splits (organization_id, recording_id, payee_id, share_bp)
        values (${org}, ${zeta!.id}, ${p!.id}, 10000)`);
      expect((await list('missing=split&limit=1')).total).toBe(3);
      await owner().execute(sql`insert into recording_artists (organization_id, recording_id, party_id, role)
        values (${org}, ${zeta!.id}, ${ids.moon}, 'remixer')`);
      expect((await list(`artist=${ids.moon}&limit=1`)).total).toBe(3);
      await owner().execute(sql`delete from master_splits where recording_id = ${zeta!.id}`);
      expect((await call('DELETE', `${BASE}/${zeta!.id}`, undefined, grid)).status).toBe(200);
      expect((await list('limit=1')).total).toBe(5);
      expect((await list(`artist=${ids.moon}&limit=1`)).total).toBe(2);
    });

    it('answers pages asked together right after a change with the new total', async () => {
      expect((await list('limit=1')).total).toBe(5);
      const [eta] = await queryRows<{ id: string }>(
        owner(),
        sql`insert into recordings (organization_id, title, display_artist)
            values (${grid.organization.id}, 'Eta', 'Zed') returning id`,
      );
      const pages = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((offset) => list(`sort=title&limit=1&offset=${offset}`)),
      );
      expect(pages.map((page) => page.total)).toEqual([6, 6, 6, 6, 6, 6]);
      expect(new Set(pages.map((page) => page.rows[0]?.id)).size).toBe(6);
      await owner().execute(sql`delete from recordings where id = ${eta!.id}`);
      expect((await list('limit=1')).total).toBe(5);
    });

    it('answers a page asked again from memory until the label’s data changes, never past the plan gate', async () => {
      const org = grid.organization.id;
      const before = await list('sort=title&limit=2');
      const first = before.rows[0]!;
      // A change made with the triggers off raises no data version: the kept page does not see it,
      // which shows the page came from memory.
      await withoutTriggers(sql`update recordings set title = 'Aaa unseen' where id = ${first.id}`);
      expect(await list('sort=title&limit=2')).toEqual(before);
      // Another label asking the same page gets its own rows, not this label's kept page.
      const theirs = await call<Page>('GET', `${BASE}?sort=title&limit=2`, undefined, outsider);
      expect(theirs.status).toBe(200);
      expect(theirs.body.rows.map((row) => row.id)).not.toContain(first.id);
      // A plan without the catalogue is refused even though the page is kept.
      await setPlan(server.database, org, 'Starter');
      const refused = await call<ErrorBody>('GET', `${BASE}?sort=title&limit=2`, undefined, grid);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('plan_required');
      await setPlan(server.database, org, 'Label');
      // Any change that raises the version (here the title put back through the table) is seen at once.
      await owner().execute(sql`update recordings set title = ${first.title} where id = ${first.id}`);
      await owner().execute(sql`update recordings set genre = 'Jazz' where id = ${first.id}`);
      const after = await list('sort=title&limit=2');
      expect(after.rows[0]).toMatchObject({ id: first.id, title: first.title, genre: 'Jazz' });
    });

    it('keeps its totals through a save of what no list counts, and counts again after one that changes a count', async () => {
      const before = await list('missing=isrc&limit=1');
      expect(before.total).toBeGreaterThanOrEqual(2);
      const target = before.rows[0]!;
      // The target gets an ISRC with the triggers off: no version rises, so a kept total stays as it was.
      await withoutTriggers(sql`update recordings set isrc = 'GBZZZ2600099' where id = ${target.id}`);
      // Saving its genre raises the data version but not the count version: the page's rows are read
      // again by id (the target in its place, with the ISRC it was given) and the total is the kept one.
      const genre = await call<RecordingDto>(
        'PATCH',
        `${BASE}/${target.id}`,
        { row_version: target.row_version, genre: target.genre === 'Blues' ? 'Soul' : 'Blues' },
        grid,
      );
      expect(genre.status).toBe(200);
      const afterGenre = await list('missing=isrc&limit=1');
      expect(afterGenre.rows.map((row) => [row.id, row.isrc])).toEqual([[target.id, 'GBZZZ2600099']]);
      expect(afterGenre.total).toBe(before.total);
      // Saving its title may change what a search counts: counted again, the ISRC now seen too.
      const title = await call<RecordingDto>(
        'PATCH',
        `${BASE}/${target.id}`,
        { row_version: genre.body.row_version, title: `${target.title} (edit)` },
        grid,
      );
      expect(title.status).toBe(200);
      expect((await list('missing=isrc&limit=1')).total).toBe(before.total - 1);
      // As it was, for the tests after.
      await owner().execute(
        sql`update recordings set isrc = null, title = ${target.title}, genre = ${target.genre} where id = ${target.id}`,
      );
      expect((await list('missing=isrc&limit=1')).total).toBe(before.total);
    });

    it('tells each row whether it has a work and a master split, and on how many releases it is', async () => {
      const alpha = (await list('q=zed')).rows[0]!;
      expect(alpha).toMatchObject({
        has_work: true,
        has_master_split: true,
        release_count: 2,
        origin: 'imported',
      });
      const gamma = (await list('q=gamma')).rows[0]!;
      expect(gamma).toMatchObject({ has_work: false, has_master_split: false, release_count: 0 });
    });
  });

  describe('lineage', () => {
    it('shows the demo, its reviews’ averages, the decision and the contract with its signatures', async () => {
      const org = admin.organization.id;
      const song = await insertSong(owner(), {
        organizationId: org,
        title: 'Demo Song',
        artist: 'Nova Lane',
        status: 'signed',
        submittedAt: new Date('2026-03-01T10:00:00Z'),
      });
      await insertReview(owner(), {
        organizationId: org,
        songId: song.id,
        reviewerId: admin.reviewer.id,
        scores: [8, 7, 9],
      });
      await insertReview(owner(), {
        organizationId: org,
        songId: song.id,
        reviewerId: colleague.reviewer.id,
        scores: [5, 6, 6],
      });
      const [contract] = await queryRows<{ id: string }>(
        owner(),
        sql`insert into contracts (organization_id, song_id, artist_name, status, title, created_at)
            values (${org}, ${song.id}, 'Nova Lane', 'signed', '', '2026-03-10T09:00:00Z') returning id`,
      );
      await owner().execute(sql`insert into contract_signers (organization_id, contract_id, name, email, position, status, signed_at)
        values (${org}, ${contract!.id}, 'Nova Lane', 'nova@example.test', 0, 'signed', '2026-03-12T08:00:00Z'),
               (${org}, ${contract!.id}, 'Label Boss', 'boss@example.test', 1, 'pending', null)`);
      const [rec] = await queryRows<{ id: string }>(
        owner(),
        sql`insert into recordings (organization_id, title, display_artist, origin, song_id)
            values (${org}, 'Demo Song', 'Nova Lane', 'demo', ${song.id}) returning id`,
      );
      const { status, body } = await call<RecordingLineageDto>('GET', `${BASE}/${rec!.id}/lineage`);
      expect(status).toBe(200);
      expect(body).toEqual({
        song: {
          id: song.id,
          title: 'Demo Song',
          artist: 'Nova Lane',
          submitted_at: '2026-03-01T10:00:00.000Z',
        },
        averages: { musical: 6.5, artist: 6.5, overall: 7.5, reviews: 2 },
        // The recording was made just now; the contract of 10 March came first.
        decision: { status: 'signed', decided_at: '2026-03-10T09:00:00.000Z' },
        contracts: [
          {
            id: contract!.id,
            title: 'Recording agreement',
            status: 'signed',
            signers: [
              { name: 'Nova Lane', signed_at: '2026-03-12T08:00:00.000Z' },
              { name: 'Label Boss', signed_at: null },
            ],
          },
        ],
      });
      const manual = await create({ title: 'No Demo', display_artist: 'X' });
      expect((await call('GET', `${BASE}/${manual.id}/lineage`)).body).toEqual({
        song: null,
        averages: { musical: null, artist: null, overall: null, reviews: 0 },
        decision: null,
        contracts: [],
      });
    });
  });

  it('answers 404 for another label’s recording on every endpoint, and leaves it as it was', async () => {
    const id = foreignRecording;
    const attempts = await Promise.all([
      call('GET', `${BASE}/${id}`),
      call('PATCH', `${BASE}/${id}`, { row_version: 1, title: 'Mine now' }),
      call('DELETE', `${BASE}/${id}`),
      call('PUT', `${BASE}/${id}/splits`, {
        row_version: 1,
        splits: [{ payee_id: payee.label, share: 100 }],
      }),
      call('POST', `${BASE}/${id}/assign-isrc`),
      call('GET', `${BASE}/${id}/lineage`),
      call('GET', `${BASE}/not-a-uuid`),
    ]);
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    // A search runs outside row-level security (its statements filter on the label themselves):
    // another label's recording with the same title or ISRC never shows.
    const listed = await call<Page>('GET', `${BASE}?q=theirs`);
    expect(listed.body).toEqual({ rows: [], total: 0 });
    const sameIsrc = await call<Page>('GET', `${BASE}?q=GB-XYZ-26-00001&limit=1`);
    expect(sameIsrc.body.total).toBe(1);
    expect(sameIsrc.body.rows.map((r) => r.title)).toEqual(['Fine']);
    const [row] = await queryRows<{ title: string; row_version: number }>(
      owner(),
      sql`select title, row_version from recordings where id = ${id}`,
    );
    expect(row).toEqual({ title: 'Theirs', row_version: 1 });
  });

  it('answers 403 plan_required on every recording endpoint of a label without the catalogue', async () => {
    const [rec] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into recordings (organization_id, title, display_artist)
          values (${starter.organization.id}, 'Small', 'Small') returning id`,
    );
    const id = rec!.id;
    const attempts = await Promise.all([
      call<ErrorBody>('GET', BASE, undefined, starter),
      call<ErrorBody>('GET', `${BASE}?q=small`, undefined, starter),
      call<ErrorBody>('GET', `${BASE}/${id}`, undefined, starter),
      call<ErrorBody>('POST', BASE, { title: 'T', display_artist: 'A' }, starter),
      call<ErrorBody>('PATCH', `${BASE}/${id}`, { row_version: 1, title: 'T' }, starter),
      call<ErrorBody>('DELETE', `${BASE}/${id}`, undefined, starter),
      call<ErrorBody>(
        'PUT',
        `${BASE}/${id}/splits`,
        { row_version: 1, splits: [{ payee_id: payee.label, share: 100 }] },
        starter,
      ),
      call<ErrorBody>('POST', `${BASE}/${id}/assign-isrc`, undefined, starter),
      call<ErrorBody>('POST', `${BASE}/bulk`, { ids: [id], set: { genre: 'Pop' } }, starter),
      call<ErrorBody>('GET', `${BASE}/${id}/lineage`, undefined, starter),
    ]);
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.error).toEqual({ code: 'plan_required', message: CATALOGUE_MESSAGES.notOnPlan });
    }
    const [still] = await queryRows<{ n: number }>(
      owner(),
      sql`select count(*)::int as n from recordings where organization_id = ${starter.organization.id}`,
    );
    expect(still!.n).toBe(1);
  });
});
