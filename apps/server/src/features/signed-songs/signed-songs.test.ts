import type { SignedSongOverviewDto, SignedSongsDto } from '@music-review/core/signed-songs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';

describe('signed songs: the list with workflow chips and the Overview tab', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  const ids = {} as Record<'fresh' | 'done' | 'halfway' | 'pending' | 'foreign', string>;

  const get = <T>(url: string, headers = admin.headers) =>
    server.app
      .inject({ method: 'GET', url, headers })
      .then((res) => ({ status: res.statusCode, body: res.json<T>() }));

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Workflow Lab');
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    const db = server.database.asOwner('tests build rows directly');
    const org = admin.organization.id;
    const day = (n: number) => new Date(Date.UTC(2026, 10, n));
    ids.fresh = (
      await insertSong(db, {
        organizationId: org,
        title: 'Fresh Ink',
        artist: 'Nova Lane',
        status: 'signed',
        submittedAt: day(20),
      })
    ).id;
    ids.done = (
      await insertSong(db, {
        organizationId: org,
        title: 'Gold Run',
        artist: 'nova lane',
        status: 'signed',
        submittedAt: day(10),
      })
    ).id;
    ids.halfway = (
      await insertSong(db, {
        organizationId: org,
        title: 'Half Light',
        artist: 'Kite Club',
        status: 'signed',
        submittedAt: day(15),
      })
    ).id;
    ids.pending = (
      await insertSong(db, {
        organizationId: org,
        title: 'Not Yet',
        artist: 'Kite Club',
        submittedAt: day(19),
      })
    ).id;
    ids.foreign = (
      await insertSong(db, {
        organizationId: outsider.organization.id,
        title: 'Theirs',
        artist: 'Nova Lane',
        status: 'signed',
      })
    ).id;
    // Gold Run has everything; Half Light a signed contract, submitted metadata and artwork only.
    await db.execute(sql`insert into contracts (organization_id, song_id, artist_name, status) values
        (${org}, ${ids.done}, 'Nova Lane', 'signed'),
        (${org}, ${ids.halfway}, 'Kite Club', 'declined'),
        (${org}, ${ids.halfway}, 'Kite Club', 'signed')`);
    await db.execute(sql`insert into metadata_forms (organization_id, song_id, status) values
        (${org}, ${ids.done}, 'confirmed'), (${org}, ${ids.halfway}, 'submitted')`);
    await db.execute(
      sql`insert into label_copies (organization_id, song_id, status) values (${org}, ${ids.done}, 'final')`,
    );
    await db.execute(sql`insert into song_assets (organization_id, song_id, scope, kind, version, file_key, filename, content_type, size_bytes) values
        (${org}, ${ids.done}, 'release', 'artwork', 1, ${`${org}/assets/${ids.done}/cover.png`}, 'cover.png', 'image/png', 10),
        (${org}, ${ids.done}, 'release', 'master', 1, ${`${org}/assets/${ids.done}/master.wav`}, 'master.wav', 'audio/wav', 10),
        (${org}, ${ids.halfway}, 'release', 'artwork', 1, ${`${org}/assets/${ids.halfway}/cover.png`}, 'cover.png', 'image/png', 10)`);
    await db.execute(
      sql`insert into release_readiness (organization_id, song_id) values (${org}, ${ids.done})`,
    );
    await db.execute(
      sql`insert into marketing_campaigns (organization_id, song_id, name, status) values (${org}, ${ids.halfway}, 'Launch', 'active')`,
    );
    const [campaign] = await queryRows<{ id: string }>(
      db,
      sql`select id from marketing_campaigns where song_id = ${ids.halfway}`,
    );
    await db.execute(sql`
      insert into marketing_tasks (organization_id, campaign_id, song_id, title, status) values
        (${org}, ${campaign!.id}, ${ids.halfway}, 'Pitch to playlists', 'todo'),
        (${org}, ${campaign!.id}, ${ids.halfway}, 'Press release', 'done')`);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists only the label’s signed songs, newest first, with each one’s stage and chips', async () => {
    const { status, body } = await get<SignedSongsDto>('/api/v1/signed-songs');
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.songs.map((s) => [s.title, s.stage])).toEqual([
      ['Fresh Ink', 'contract'],
      ['Half Light', 'metadata'],
      ['Gold Run', 'ready'],
    ]);
    const chips = (title: string) =>
      body.songs.find((s) => s.title === title)!.chips.map((c) => `${c.name}: ${c.value}`);
    expect(chips('Half Light')).toEqual([
      'Contract: Signed',
      'Metadata: To review',
      'Label copy: Not started',
      'Assets: Master missing',
      'Marketing: Active · 1 open task',
    ]);
    expect(chips('Gold Run')).toContain('Assets: Ready for release');
    expect(body.artists).toEqual(['Kite Club', 'Nova Lane']);
    // Artwork comes as a signed link that works; no artwork, no link.
    expect(body.songs.find((s) => s.title === 'Fresh Ink')!.artwork_url).toBeNull();
    expect(body.songs.find((s) => s.title === 'Gold Run')!.artwork_url).toMatch(/cover\.png/);
  });

  it('filters by search text, by artist (any case) and by stage, and pages', async () => {
    const titles = async (query: string) =>
      (await get<SignedSongsDto>(`/api/v1/signed-songs?${query}`)).body.songs.map((s) => s.title);
    expect(await titles('q=half')).toEqual(['Half Light']);
    expect(await titles('artist=NOVA%20LANE')).toEqual(['Fresh Ink', 'Gold Run']);
    expect(await titles('stage=ready')).toEqual(['Gold Run']);
    expect(await titles('stage=contract&artist=Nova%20Lane')).toEqual(['Fresh Ink']);
    const page = await get<SignedSongsDto>('/api/v1/signed-songs?limit=1&offset=1');
    expect(page.body.songs.map((s) => s.title)).toEqual(['Half Light']);
    expect(page.body.total).toBe(3);
    const past = await get<SignedSongsDto>('/api/v1/signed-songs?limit=1&offset=9');
    expect(past.body).toMatchObject({ songs: [], total: 3 });
    const bad = await get<{ error: { message: string } }>('/api/v1/signed-songs?stage=nearly');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/stage: must be one of contract/);
  });

  it('tells the Overview tab what blocks the release and how much there is', async () => {
    const { status, body } = await get<SignedSongOverviewDto>(`/api/v1/signed-songs/${ids.halfway}`);
    expect(status).toBe(200);
    expect(body.stage).toBe('metadata');
    expect(body.stage_index).toBe(1);
    expect(body.blockers).toEqual([
      'The artist submitted the metadata: review and confirm it',
      'Final master missing',
      'Label copy not final',
    ]);
    expect(body.counts).toEqual({ contracts: 2, campaigns: 1, open_tasks: 1, assets: 1, project_files: 0 });
    const done = await get<SignedSongOverviewDto>(`/api/v1/signed-songs/${ids.done}`);
    expect(done.body.blockers).toEqual([]);
    expect(done.body.release_ready_at).not.toBeNull();
  });

  it('answers 404 for another label’s song and for a song not signed', async () => {
    expect((await get(`/api/v1/signed-songs/${ids.foreign}`)).status).toBe(404);
    expect((await get(`/api/v1/signed-songs/${ids.pending}`)).status).toBe(404);
    const theirs = await get<SignedSongsDto>('/api/v1/signed-songs', outsider.headers);
    expect(theirs.body.songs.map((s) => s.title)).toEqual(['Theirs']);
  });
});
