import { generateWaveform, samplesPerPixelFor } from '@music-review/core/waveform';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { reviewers, songs } from '../../platform/db/schema.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { buildKey } from '../../platform/storage/keys.ts';
import { recordSignedSongs } from '../catalogue/catalogue-sync.service.ts';
import { insertReview, insertRevision, insertSong } from '../songs/songs.demo.ts';
import { DEMO_SAMPLE_RATE, encodeWav, synthesizeTrack, type TrackRecipe } from './demo-audio.ts';

interface DemoSong {
  title: string;
  artist: string;
  submitter: string;
  daysAgo: number;
  recipe: TrackRecipe;
  /** Scores by alex and sam ([musical, artist, overall]). */
  reviews?: { alex?: [number, number, number]; sam?: [number, number, number] };
  status?: 'signed';
  /** A second version uploaded later (the first version's reviews stay with version 1). */
  revision?: TrackRecipe;
}

const DEMO_SONGS: DemoSong[] = [
  {
    title: 'Neon Harbour',
    artist: 'Lumen Vale',
    submitter: 'lumen@artists.test',
    daysAgo: 0.3,
    recipe: { seconds: 95, bpm: 122, timbre: 'saw', root: 57, seed: 1 },
  },
  {
    title: 'Paper Moons',
    artist: 'Ivy & The Lanterns',
    submitter: 'ivy@artists.test',
    daysAgo: 1.2,
    recipe: { seconds: 20, bpm: 90, timbre: 'pluck', root: 60, seed: 2 },
  },
  {
    title: 'Slow Tide',
    artist: 'Marlow',
    submitter: 'marlow@artists.test',
    daysAgo: 2.5,
    recipe: { seconds: 240, bpm: 72, timbre: 'sine', root: 52, seed: 3 },
    reviews: { alex: [8, 7, 8] },
  },
  {
    title: 'Concrete Bloom',
    artist: 'Northside Kids',
    submitter: 'nsk@artists.test',
    daysAgo: 3.1,
    recipe: { seconds: 150, bpm: 140, timbre: 'square', root: 55, seed: 4 },
    reviews: { alex: [6, 8, 7], sam: [7, 9, 8] },
  },
  {
    title: 'Glass Hours',
    artist: 'Aiko Brandt',
    submitter: 'aiko@artists.test',
    daysAgo: 4.4,
    recipe: { seconds: 64, bpm: 110, timbre: 'pluck', root: 62, seed: 5 },
    reviews: { sam: [9, 8, 9] },
  },
  {
    title: 'Runaway Signal',
    artist: 'The Static Hearts',
    submitter: 'static@artists.test',
    daysAgo: 5.2,
    recipe: { seconds: 120, bpm: 128, timbre: 'saw', root: 50, seed: 6 },
    reviews: { sam: [5, 6, 5] },
    revision: { seconds: 125, bpm: 124, timbre: 'square', root: 50, seed: 16 },
  },
  {
    title: 'Afterglow Drive',
    artist: 'Cass Rivera',
    submitter: 'cass@artists.test',
    daysAgo: 6.4,
    recipe: { seconds: 48, bpm: 100, timbre: 'sine', root: 58, seed: 7 },
  },
  {
    title: 'Quiet Engines',
    artist: 'Oda',
    submitter: 'oda@artists.test',
    daysAgo: 9,
    recipe: { seconds: 36, bpm: 84, timbre: 'pluck', root: 53, seed: 8 },
  },
  {
    title: 'Summer Static',
    // Lumen Vale's second signed song: its agreement is cross-collateralised with Harbour Lights'.
    artist: 'Lumen Vale',
    submitter: 'lumen@artists.test',
    daysAgo: 2,
    recipe: { seconds: 80, bpm: 118, timbre: 'square', root: 64, seed: 9 },
    reviews: { alex: [9, 9, 9], sam: [8, 9, 9] },
    status: 'signed',
  },
  {
    title: 'Paper Moons',
    artist: 'Kite Club',
    submitter: 'kite@artists.test',
    daysAgo: 12,
    recipe: { seconds: 64, bpm: 104, timbre: 'pluck', root: 60, seed: 11 },
    reviews: { alex: [8, 8, 8], sam: [9, 8, 9] },
    status: 'signed',
  },
  {
    title: 'Harbour Lights',
    artist: 'Lumen Vale',
    submitter: 'lumen@artists.test',
    daysAgo: 20,
    recipe: { seconds: 72, bpm: 126, timbre: 'saw', root: 55, seed: 12 },
    reviews: { alex: [9, 8, 9], sam: [9, 9, 8] },
    status: 'signed',
  },
  {
    title: 'Low Light',
    artist: 'Fennick',
    submitter: 'alex@demo.test',
    daysAgo: 0.8,
    recipe: { seconds: 180, bpm: 96, timbre: 'saw', root: 48, seed: 10 },
  },
];

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Audio and its waveform, stored where a real upload would put them. */
async function storeTrack(
  storage: StorageDriver,
  organizationId: string,
  folder: 'audio' | 'revisions',
  id: string,
  name: string,
  recipe: TrackRecipe,
) {
  const samples = synthesizeTrack(recipe);
  const audioKey = buildKey(organizationId, folder, id, `${name}.wav`);
  await storage.put(audioKey, encodeWav(samples), { contentType: 'audio/wav' });
  const waveform = generateWaveform([samples], DEMO_SAMPLE_RATE, {
    samplesPerPixel: samplesPerPixelFor(recipe.seconds),
  });
  const waveformKey = buildKey(organizationId, 'waveforms', id, `${name}.json`);
  await storage.put(waveformKey, Buffer.from(JSON.stringify(waveform)), { contentType: 'application/json' });
  return { audioKey, waveformKey };
}

