import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { PartyDto } from '@music-review/core/contracts/parties';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnerScope, queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, setPlan } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

type Admin = Awaited<ReturnType<typeof adminWithLabel>>;
type Answer = PartyDto & { error: { code: string; message: string; fields?: Record<string, string> } };

describe('Artists & Writers: merging two people who are the same, keeping every link', () => {
  let server: TestServer;
  let db: OwnerScope;
  let admin: Admin;
  let outsider: Admin;
  let starter: Admin;
  const id = {} as Record<'keep' | 'dup' | 'other' | 'theirs' | 'payee', string>;
  const rec = {} as Record<'both' | 'dupOnly' | 'twoRoles', string>;
  const work = {} as Record<'shared' | 'kept', string>;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, who = admin) =>
    server.app
      .inject({
        method,
        url,
        headers: who.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      .then((res) => ({ status: res.statusCode, body: res.json<Answer>() }));
  const add = async (payload: Record<string, unknown>, who = admin) => {
    const res = await call('POST', '/api/v1/parties', payload, who);
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body.id;
  };
  const insert = async (query: ReturnType<typeof sql>) => (await queryRows<{ id: string }>(db, query))[0]!.id;
  /** Every link of the given people: recording credits (recording and role), writer rows, publisher rows. */
  const links = async (ids: readonly string[]) => {
    const list = sql.join(
      ids.map((i) => sql`${i}::uuid`),
      sql`, `,
    );
    const [row] = await queryRows<{
      credits: number;
      rows: number;
      writers: number;
      publishing: number;
      audit: number;
    }>(
      db,
      sql`select
            (select count(distinct (recording_id, role))::int from recording_artists where party_id in (${list})) as credits,
            (select count(*)::int from recording_artists where party_id in (${list})) as rows,
            (select count(*)::int from work_writers where party_id in (${list})) as writers,
            (select count(*)::int from work_writers where publisher_id in (${list})) as publishing,
            (select count(*)::int from catalogue_audit where entity_id in (${list})) as audit`,
    );
    return row!;
  };

  beforeAll(async () => {
    server = await createTestServer();
    db = server.database.asOwner('tests build rows directly');
    [admin, outsider, starter] = await Promise.all([
      adminWithLabel(server.app, 'Merge Lab'),
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
    id.keep = await add({ name: 'Nova Lane', aliases: ['Nova'], roles: ['artist'], email: 'nova@lane.test' });
    id.dup = await add({
      name: 'N. Lane',
      aliases: ['nova', 'NL'],
      roles: ['writer'],
      legal_name: 'Nora Lanesborough',
      ipi: '00052210040',
      country: 'GB',
      email: 'old@lane.test',
      payee_id: id.payee,
    });
    id.other = await add({ name: 'Ada Quill', roles: ['writer'] });
    id.theirs = await add({ name: 'Nova Lane' }, outsider);

    const recording = (title: string) =>
      insert(sql`insert into recordings (organization_id, title, display_artist) values (${org}, ${title}, 'Nova Lane')
        returning id`);
    rec.both = await recording('Both Credited');
    rec.dupOnly = await recording('Duplicate Only');
    rec.twoRoles = await recording('Two Roles');
    await db.execute(sql`insert into recording_artists (organization_id, recording_id, party_id, role, position) values
      (${org}, ${rec.both}, ${id.keep}, 'primary', 0), (${org}, ${rec.both}, ${id.dup}, 'primary', 1),
      (${org}, ${rec.dupOnly}, ${id.dup}, 'featured', 0),
      (${org}, ${rec.twoRoles}, ${id.keep}, 'primary', 0), (${org}, ${rec.twoRoles}, ${id.dup}, 'producer', 1)`);
    work.shared = await insert(
      sql`insert into works (organization_id, title) values (${org}, 'Shared Song') returning id`,
    );
    work.kept = await insert(
      sql`insert into works (organization_id, title) values (${org}, 'Kept Song') returning id`,
    );
    await db.execute(sql`insert into work_writers (organization_id, work_id, party_id, role, share_bp, publisher_id, position)
      values (${org}, ${work.shared}, ${id.dup}, 'composer', 5000, null, 0),
             (${org}, ${work.shared}, ${id.other}, 'lyricist', 5000, ${id.dup}, 1),
             (${org}, ${work.kept}, ${id.keep}, 'composer_lyricist', 10000, null, 0)`);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses to merge a person into themself, or with another label’s person', async () => {
    const self = await call('POST', `/api/v1/parties/${id.keep}/merge`, { duplicate_id: id.keep });
    expect(self.status).toBe(400);
    expect(self.body.error).toEqual({ code: 'bad_request', message: CATALOGUE_MESSAGES.mergeSelf });
    const foreignDuplicate = await call('POST', `/api/v1/parties/${id.keep}/merge`, {
      duplicate_id: id.theirs,
    });
    expect(foreignDuplicate.status).toBe(404);
    expect(foreignDuplicate.body.error.fields).toEqual({ duplicate_id: 'Person not found' });
    const foreignKept = await call('POST', `/api/v1/parties/${id.theirs}/merge`, { duplicate_id: id.dup });
    expect(foreignKept.status).toBe(404);
    const malformed = await call('POST', `/api/v1/parties/${id.keep}/merge`, { duplicate_id: 'nope' });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.error.fields ?? {})).toEqual(['duplicate_id']);
    const starterMerge = await call(
      'POST',
      `/api/v1/parties/${id.keep}/merge`,
      { duplicate_id: id.dup },
      starter,
    );
    expect(starterMerge.status).toBe(403);
    expect(starterMerge.body.error.code).toBe('plan_required');
    // Nothing moved.
    expect((await call('GET', `/api/v1/parties/${id.dup}`)).status).toBe(200);
    expect((await call('GET', `/api/v1/parties/${id.theirs}`, undefined, outsider)).status).toBe(200);
  });

  it('moves every credit, writer share and publishing to the kept person, then removes the duplicate', async () => {
    const before = await links([id.keep, id.dup]);
    expect(before).toMatchObject({ credits: 4, rows: 5, writers: 2, publishing: 1 });

    const { status, body } = await call('POST', `/api/v1/parties/${id.keep}/merge`, { duplicate_id: id.dup });
    expect(status).toBe(200);
    expect((await call('GET', `/api/v1/parties/${id.dup}`)).status).toBe(404);

    // Every link is now the kept person's; the one credit both had (same recording and role) once.
    const after = await links([id.keep]);
    expect(after).toMatchObject({
      credits: before.credits,
      rows: 4,
      writers: before.writers,
      publishing: before.publishing,
    });
    expect(after.audit).toBe(before.audit + 1);
    expect(await links([id.dup])).toMatchObject({ credits: 0, writers: 0, publishing: 0, audit: 0 });

    expect(body.recordings.map((r) => [r.title, r.role])).toEqual([
      ['Both Credited', 'primary'],
      ['Duplicate Only', 'featured'],
      ['Two Roles', 'primary'],
      ['Two Roles', 'producer'],
    ]);
    expect(body.works.map((w) => [w.title, w.role, w.share])).toEqual([
      ['Kept Song', 'composer_lyricist', 100],
      ['Shared Song', 'composer', 50],
      ['Shared Song', 'publisher', null],
    ]);
    expect(body).toMatchObject({
      name: 'Nova Lane',
      // The duplicate's names stay as other credited names, each once (case ignored).
      aliases: ['Nova', 'N. Lane', 'NL'],
      // Its details fill the gaps; what the kept person had stays.
      legal_name: 'Nora Lanesborough',
      ipi: '00052210040',
      country: 'GB',
      email: 'nova@lane.test',
      payee: { id: id.payee, name: 'Lane Music Ltd' },
      roles: ['artist', 'writer', 'producer', 'publisher'],
      recording_count: 3,
      work_count: 2,
      row_version: 2,
    });
    expect(body.audit[0]).toMatchObject({ action: 'merge', by: admin.name });
    expect(body.audit[0]!.changes.merged).toEqual({ id: id.dup, name: 'N. Lane' });
    expect(body.audit[0]!.changes.legal_name).toEqual([null, 'Nora Lanesborough']);
    // The duplicate's history is on the kept person's page.
    expect(body.audit.map((a) => a.action)).toEqual(['merge', 'create', 'create']);

    // The duplicate's name now leads to the kept person (signed songs, search).
    const found = await server.app.inject({
      method: 'GET',
      url: '/api/v1/parties/by-name?name=n.%20lane',
      headers: admin.headers,
    });
    expect(found.json()).toEqual({ id: id.keep });
    // The other writer's publisher link points at the kept person.
    const [publisher] = await queryRows<{ publisher_id: string }>(
      db,
      sql`select publisher_id from work_writers where party_id = ${id.other}`,
    );
    expect(publisher!.publisher_id).toBe(id.keep);
  });
});
