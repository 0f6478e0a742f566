import type { SearchResultsDto } from '@music-review/core/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, metadataForms } from '../../platform/db/schema.ts';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertReview, insertRevision, insertSong } from '../songs/songs.factory.ts';
import { SEARCH_WINDOW, trigramSearch } from './search.repo.ts';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe('GET /api/v1/search', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;

  const searchRaw = (headers: { authorization: string }, query: Record<string, string>) =>
    server.app.inject({ method: 'GET', url: '/api/v1/search', headers, query });
  const search = async (headers: { authorization: string }, q: string) => {
    const res = await searchRaw(headers, { q });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchResultsDto>();
  };
  const db = () => server.database.asOwner('tests build rows directly');
  const song = (
    organizationId: string,
    title: string,
    artist: string,
    options: { status?: string; days?: number } = {},
  ) =>
    insertSong(db(), {
      organizationId,
      title,
      artist,
      status: options.status ?? 'pending',
      submittedAt: ago(options.days ?? 1),
    });
  const contract = async (
    organizationId: string,
    songId: string,
    artistName: string,
    options: { status?: string; days?: number } = {},
  ) => {
    const [row] = await db()
      .insert(contracts)
      .values({
        organizationId,
        songId,
        artistName,
        status: options.status ?? 'sent',
        updatedAt: ago(options.days ?? 1),
      })
      .returning();
    return row!;
  };
  const metadataForm = async (organizationId: string, songId: string, status: string, days = 1) => {
    const [row] = await db()
      .insert(metadataForms)
      .values({ organizationId, songId, status, updatedAt: ago(days) })
      .returning();
    return row!;
  };

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Search Lab');
    alex = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere Records');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers every group in one response, each entry with what its destination needs', async () => {
    const org = admin.organization.id;
    const pending = await song(org, 'Quasar Nights', 'Mira Quasar');
    const signed = await song(org, 'Blue Hour', 'The Quasars', { status: 'signed' });
    const deal = await contract(org, signed.id, 'The Quasars', { status: 'signed' });
    const form = await metadataForm(org, signed.id, 'quasar_review');

    const body = await search(admin.headers, 'quasar');
    expect(body.query).toBe('quasar');
    // The signed song matches on its (visible) artist; the pending one on its title only.
    expect(body.songs).toEqual([
      { id: pending.id, title: 'Quasar Nights', artist: null, status: 'pending' },
      { id: signed.id, title: 'Blue Hour', artist: 'The Quasars', status: 'signed' },
    ]);
    expect(body.artists).toEqual([{ name: 'The Quasars' }]);
    expect(body.contracts).toEqual([
      {
        id: deal.id,
        song_id: signed.id,
        song_title: 'Blue Hour',
        artist_name: 'The Quasars',
        status: 'signed',
      },
    ]);
    expect(body.metadata).toEqual([
      {
        id: form.id,
        song_id: signed.id,
        song_title: 'Blue Hour',
        artist: 'The Quasars',
        status: 'quasar_review',
      },
    ]);
  });

  it('answers empty groups when nothing matches', async () => {
    expect(await search(admin.headers, 'zzqqxx')).toEqual({
      query: 'zzqqxx',
      songs: [],
      artists: [],
      contracts: [],
      metadata: [],
    });
  });

  it('gives at most 5 entries per group', async () => {
    const org = admin.organization.id;
    for (let i = 1; i <= 7; i++) {
      const s = await song(org, `Kestrel ${i}`, `Kestrel Band ${i}`, { status: 'signed', days: i });
      await contract(org, s.id, `Kestrel Band ${i}`, { days: i });
      await metadataForm(org, s.id, `kestrel_${i}`, i);
    }
    const body = await search(admin.headers, 'kestrel');
    expect(body.songs).toHaveLength(5);
    expect(body.artists).toHaveLength(5);
    expect(body.contracts).toHaveLength(5);
    expect(body.metadata).toHaveLength(5);
  });

  it('de-duplicates artists case-insensitively and keeps only names containing the query', async () => {
    const org = admin.organization.id;
    await song(org, 'Ivory One', 'Nimbus', { status: 'signed' });
    await song(org, 'Ivory Two', 'NIMBUS', { status: 'signed' });
    await song(org, 'Ivory Three', 'nimbus', { status: 'signed' });
    await song(org, 'Ivory Four', 'Old Nimbus Club', { status: 'signed' });
    // Matches the query by title only: its artist is not an artist result.
    await song(org, 'Nimbus Dreams', 'Harbor Lights', { status: 'signed' });

    const body = await search(admin.headers, 'NIMBUS');
    const names = body.artists.map((a) => a.name);
    expect(names).toHaveLength(2);
    expect(names.map((n) => n.toLowerCase()).sort()).toEqual(['nimbus', 'old nimbus club']);
    expect(body.songs.map((s) => s.title)).toContain('Nimbus Dreams');
  });

  it("shows 'Untitled' for contracts and metadata forms whose song has no title", async () => {
    const org = admin.organization.id;
    const blank = await song(org, '  ', 'Ferrous Wheel', { status: 'signed' });
    await contract(org, blank.id, 'Ferrous Wheel');
    await metadataForm(org, blank.id, 'ferrous_pending');

    const byArtist = await search(admin.headers, 'ferrous');
    expect(byArtist.contracts.map((c) => c.song_title)).toEqual(['Untitled']);
    expect(byArtist.metadata.map((m) => m.song_title)).toEqual(['Untitled']);
    expect(byArtist.songs.map((s) => s.title)).toEqual(['Untitled']);
  });

  it("never shows another label's songs, artists, contracts or metadata", async () => {
    const mine = await song(admin.organization.id, 'Obsidian Mine', 'Obsidian Crew', { status: 'signed' });
    await contract(admin.organization.id, mine.id, 'Obsidian Crew');
    await metadataForm(admin.organization.id, mine.id, 'obsidian_sent');
    const theirs = await song(outsider.organization.id, 'Obsidian Theirs', 'Obsidian Others', {
      status: 'signed',
    });
    const theirContract = await contract(outsider.organization.id, theirs.id, 'Obsidian Others');
    const theirForm = await metadataForm(outsider.organization.id, theirs.id, 'obsidian_sent');

    for (const q of ['obsidian', 'ob', 'bsid']) {
      const body = await search(admin.headers, q);
      const text = JSON.stringify(body);
      expect(text, q).not.toContain(theirs.id);
      expect(text, q).not.toContain(theirContract.id);
      expect(text, q).not.toContain(theirForm.id);
      expect(text, q).not.toContain('Others');
      expect(text, q).not.toContain('Theirs');
      expect(
        body.songs.map((s) => s.id),
        q,
      ).toEqual([mine.id]);
    }
    const outside = await search(outsider.headers, 'obsidian');
    expect(outside.songs.map((s) => s.id)).toEqual([theirs.id]);
    expect(outside.contracts.map((c) => c.id)).toEqual([theirContract.id]);
    expect(outside.metadata.map((m) => m.id)).toEqual([theirForm.id]);
    expect(outside.artists).toEqual([{ name: 'Obsidian Others' }]);
  });

  it('keeps a hidden artist hidden: no match on it, no artist result, until the caller reviews', async () => {
    const org = admin.organization.id;
    const demo = await song(org, 'Paper Boats', 'Velvetine Secret');
    const byArtist = async (headers: { authorization: string }) => search(headers, 'velvetine');

    const before = await byArtist(alex.headers);
    expect(before.songs).toEqual([]);
    expect(before.artists).toEqual([]);
    // Found by its title, the artist is still hidden.
    expect((await search(alex.headers, 'paper boats')).songs).toEqual([
      { id: demo.id, title: 'Paper Boats', artist: null, status: 'pending' },
    ]);

    await insertReview(db(), {
      organizationId: org,
      songId: demo.id,
      reviewerId: alex.reviewer.id,
      scores: [7, 7, 7],
    });
    const after = await byArtist(alex.headers);
    expect(after.songs).toEqual([
      { id: demo.id, title: 'Paper Boats', artist: 'Velvetine Secret', status: 'pending' },
    ]);
    // Only signed songs make artist results.
    expect(after.artists).toEqual([]);
    // Another member has not reviewed it.
    expect((await byArtist(admin.headers)).songs).toEqual([]);

    // A new version hides it again until the caller reviews that one.
    await insertRevision(db(), { organizationId: org, songId: demo.id, versionNumber: 2 });
    expect((await byArtist(alex.headers)).songs).toEqual([]);
  });

  it('answers a repeated query from its cache, yet at once shows every change to what it reads', async () => {
    const org = admin.organization.id;
    const q = 'quillfeather';
    const empty = await search(admin.headers, q);
    expect(empty.songs).toEqual([]);
    // The same query again is the same answer, kept for this reviewer under the data version.
    expect(await search(admin.headers, q)).toEqual(empty);

    const track = await song(org, 'Quillfeather Lane', 'Mira Oak', { status: 'signed' });
    expect((await search(admin.headers, q)).songs.map((s) => s.id)).toEqual([track.id]);
    expect((await search(admin.headers, 'mira oak')).artists).toEqual([{ name: 'Mira Oak' }]);

    // Contracts and metadata forms raise the version too (migration 0008), written by any writer.
    const deal = await contract(org, track.id, 'Mira Oak');
    expect((await search(admin.headers, 'mira oak')).contracts.map((c) => c.id)).toEqual([deal.id]);
    await db().execute(sql`update contracts set artist_name = 'Mira Oakes' where id = ${deal.id}`);
    expect((await search(admin.headers, 'mira oak')).contracts).toEqual([
      expect.objectContaining({ id: deal.id, artist_name: 'Mira Oakes' }),
    ]);
    const submitted = async () => (await search(admin.headers, 'submitted')).metadata.map((m) => m.id);
    const before = await submitted();
    const form = await metadataForm(org, track.id, 'submitted', 0);
    expect(await submitted()).toContain(form.id);
    await db().execute(sql`delete from metadata_forms where id = ${form.id}`);
    expect(await submitted()).toEqual(before);

    // Another label asking the same text never gets this label's cached answer.
    expect((await search(outsider.headers, q)).songs).toEqual([]);
  });

  it('lists prefix matches first, alphabetically, then matches inside the text', async () => {
    const org = admin.organization.id;
    await song(org, 'Late Zircon Dawn', 'Somebody');
    await song(org, 'Zircon Road', 'Somebody');
    await song(org, 'zircon', 'Somebody');
    await song(org, 'Zirconia', 'Somebody');
    const body = await search(admin.headers, 'Zircon');
    expect(body.songs.map((s) => s.title)).toEqual(['zircon', 'Zircon Road', 'Zirconia', 'Late Zircon Dawn']);
  });

  it('searches with 2 characters: prefixes and text inside', async () => {
    const org = admin.organization.id;
    await song(org, 'Qj Intro', 'Somebody');
    await song(org, 'Ajqjs Outro', 'Somebody');
    const body = await search(admin.headers, 'qj');
    expect(body.songs.map((s) => s.title)).toEqual(['Qj Intro', 'Ajqjs Outro']);
  });

  it('takes % and _ in the query literally', async () => {
    const org = admin.organization.id;
    await song(org, '100% Yttrium', 'Somebody');
    await song(org, '100 Yttrium', 'Somebody');
    expect((await search(admin.headers, '0% Y')).songs.map((s) => s.title)).toEqual(['100% Yttrium']);
    expect((await search(admin.headers, '%_')).songs).toEqual([]);
  });

  it('finds metadata forms by their status text and contracts by their artist name', async () => {
    const org = admin.organization.id;
    const s = await song(org, 'Tungsten', 'Tungsten Duo', { status: 'signed' });
    const confirmed = await metadataForm(org, s.id, 'confirmed_tungsten');
    await metadataForm(org, s.id, 'draft_tungsten');
    const deal = await contract(org, s.id, 'Tungsten Duo Ltd');

    const byStatus = await search(admin.headers, 'confirmed_tung');
    expect(byStatus.metadata.map((m) => m.id)).toEqual([confirmed.id]);
    const byContractArtist = await search(admin.headers, 'duo ltd');
    expect(byContractArtist.contracts.map((c) => c.id)).toEqual([deal.id]);
  });

  it('finds older rows beyond the newest ones through the trigram indexes, and word starts with 2 characters', async () => {
    // A label of its own, with more songs and contracts than the "recent" tier reads.
    const big = await adminWithLabel(server.app, 'Big Catalogue');
    const org = big.organization.id;
    const old = await song(org, 'Forgotten Xylophone', 'Quiet Oldtimer', { status: 'signed', days: 400 });
    const oldWord = await song(org, 'Blue Vq', 'Somebody', { days: 400 });
    const accented = await song(org, 'Canción del ñandú', 'Somebody', { days: 400 });
    await contract(org, old.id, 'Quiet Oldtimer', { days: 400 });
    await db().execute(sql`
      insert into songs (organization_id, title, artist, status, submitted_at)
      select ${org}, 'Filler ' || g, 'Filler Artist ' || g, 'signed', now() - g * interval '1 minute'
      from generate_series(1, ${SEARCH_WINDOW + 50}) g`);
    await db().execute(sql`
      insert into contracts (organization_id, song_id, artist_name, updated_at)
      select ${org}, ${old.id}, 'Filler Artist ' || g, now() - g * interval '1 minute'
      from generate_series(1, ${SEARCH_WINDOW + 50}) g`);
    await db().execute(sql`analyze songs`);
    await db().execute(sql`analyze contracts`);

    const body = await search(big.headers, 'ylophon');
    expect(body.songs.map((s) => s.id)).toEqual([old.id]);
    const byArtist = await search(big.headers, 'oldtimer');
    expect(byArtist.artists).toEqual([{ name: 'Quiet Oldtimer' }]);
    expect(byArtist.contracts.map((c) => c.artist_name)).toEqual(['Quiet Oldtimer']);
    expect(byArtist.songs.map((s) => s.id)).toEqual([old.id]);
    expect((await search(big.headers, 'vq')).songs.map((s) => s.id)).toEqual([oldWord.id]);
    // Across words, and in another case.
    expect((await search(big.headers, 'GOTTEN XYLO')).songs.map((s) => s.id)).toEqual([old.id]);
    // Letters beyond ASCII: looked up by the ASCII letters between them, matched exactly.
    expect((await search(big.headers, 'ñandú')).songs.map((s) => s.id)).toEqual([accented.id]);
    expect((await search(big.headers, 'ñandu')).songs).toEqual([]);
    // The same answers on later runs of the statement (PostgreSQL switches to its generic plan
    // after five executions on a connection).
    for (let i = 0; i < 8; i++) {
      expect((await search(big.headers, 'ylophon')).songs.map((s) => s.id)).toEqual([old.id]);
    }
  });

  it('refuses a query under 2 characters or over 100 with a clear message (400)', async () => {
    for (const q of ['a', '  b  ', '']) {
      const res = await searchRaw(admin.headers, { q });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: 'Type at least 2 characters to search',
          fields: { q: 'Type at least 2 characters to search' },
        },
      });
    }
    const missing = await searchRaw(admin.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Type at least 2 characters to search');
    const long = await searchRaw(admin.headers, { q: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Search text must be at most 100 characters');
    expect((await searchRaw(admin.headers, { q: 'x'.repeat(100) })).statusCode).toBe(200);
  });

  it('needs a signed-in member of a label', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/search?q=ab' })).statusCode).toBe(401);
  });
});

