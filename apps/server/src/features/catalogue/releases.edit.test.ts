import { CATALOGUE_MESSAGES, upcRange } from '@music-review/core/catalogue';
import type { ReleaseDto } from '@music-review/core/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnerScope, queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, setPlan } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

type Admin = Awaited<ReturnType<typeof adminWithLabel>>;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Answer = ReleaseDto & ErrorBody;

async function insertRecording(db: OwnerScope, organizationId: string, title: string) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into recordings (organization_id, title, display_artist) values (${organizationId}, ${title}, 'Kite Club')
        returning id`,
  );
  return row!.id;
}

describe('releases: editing, deleting and Assign UPC', () => {
  let server: TestServer;
  let db: OwnerScope;
  let admin: Admin;
  let outsider: Admin;
  let starter: Admin;
  const rec: string[] = [];
  let theirRelease: string;
  const codes = upcRange('12345678901', 10) as string[];

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who = admin) =>
    server.app
      .inject({
        method,
        url,
        headers: who.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      .then((res) => ({ status: res.statusCode, body: res.json<Answer>() }));
  const create = async (payload: Record<string, unknown>, who = admin) => {
    const res = await call('POST', '/api/v1/catalogue/releases', payload, who);
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return res.body;
  };
  const url = (id: string, rest = '') => `/api/v1/catalogue/releases/${id}${rest}`;
  const pool = async (organizationId: string) =>
    queryRows<{ code: string; release_id: string | null; assigned: boolean }>(
      db,
      sql`select code, release_id, assigned_at is not null as assigned from upc_pool
          where organization_id = ${organizationId} order by code`,
    );
  const addToPool = (organizationId: string, list: readonly string[]) =>
    db.execute(sql`insert into upc_pool (organization_id, code)
      values ${sql.join(
        list.map((c) => sql`(${organizationId}, ${c})`),
        sql`, `,
      )}`);

  beforeAll(async () => {
    server = await createTestServer();
    db = server.database.asOwner('tests build rows directly');
    [admin, outsider, starter] = await Promise.all([
      adminWithLabel(server.app, 'Edit Lab'),
      adminWithLabel(server.app, 'Other Label'),
      adminWithLabel(server.app, 'Small Label'),
    ]);
    await setPlan(server.database, admin.organization.id, 'Label');
    await setPlan(server.database, outsider.organization.id, 'Pro');
    await setPlan(server.database, starter.organization.id, 'Starter');
    for (const title of ['One', 'Two', 'Three', 'Four'])
      rec.push(await insertRecording(db, admin.organization.id, title));
    theirRelease = (await create({ title: 'Theirs', display_artist: 'X' }, outsider)).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('saves an edit with the version read, replaces the track order, and logs the change', async () => {
    const made = await create({
      title: 'First Light',
      display_artist: 'Kite Club',
      tracks: [{ recording_id: rec[0] }, { recording_id: rec[1] }],
    });
    const edited = await call('PATCH', url(made.id), {
      row_version: 1,
      title: 'First Light (Deluxe)',
      release_type: 'ep',
      release_date: '2026-06-05',
      tracks: [{ recording_id: rec[2] }, { recording_id: rec[0] }, { recording_id: rec[1] }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'First Light (Deluxe)',
      release_type: 'ep',
      release_date: '2026-06-05',
      row_version: 2,
    });
    expect(edited.body.tracks.map((t) => [t.title, t.track_number])).toEqual([
      ['Three', 1],
      ['One', 2],
      ['Two', 3],
    ]);
    expect(new Date(edited.body.updated_at).getTime()).toBeGreaterThan(new Date(made.updated_at).getTime());
    expect(edited.body.audit.map((a) => a.action)).toEqual(['update', 'create']);
    expect(edited.body.audit[0]!.changes).toEqual({
      title: ['First Light', 'First Light (Deluxe)'],
      release_type: ['single', 'ep'],
      release_date: [null, '2026-06-05'],
      tracks: [
        [rec[0], rec[1]],
        [rec[2], rec[0], rec[1]],
      ],
    });

    // The second member's save names the version they read: refused, nothing overwritten.
    const stale = await call('PATCH', url(made.id), { row_version: 1, title: 'Overwritten' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: 'conflict', message: CATALOGUE_MESSAGES.changedSinceRead });
    const missingVersion = await call('PATCH', url(made.id), { title: 'No version' });
    expect(missingVersion.status).toBe(400);
    expect(missingVersion.body.error.fields).toHaveProperty('row_version');

    // Tracks only: a new version and an entry listing the recordings; the newest entry comes first.
    const reordered = await call('PATCH', url(made.id), {
      row_version: 2,
      tracks: [{ recording_id: rec[1] }],
    });
    expect(reordered.body.row_version).toBe(3);
    expect(reordered.body.tracks.map((t) => t.title)).toEqual(['Two']);
    expect(reordered.body.audit.map((a) => a.action)).toEqual(['update', 'update', 'create']);
    expect(reordered.body.audit[0]!.changes).toEqual({ tracks: [[rec[2], rec[0], rec[1]], [rec[1]]] });

    // A track list naming a recording twice changes nothing.
    const twice = await call('PATCH', url(made.id), {
      row_version: 3,
      title: 'Twice',
      tracks: [{ recording_id: rec[3] }, { recording_id: rec[3], disc_number: 2 }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe(CATALOGUE_MESSAGES.trackTwice);
    const after = await call('GET', url(made.id));
    expect(after.body).toMatchObject({ title: 'First Light (Deluxe)', row_version: 3 });
  });

  it('refuses an edit to a UPC or catalogue number another release has (case ignored)', async () => {
    const first = await create({
      title: 'Holder',
      display_artist: 'X',
      upc: codes[9],
      catalogue_number: 'EDL-7',
    });
    const second = await create({ title: 'Mover', display_artist: 'X' });
    const upc = await call('PATCH', url(second.id), { row_version: 1, upc: codes[9] });
    expect(upc.status).toBe(409);
    expect(upc.body.error.fields).toEqual({ upc: CATALOGUE_MESSAGES.upcTaken('Holder') });
    const number = await call('PATCH', url(second.id), { row_version: 1, catalogue_number: 'edl-7' });
    expect(number.status).toBe(409);
    expect(number.body.error.message).toBe(CATALOGUE_MESSAGES.catalogueNumberTaken('Holder'));
    expect(number.body.error.fields).toEqual({
      catalogue_number: CATALOGUE_MESSAGES.catalogueNumberTaken('Holder'),
    });
    // Its own number in other letters is no clash.
    const own = await call('PATCH', url(first.id), { row_version: 1, catalogue_number: 'edl-7' });
    expect(own.status).toBe(200);
    expect(own.body.catalogue_number).toBe('edl-7');
  });

  it('deletes only a draft release, and its pool UPC is free again', async () => {
    await addToPool(admin.organization.id, [codes[0]!]);
    const draft = await create({ title: 'Scrap', display_artist: 'X', tracks: [{ recording_id: rec[3] }] });
    const assigned = await call('POST', url(draft.id, '/assign-upc'));
    expect(assigned.body.upc).toBe(codes[0]);
    expect((await pool(admin.organization.id))[0]).toMatchObject({ release_id: draft.id, assigned: true });

    const released = await create({ title: 'Out There', display_artist: 'X', status: 'released' });
    const refused = await call('DELETE', url(released.id));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Only a draft release can be deleted: this one is Released. Set it to Withdrawn instead.',
    );

    const deleted = await call('DELETE', url(draft.id));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect((await call('GET', url(draft.id))).status).toBe(404);
    expect((await pool(admin.organization.id))[0]).toMatchObject({
      code: codes[0],
      release_id: null,
      assigned: false,
    });
    // The recording stays; only the release went.
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from recordings where id = ${rec[3]}`,
    );
    expect(left!.n).toBe(1);
  });

  it('assigns the lowest free pool code, skipping a code some release already carries', async () => {
    // codes[0] is free again (above); codes[1] was typed on a release before it reached the pool.
    await create({ title: 'Hand Typed', display_artist: 'X', upc: codes[1] });
    await addToPool(admin.organization.id, [codes[4]!, codes[3]!, codes[2]!, codes[1]!]);
    const release = await create({ title: 'Needs Code', display_artist: 'X' });
    const { status, body } = await call('POST', url(release.id, '/assign-upc'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ upc: codes[0], row_version: 2 });
    expect(body.audit[0]).toMatchObject({ action: 'assign_upc', changes: { upc: [null, codes[0]] } });
    const next = await create({ title: 'Needs Code Too', display_artist: 'X' });
    expect((await call('POST', url(next.id, '/assign-upc'))).body.upc).toBe(codes[2]);
    const again = await call('POST', url(release.id, '/assign-upc'));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CATALOGUE_MESSAGES.upcAlreadySet);
  });

  it('gives simultaneous assignments different codes, and says so when the pool is empty', async () => {
    const releases = await Promise.all(
      ['A', 'B', 'C'].map((t) => create({ title: `Batch ${t}`, display_artist: 'X' })),
    );
    const results = await Promise.all(releases.map((r) => call('POST', url(r.id, '/assign-upc'))));
    // Two codes are left (codes[3], codes[4]): two of three callers get one each, the third finds none.
    const given = results.filter((r) => r.status === 200).map((r) => r.body.upc);
    expect(given.sort()).toEqual([codes[3], codes[4]]);
    const empty = results.find((r) => r.status !== 200)!;
    expect(empty.status).toBe(400);
    expect(empty.body.error).toEqual({ code: 'bad_request', message: CATALOGUE_MESSAGES.upcPoolEmpty });
    const taken = (await pool(admin.organization.id)).filter((r) => r.code !== codes[1]);
    expect(taken.every((r) => r.release_id !== null && r.assigned)).toBe(true);
    expect(new Set(taken.map((r) => r.release_id)).size).toBe(taken.length);

    // More codes than callers: every caller gets its own.
    await addToPool(admin.organization.id, codes.slice(5, 8));
    const more = await Promise.all(
      ['D', 'E', 'F'].map((t) => create({ title: `Batch ${t}`, display_artist: 'X' })),
    );
    const second = await Promise.all(more.map((r) => call('POST', url(r.id, '/assign-upc'))));
    expect(second.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(second.map((r) => r.body.upc).sort()).toEqual(codes.slice(5, 8));
  });

  it('answers 404 for another label’s release on every edit, and 403 on a plan without the catalogue', async () => {
    await addToPool(outsider.organization.id, [codes[0]!]);
    expect((await call('PATCH', url(theirRelease), { row_version: 1, title: 'Mine now' })).status).toBe(404);
    expect((await call('DELETE', url(theirRelease))).status).toBe(404);
    expect((await call('POST', url(theirRelease, '/assign-upc'))).status).toBe(404);
    const theirs = await call('GET', url(theirRelease), undefined, outsider);
    expect(theirs.body).toMatchObject({ title: 'Theirs', upc: null, row_version: 1 });
    expect((await pool(outsider.organization.id))[0]!.release_id).toBeNull();

    for (const [method, path, payload] of [
      ['PATCH', url(theirRelease), { row_version: 1, title: 'x' }],
      ['DELETE', url(theirRelease), undefined],
      ['POST', url(theirRelease, '/assign-upc'), undefined],
    ] as const) {
      const res = await call(method, path, payload, starter);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('plan_required');
    }
  });
});
