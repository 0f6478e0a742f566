import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { WorkDto, WorkRowDto } from '@music-review/core/contracts/catalogue';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, setPlan } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

type Account = Awaited<ReturnType<typeof adminWithLabel>>;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Page = { rows: WorkRowDto[]; total: number };

const BASE = '/api/v1/catalogue/works';
// Valid ISWCs (check digit right): T-034.524.680-1 and T-123.456.789-C style checks in core.
const ISWC_A = 'T0345246801';

describe('catalogue works: writers and their shares, versions, ISWCs and the list', () => {
  let server: TestServer;
  let admin: Account;
  let outsider: Account;
  let starter: Account;
  const party = {} as Record<'ada' | 'ben' | 'pub' | 'theirs', string>;
  let foreignWork: string;

  const call = async <T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
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
  const create = async (fields: Record<string, unknown>) => {
    const res = await call<WorkDto>('POST', BASE, fields);
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const addParty = async (
    organizationId: string,
    name: string,
    ipi: string | null = null,
    pro: string | null = null,
  ) => {
    const [row] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into parties (organization_id, name, ipi, pro) values (${organizationId}, ${name}, ${ipi}, ${pro}) returning id`,
    );
    return row!.id;
  };

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Works Lab');
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    starter = await adminWithLabel(server.app, 'Small Label');
    await setPlan(server.database, admin.organization.id, 'Label');
    await setPlan(server.database, outsider.organization.id, 'Label');
    await setPlan(server.database, starter.organization.id, 'Starter');
    party.ada = await addParty(admin.organization.id, 'Ada Writer', '00014107338', 'PRS');
    party.ben = await addParty(admin.organization.id, 'Ben Lyric');
    party.pub = await addParty(admin.organization.id, 'Big Publishing');
    party.theirs = await addParty(outsider.organization.id, 'Their Writer');
    const [row] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into works (organization_id, title) values (${outsider.organization.id}, 'Their Work') returning id`,
    );
    foreignWork = row!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds a work with writers whose shares total 100, as the first writer split version', async () => {
    const { status, body } = await call<WorkDto>('POST', BASE, {
      title: 'Gold Run',
      iswc: 't-034.524.680-1',
      writers: [
        { party_id: party.ada, role: 'composer', share: 62.5, publisher_id: party.pub },
        { party_id: party.ben, role: 'lyricist', share: 37.5 },
      ],
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      title: 'Gold Run',
      iswc: ISWC_A,
      writers: 'Ada Writer, Ben Lyric',
      shares_total: 100,
      recording_count: 0,
      row_version: 1,
      writer_rows: [
        {
          party_id: party.ada,
          name: 'Ada Writer',
          role: 'composer',
          share: 62.5,
          ipi: '00014107338',
          pro: 'PRS',
          publisher: { id: party.pub, name: 'Big Publishing' },
        },
        {
          party_id: party.ben,
          name: 'Ben Lyric',
          role: 'lyricist',
          share: 37.5,
          ipi: null,
          pro: null,
          publisher: null,
        },
      ],
    });
    expect(body.split_history).toHaveLength(1);
    expect(body.split_history[0]).toMatchObject({
      version: 1,
      changed_by: admin.reviewer.name,
      shares: [
        { id: party.ada, name: 'Ada Writer', share: 62.5, role: 'composer' },
        { id: party.ben, name: 'Ben Lyric', share: 37.5, role: 'lyricist' },
      ],
    });
    expect(body.audit[0]).toMatchObject({ action: 'create', by: admin.reviewer.name });
    const stored = await queryRows<{ share_bp: number }>(
      owner(),
      sql`select share_bp from work_writers where work_id = ${body.id} order by position`,
    );
    expect(stored.map((r) => r.share_bp)).toEqual([6250, 3750]);
  });

  it('refuses shares that do not total 100, a mistyped ISWC, one another work uses, and another label’s people', async () => {
    const short = await call<ErrorBody>('POST', BASE, {
      title: 'Short',
      writers: [{ party_id: party.ada, role: 'composer', share: 90 }],
    });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toMatch(MUSIC_CODE_MESSAGES.sharesTotal(90));
    const typo = await call<ErrorBody>('POST', BASE, { title: 'Typo', iswc: 'T0345246802' });
    expect(typo.status).toBe(400);
    expect(typo.body.error.fields?.iswc).toBe(MUSIC_CODE_MESSAGES.iswcCheckDigit);
    const taken = await call<ErrorBody>('POST', BASE, { title: 'Copy', iswc: ISWC_A });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({
      code: 'conflict',
      message: CATALOGUE_MESSAGES.iswcTaken('Gold Run'),
      fields: { iswc: CATALOGUE_MESSAGES.iswcTaken('Gold Run') },
    });
    const theirs = await call<ErrorBody>('POST', BASE, {
      title: 'Theirs',
      writers: [{ party_id: party.theirs, role: 'composer', share: 100 }],
    });
    expect(theirs.status).toBe(404);
    const theirPublisher = await call<ErrorBody>('POST', BASE, {
      title: 'Theirs',
      writers: [{ party_id: party.ada, role: 'composer', share: 100, publisher_id: party.theirs }],
    });
    expect(theirPublisher.status).toBe(404);
    const titles = await queryRows<{ title: string }>(
      owner(),
      sql`select title from works where organization_id = ${admin.organization.id}`,
    );
    expect(titles.map((t) => t.title)).toEqual(['Gold Run']);
  });

  it('versions a writer change, logs the diff, and refuses a stale row_version', async () => {
    const work = await create({
      title: 'Half Light',
      writers: [{ party_id: party.ada, role: 'composer_lyricist', share: 100 }],
    });
    const renamed = await call<WorkDto>('PATCH', `${BASE}/${work.id}`, {
      row_version: 1,
      title: 'Half Light (Intro)',
    });
    expect(renamed.body).toMatchObject({ row_version: 2, title: 'Half Light (Intro)' });
    expect(renamed.body.split_history).toHaveLength(1);
    expect(renamed.body.audit[0]!.changes).toEqual({ title: ['Half Light', 'Half Light (Intro)'] });

    const split = await call<WorkDto>('PATCH', `${BASE}/${work.id}`, {
      row_version: 2,
      writers: [
        { party_id: party.ada, role: 'composer', share: 33.34 },
        { party_id: party.ben, role: 'lyricist', share: 33.33 },
        { party_id: party.pub, role: 'arranger', share: 33.33 },
      ],
    });
    expect(split.status).toBe(200);
    expect(split.body.row_version).toBe(3);
    expect(split.body.shares_total).toBe(100);
    expect(split.body.split_history.map((v) => v.version)).toEqual([2, 1]);
    expect(split.body.audit[0]!.changes).toEqual({
      writers: [
        [{ name: 'Ada Writer', role: 'composer_lyricist', share: 100, publisher: null }],
        [
          { name: 'Ada Writer', role: 'composer', share: 33.34, publisher: null },
          { name: 'Ben Lyric', role: 'lyricist', share: 33.33, publisher: null },
          { name: 'Big Publishing', role: 'arranger', share: 33.33, publisher: null },
        ],
      ],
    });
    // The same writers again: nothing changed, no new version.
    const same = await call<WorkDto>('PATCH', `${BASE}/${work.id}`, {
      row_version: 3,
      writers: [
        { party_id: party.ada, role: 'composer', share: 33.34 },
        { party_id: party.ben, role: 'lyricist', share: 33.33 },
        { party_id: party.pub, role: 'arranger', share: 33.33 },
      ],
    });
    expect(same.body.row_version).toBe(3);
    expect(same.body.split_history).toHaveLength(2);

    const stale = await call<ErrorBody>('PATCH', `${BASE}/${work.id}`, { row_version: 2, title: 'Lost' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(CATALOGUE_MESSAGES.changedSinceRead);
    const taken = await call<ErrorBody>('PATCH', `${BASE}/${work.id}`, { row_version: 3, iswc: ISWC_A });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields?.iswc).toBe(CATALOGUE_MESSAGES.iswcTaken('Gold Run'));

    const cleared = await call<WorkDto>('PATCH', `${BASE}/${work.id}`, { row_version: 3, writers: [] });
    expect(cleared.body).toMatchObject({ row_version: 4, writers: '', shares_total: 0, writer_rows: [] });
    expect(cleared.body.split_history[0]).toMatchObject({ version: 3, shares: [] });
  });

  it('deletes a work; its recordings stay, without it, as their next version', async () => {
    const work = await create({ title: 'Short Lived' });
    const [rec] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into recordings (organization_id, title, display_artist, work_id)
          values (${admin.organization.id}, 'Take 1', 'Ada', ${work.id}) returning id`,
    );
    expect((await call<WorkDto>('GET', `${BASE}/${work.id}`)).body.recordings).toEqual([
      { id: rec!.id, title: 'Take 1', display_artist: 'Ada', isrc: null },
    ]);
    expect((await call('DELETE', `${BASE}/${work.id}`)).body).toEqual({ ok: true });
    expect((await call('GET', `${BASE}/${work.id}`)).status).toBe(404);
    const [after] = await queryRows<{ work_id: string | null; row_version: number }>(
      owner(),
      sql`select work_id, row_version from recordings where id = ${rec!.id}`,
    );
    expect(after).toEqual({ work_id: null, row_version: 2 });
  });

  describe('the list', () => {
    let grid: Account;
    const ids: Record<string, string> = {};
    const list = async (query: string) => {
      const res = await call<Page>('GET', `${BASE}?${query}`, undefined, grid);
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body;
    };
    const keys = (page: Page) => page.rows.map((r) => Object.entries(ids).find(([, id]) => id === r.id)?.[0]);

    beforeAll(async () => {
      grid = await adminWithLabel(server.app, 'Works Grid');
      await setPlan(server.database, grid.organization.id, 'Label');
      const org = grid.organization.id;
      ids.writer = await addParty(org, 'Zoe Quill');
      ids.publisher = await addParty(org, 'Quill Music');
      for (const [key, title, iswc] of [
        ['one', 'Anthem', 'T0345246801'],
        ['two', 'ballad', null],
        ['three', 'Chorus', null],
      ] as const) {
        const [row] = await queryRows<{ id: string }>(
          owner(),
          sql`insert into works (organization_id, title, iswc) values (${org}, ${title}, ${iswc}) returning id`,
        );
        ids[key] = row!.id;
      }
      await owner().execute(sql`insert into work_writers (organization_id, work_id, party_id, role, share_bp, publisher_id, position) values
        (${org}, ${ids.one}, ${ids.writer}, 'composer', 10000, null, 0),
        (${org}, ${ids.two}, ${ids.writer}, 'composer', 5000, ${ids.publisher}, 0)`);
      await owner().execute(sql`insert into recordings (organization_id, title, display_artist, work_id) values
        (${org}, 'Anthem', 'X', ${ids.one}), (${org}, 'Anthem (Live)', 'X', ${ids.one})`);
    });

    it('lists with writers, shares and recordings counted, sorted and paged', async () => {
      const all = await list('sort=title');
      expect(all.total).toBe(3);
      expect(all.rows.map((r) => [r.title, r.writers, r.shares_total, r.recording_count])).toEqual([
        ['Anthem', 'Zoe Quill', 100, 2],
        ['ballad', 'Zoe Quill', 50, 0],
        ['Chorus', '', 0, 0],
      ]);
      expect(keys(await list('sort=title&dir=desc'))).toEqual(['three', 'two', 'one']);
      expect(keys(await list('sort=iswc')).slice(0, 1)).toEqual(['one']);
      const page = await list('limit=1&offset=1');
      expect(page).toMatchObject({ total: 3 });
      expect(keys(page)).toEqual(['two']);
    });

    it('counts again once a work, its writers or a writer’s name change', async () => {
      const org = grid.organization.id;
      expect((await list('missing=shares&limit=1')).total).toBe(2);
      expect((await list('q=zoe&limit=1')).total).toBe(2);
      await owner().execute(sql`insert into work_writers (organization_id, work_id, party_id, role, share_bp)
        values (${org}, ${ids.three}, ${ids.publisher}, 'composer', 10000)`);
      expect((await list('missing=shares&limit=1')).total).toBe(1);
      await owner().execute(sql`update parties set name = 'Zed Quill' where id = ${ids.writer}`);
      expect((await list('q=zoe&limit=1')).total).toBe(0);
      await owner().execute(sql`update parties set name = 'Zoe Quill' where id = ${ids.writer}`);
      await owner().execute(sql`delete from work_writers where work_id = ${ids.three}`);
      expect((await list('missing=shares&limit=1')).total).toBe(2);
    });

    it('filters by search text (title, ISWC or writer), by person and by what is missing', async () => {
      expect(keys(await list('q=BALL'))).toEqual(['two']);
      expect(keys(await list('q=T-034.524'))).toEqual(['one']);
      expect(keys(await list('q=zoe'))).toEqual(['one', 'two']);
      expect(keys(await list(`artist=${ids.publisher}`))).toEqual(['two']);
      expect(keys(await list(`artist=${ids.writer}`))).toEqual(['one', 'two']);
      expect(keys(await list('missing=iswc'))).toEqual(['two', 'three']);
      expect(keys(await list('missing=shares'))).toEqual(['two', 'three']);
      expect(keys(await list('missing=any'))).toEqual(['two', 'three']);
      const bad = await call<ErrorBody>('GET', `${BASE}?sort=writers`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('sort: title, iswc or updated');
    });
  });

  it('answers 404 for another label’s work on every endpoint', async () => {
    const attempts = await Promise.all([
      call('GET', `${BASE}/${foreignWork}`),
      call('PATCH', `${BASE}/${foreignWork}`, { row_version: 1, title: 'Mine' }),
      call('DELETE', `${BASE}/${foreignWork}`),
    ]);
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404]);
    expect((await call<Page>('GET', `${BASE}?q=their`)).body).toEqual({ rows: [], total: 0 });
    const [row] = await queryRows<{ title: string }>(
      owner(),
      sql`select title from works where id = ${foreignWork}`,
    );
    expect(row!.title).toBe('Their Work');
  });

  it('answers 403 plan_required on every work endpoint of a label without the catalogue', async () => {
    const [row] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into works (organization_id, title) values (${starter.organization.id}, 'Small') returning id`,
    );
    const id = row!.id;
    const attempts = await Promise.all([
      call<ErrorBody>('GET', BASE, undefined, starter),
      call<ErrorBody>('GET', `${BASE}/${id}`, undefined, starter),
      call<ErrorBody>('POST', BASE, { title: 'T' }, starter),
      call<ErrorBody>('PATCH', `${BASE}/${id}`, { row_version: 1, title: 'T' }, starter),
      call<ErrorBody>('DELETE', `${BASE}/${id}`, undefined, starter),
    ]);
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.error).toEqual({ code: 'plan_required', message: CATALOGUE_MESSAGES.notOnPlan });
    }
  });
});