describe("the browser tests' fixture route", () => {
  it('exists only with NODE_ENV=test', async () => {
    const dev = await createTestServer({ NODE_ENV: 'development' });
    try {
      const admin = await adminWithLabel(dev.app);
      const res = await dev.app.inject({
        method: 'POST',
        url: '/api/v1/test-fixtures/search',
        headers: admin.headers,
        payload: { song_id: crypto.randomUUID(), contract_artist_name: 'X', metadata_status: 'draft' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await dev.close();
    }
  });
});

describe('trigramSearch', () => {
  const org = '1A3091a8-a106-47f8-ae55-82acc5438ee4';
  it('looks anywhere from 3 letters or digits in a row, at word starts for 2, never without one', () => {
    expect(trigramSearch(org, 'Night')).toEqual({
      pattern: '%Night%',
      keys: ['1a3091a8nig', '1a3091a8igh', '1a3091a8ght'],
    });
    expect(trigramSearch(org, 'a_b1c2 ab')).toEqual({
      pattern: '%a\\_b1c2 ab%',
      keys: ['1a3091a8b1c', '1a3091a81c2'],
    });
    expect(trigramSearch(org, 'Lo')).toEqual({ pattern: '% Lo%', keys: ['1a3091a8 lo'] });
    for (const q of ['a b', '%%', 'é!', 'ñé'])
      expect(trigramSearch(org, q)).toEqual({ pattern: '', keys: [] });
  });
});
