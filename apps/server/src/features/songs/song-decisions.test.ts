import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from './songs.factory.ts';

describe('POST /api/v1/songs/decisions', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  const ids = {} as Record<'one' | 'two' | 'three' | 'foreign', string>;

  const decide = (headers: { authorization: string }, payload: unknown) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/songs/decisions',
      headers,
      payload: payload as object,
    });
  const statusOf = async (id: string) =>
    (
      await queryRows<{ status: string }>(
        server.database.asOwner('tests build rows directly'),
        sql`select status from songs where id = ${id}`,
      )
    )[0]?.status;

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Decision Lab');
    alex = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    const db = server.database.asOwner('tests build rows directly');
    const organizationId = admin.organization.id;
    ids.one = (await insertSong(db, { organizationId, title: 'One', artist: 'A' })).id;
    ids.two = (await insertSong(db, { organizationId, title: 'Two', artist: 'B' })).id;
    ids.three = (await insertSong(db, { organizationId, title: 'Three', artist: 'C' })).id;
    ids.foreign = (
      await insertSong(db, { organizationId: outsider.organization.id, title: 'Theirs', artist: 'T' })
    ).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('only admins decide, with the same words as a single sign or pass', async () => {
    const res = await decide(alex.headers, { song_ids: [ids.one], status: 'signed' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'forbidden',
      message: 'Only an admin of your label can sign or pass on a song.',
    });
    expect(await statusOf(ids.one)).toBe('pending');
  });

  it('signs several songs at once and answers the ids it changed', async () => {
    const res = await decide(admin.headers, { song_ids: [ids.one, ids.two, ids.one], status: 'signed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().updated.sort()).toEqual([ids.one, ids.two].sort());
    expect(await statusOf(ids.one)).toBe('signed');
    expect(await statusOf(ids.two)).toBe('signed');
    expect(await statusOf(ids.three)).toBe('pending');
    // Songs already at that status are not changed again.
    const again = await decide(admin.headers, { song_ids: [ids.one, ids.three], status: 'signed' });
    expect(again.json()).toEqual({ updated: [ids.three] });
  });

  it("leaves another label's songs alone, and answers 404 when none of the ids is the label's", async () => {
    const mixed = await decide(admin.headers, { song_ids: [ids.two, ids.foreign], status: 'passed' });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json()).toEqual({ updated: [ids.two] });
    expect(await statusOf(ids.foreign)).toBe('pending');

    const onlyTheirs = await decide(admin.headers, {
      song_ids: [ids.foreign, randomUUID()],
      status: 'passed',
    });
    expect(onlyTheirs.statusCode).toBe(404);
    expect(onlyTheirs.json().error.code).toBe('not_found');
    expect(await statusOf(ids.foreign)).toBe('pending');
  });

  it('validates the ids and the status with clear messages', async () => {
    const cases: Array<[unknown, string]> = [
      [{ song_ids: [], status: 'signed' }, 'song_ids: choose at least one song'],
      [
        { song_ids: Array.from({ length: 201 }, () => randomUUID()), status: 'signed' },
        'song_ids: at most 200 songs at once',
      ],
      [{ song_ids: ['nope'], status: 'signed' }, 'song_ids: every id must be a song id (UUID)'],
      [{ song_ids: [ids.one], status: 'pending' }, "status: must be 'signed' or 'passed'"],
    ];
    for (const [payload, message] of cases) {
      const res = await decide(admin.headers, payload);
      expect(res.statusCode, message).toBe(400);
      const { error } = res.json();
      // The message as before; the field it is about named in \`fields\` (decision 0020).
      expect(error).toEqual({ code: 'validation_failed', message, fields: expect.any(Object) });
      expect(Object.keys(error.fields)).toHaveLength(1);
    }
  });
});
