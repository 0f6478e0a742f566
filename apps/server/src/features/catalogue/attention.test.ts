import { ATTENTION_KINDS, type AttentionKind, CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { AttentionItemDto } from '@music-review/core/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, setPlan } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

type Account = Awaited<ReturnType<typeof adminWithLabel>>;
type Attention = { items: AttentionItemDto[]; counts: Record<AttentionKind, number> };

const URL = '/api/v1/catalogue/attention';

describe('catalogue: Needs attention lists conflicts and gaps, each linked to its fix', () => {
  let server: TestServer;
  let admin: Account;
  let outsider: Account;
  let starter: Account;
  const id: Record<string, string> = {};

  const get = async <T>(query = '', who: Account = admin) => {
    const res = await server.app.inject({ method: 'GET', url: `${URL}${query}`, headers: who.headers });
    return { status: res.statusCode, body: res.json<T>() };
  };
  const owner = () => server.database.asOwner('tests build rows directly');
  const insert = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ id: string }>(owner(), query))[0]!.id;

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Attention Lab');
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    starter = await adminWithLabel(server.app, 'Small Label');
    await setPlan(server.database, admin.organization.id, 'Label');
    await setPlan(server.database, outsider.organization.id, 'Label');
    await setPlan(server.database, starter.organization.id, 'Starter');
    const org = admin.organization.id;
    const recording = (
      key: string,
      title: string,
      artist: string,
      isrc: string | null,
      seconds: number | null,
    ) =>
      insert(sql`insert into recordings (organization_id, title, display_artist, isrc, duration_seconds)
        values (${org}, ${title}, ${artist}, ${isrc}, ${seconds}) returning id`).then((value) => {
        id[key] = value;
      });
    await recording('sunrise', 'Sunrise', 'Kite Club', 'GBAAA2600001', 180);
    await recording('sunriseEdit', 'Sunrise (Radio Edit)', 'Kite Club', 'GBAAA2600001', 150);
    await recording('cafe', 'Café del Mar (feat. Kite Club)', 'Nova Lane', 'GBAAA2600002', 200);
    await recording('cafe2', 'cafe del mar', 'NOVA LANE', 'GBAAA2600003', 201);
    await recording('cafeLong', 'Cafe del Mar', 'Nova Lane', 'GBAAA2600004', 230);
    await recording('nocturne', 'Nocturne', 'Nova Lane', 'GBAAA2600005', null);
    await recording('nocturne2', 'Nocturne', 'Nova Lane', null, null);
    const payee = await insert(
      sql`insert into payees (organization_id, name) values (${org}, 'Label') returning id`,
    );
    // Every recording but the two Nocturnes has a master split.
    await owner().execute(sql`insert into master_splits (organization_id, recording_id, payee_id, share_bp)
      select ${org}, r.id, ${payee}, 10000 from recordings r
      where r.organization_id = ${org} and r.title <> 'Nocturne'`);

    id.bare = await insert(
      sql`insert into releases (organization_id, title, display_artist) values (${org}, 'Night EP', 'Nova Lane') returning id`,
    );
    id.complete = await insert(sql`insert into releases (organization_id, title, display_artist, upc)
      values (${org}, 'Day EP', 'Nova Lane', '036000291452') returning id`);
    await owner().execute(sql`insert into release_tracks (organization_id, release_id, recording_id, track_number) values
      (${org}, ${id.bare}, ${id.nocturne}, 1), (${org}, ${id.bare}, ${id.nocturne2}, 2),
      (${org}, ${id.complete}, ${id.cafe}, 1)`);

    const party = (name: string, ipi: string | null, pro: string | null) =>
      insert(
        sql`insert into parties (organization_id, name, ipi, pro) values (${org}, ${name}, ${ipi}, ${pro}) returning id`,
      );
    id.noIpi = await party('Ada Writer', null, 'PRS');
    id.complete_writer = await party('Ben Complete', '00014107338', 'GEMA');
    id.nothing = await party('Cy Nothing', null, null);
    id.notWriting = await party('Dee Artist', null, null);
    const work = (title: string) =>
      insert(sql`insert into works (organization_id, title) values (${org}, ${title}) returning id`);
    id.half = await work('Half Written');
    id.empty = await work('Empty Work');
    id.whole = await work('Whole Work');
    await owner().execute(sql`insert into work_writers (organization_id, work_id, party_id, role, share_bp) values
      (${org}, ${id.half}, ${id.noIpi}, 'composer', 5000),
      (${org}, ${id.whole}, ${id.complete_writer}, 'composer', 6000),
      (${org}, ${id.whole}, ${id.nothing}, 'lyricist', 4000)`);

    // Another label's conflicts never show here.
    const theirs = outsider.organization.id;
    await owner().execute(sql`insert into recordings (organization_id, title, display_artist, isrc) values
      (${theirs}, 'Theirs', 'X', 'GBAAA2600001'), (${theirs}, 'Theirs too', 'X', 'GBAAA2600001')`);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts each kind and names the records of each finding, with a link to each', async () => {
    const { status, body } = await get<Attention>();
    expect(status).toBe(200);
    expect(body.counts).toEqual({
      duplicate_isrc: 1,
      near_duplicate_recording: 1,
      release_track_missing_codes: 1,
      writer_missing_ipi_or_pro: 2,
      work_shares_not_100: 2,
      recording_without_master_split: 2,
    });
    expect(body.items.map((i) => i.kind)).toEqual([
      'duplicate_isrc',
      'near_duplicate_recording',
      'release_track_missing_codes',
      'writer_missing_ipi_or_pro',
      'writer_missing_ipi_or_pro',
      'work_shares_not_100',
      'work_shares_not_100',
      'recording_without_master_split',
      'recording_without_master_split',
    ]);
    const [duplicate, near, release, writerA, writerB, workA, workB, noSplit] = body.items;
    expect(duplicate).toEqual({
      kind: 'duplicate_isrc',
      title: 'ISRC GB-AAA-26-00001 is on 2 recordings: “Sunrise”, “Sunrise (Radio Edit)”',
      links: [
        { kind: 'recording', id: id.sunrise, label: 'Sunrise – Kite Club' },
        { kind: 'recording', id: id.sunriseEdit, label: 'Sunrise (Radio Edit) – Kite Club' },
      ],
    });
    // Accents, case and the "feat." credit ignored; 2 s apart. The 3:50 take is another recording.
    expect(near!.links.map((l) => l.id).sort()).toEqual([id.cafe, id.cafe2].sort());
    expect(near!.title).toMatch(/may be the same recording/);
    expect(near!.title).toMatch(/3:20/);
    expect(near!.title).toMatch(/3:21/);
    expect(release).toEqual({
      kind: 'release_track_missing_codes',
      title: 'The release “Night EP” has no UPC/EAN and 1 track without ISRC (“Nocturne”)',
      links: [
        { kind: 'release', id: id.bare, label: 'Night EP' },
        { kind: 'recording', id: id.nocturne2, label: 'Nocturne' },
      ],
    });
    expect([writerA, writerB]).toEqual([
      {
        kind: 'writer_missing_ipi_or_pro',
        title: 'The writer Ada Writer has no IPI',
        links: [{ kind: 'party', id: id.noIpi, label: 'Ada Writer' }],
      },
      {
        kind: 'writer_missing_ipi_or_pro',
        title: 'The writer Cy Nothing has no IPI or PRO',
        links: [{ kind: 'party', id: id.nothing, label: 'Cy Nothing' }],
      },
    ]);
    expect([workA!.title, workB!.title]).toEqual([
      'The work “Empty Work” has no writers',
      'The writers’ shares of “Half Written” total 50%, not 100%',
    ]);
    expect(workB!.links).toEqual([{ kind: 'work', id: id.half, label: 'Half Written' }]);
    expect(noSplit).toEqual({
      kind: 'recording_without_master_split',
      title: '“Nocturne” by Nova Lane has no master split',
      links: [
        { kind: 'recording', id: [id.nocturne!, id.nocturne2!].sort()[0], label: 'Nocturne – Nova Lane' },
      ],
    });
  });

  it('lists one kind when asked, still counting every kind, and caps the items at the limit', async () => {
    const one = await get<Attention>('?kind=work_shares_not_100');
    expect(one.body.items.map((i) => i.kind)).toEqual(['work_shares_not_100', 'work_shares_not_100']);
    expect(one.body.counts.duplicate_isrc).toBe(1);
    const capped = await get<Attention>('?limit=3');
    expect(capped.body.items.map((i) => i.kind)).toEqual([
      'duplicate_isrc',
      'near_duplicate_recording',
      'release_track_missing_codes',
    ]);
    expect(capped.body.counts.recording_without_master_split).toBe(2);
    const bad = await get<{ error: { message: string } }>('?kind=everything');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(`kind: one of ${ATTENTION_KINDS.join(', ')}`);
  });

  it('finds again once the catalogue changes: a fixed gap leaves the list', async () => {
    const org = admin.organization.id;
    expect((await get<Attention>()).body.counts.release_track_missing_codes).toBe(1);
    // Both fixes land straight in the tables (as an import would): the next answer has them.
    await owner().execute(sql`update releases set upc = '036000291469' where id = ${id.bare}`);
    await owner().execute(sql`update recordings set isrc = 'GBAAA2600009' where id = ${id.nocturne2}`);
    const [payee] = await queryRows<{ id: string }>(
      owner(),
      sql`select id from payees where organization_id = ${org}`,
    );
    await owner().execute(sql`insert into master_splits (organization_id, recording_id, payee_id, share_bp)
      values (${org}, ${id.nocturne2}, ${payee!.id}, 10000)`);
    const after = await get<Attention>();
    expect(after.body.counts).toMatchObject({
      release_track_missing_codes: 0,
      recording_without_master_split: 1,
    });
    expect(after.body.items.filter((i) => i.kind === 'release_track_missing_codes')).toEqual([]);
  });

  it('shows another label only its own findings, and a label without the catalogue a 403', async () => {
    const theirs = await get<Attention>('', outsider);
    expect(theirs.body.counts.duplicate_isrc).toBe(1);
    expect(theirs.body.items[0]!.title).toBe(
      'ISRC GB-AAA-26-00001 is on 2 recordings: “Theirs”, “Theirs too”',
    );
    expect(theirs.body.items.flatMap((i) => i.links.map((l) => l.id))).not.toContain(id.sunrise);
    const small = await get<{ error: { code: string; message: string } }>('', starter);
    expect(small.status).toBe(403);
    expect(small.body.error).toEqual({ code: 'plan_required', message: CATALOGUE_MESSAGES.notOnPlan });
  });
});