/**
 * The demo label's catalogue: twelve songs with real audio, some reviewed by alex and sam, one expired,
 * one in its second version, three signed. Runs once (skipped when the label already has songs).
 */
export async function seedDemoSongs(database: Database, storage: StorageDriver, organizationId: string) {
  return database.withOrg(organizationId, async (db) => {
    const existing = await db
      .select({ id: songs.id })
      .from(songs)
      .where(eq(songs.organizationId, organizationId))
      .limit(1);
    if (existing.length > 0) return 0;
    const team = await db.select().from(reviewers).where(eq(reviewers.organizationId, organizationId));
    const byEmail = new Map(team.map((r) => [r.email, r.id]));
    const admin = byEmail.get('admin@demo.test') ?? null;
    const now = Date.now();
    for (const demo of DEMO_SONGS) {
      const id = crypto.randomUUID();
      const name = slug(demo.title);
      const files = await storeTrack(storage, organizationId, 'audio', id, name, demo.recipe);
      const song = await insertSong(db, {
        id,
        organizationId,
        title: demo.title,
        artist: demo.artist,
        submittedAt: new Date(now - demo.daysAgo * 86_400_000),
        status: demo.status ?? 'pending',
        submissionSource: demo.submitter,
        audioFileKey: files.audioKey,
        waveformFileKey: files.waveformKey,
        createdBy: admin,
      });
      // A signed song is a recording of the catalogue, as when an admin signs one.
      if (song.status === 'signed') await recordSignedSongs(db, organizationId, [song.id], admin);
      for (const [who, scores] of Object.entries(demo.reviews ?? {})) {
        const reviewerId = byEmail.get(`${who}@demo.test`);
        if (reviewerId && scores)
          await insertReview(db, { organizationId, songId: song.id, reviewerId, scores });
      }
      if (demo.revision) {
        const v2 = await storeTrack(storage, organizationId, 'revisions', id, `${name}-v2`, demo.revision);
        await insertRevision(db, {
          organizationId,
          songId: song.id,
          versionNumber: 2,
          audioFileKey: v2.audioKey,
          waveformFileKey: v2.waveformKey,
        });
      }
    }
    return DEMO_SONGS.length;
  });
}
