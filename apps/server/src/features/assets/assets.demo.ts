import type { OrgTx } from '../../platform/db/index.ts';
import { recordStorageUsage } from '../../platform/plans/storage-quota.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { buildKey } from '../../platform/storage/keys.ts';
import { makePng, makeWavWith } from '../../platform/storage/test-media.ts';
import { insertAssetVersion } from './assets.repo.ts';

export interface DemoInput {
  organizationId: string;
  songs: { id: string; title: string; artist: string }[];
  reviewers: { id: string; name: string }[];
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'song';

/**
 * Demo assets for the first two signed songs: a 3000 x 3000 PNG cover and a short 16-bit 44.1 kHz
 * master on the first, a typed bio on both. Files need the storage driver (the lead's seed passes
 * ctx.storage.driver); without it nothing is written, so no row points at a missing file.
 */
export async function seedAssetsDemo(tx: OrgTx, input: DemoInput, storage?: StorageDriver) {
  if (!storage) return;
  const { organizationId } = input;
  const uploader = input.reviewers[0]?.id ?? null;
  for (const [index, song] of input.songs.slice(0, 2).entries()) {
    const files: {
      kind: 'artwork' | 'master' | 'bio';
      name: string;
      type: string;
      body: Buffer;
      summary: string;
    }[] = [
      {
        kind: 'bio',
        name: 'bio.txt',
        type: 'text/plain',
        body: Buffer.from(
          `${song.artist} writes and produces from a small home studio. "${song.title}" was recorded over two weekends with friends.\n`,
        ),
        summary: 'Text',
      },
    ];
    if (index === 0) {
      files.push(
        {
          kind: 'artwork',
          name: `${slug(song.title)}-cover.png`,
          type: 'image/png',
          body: makePng(3000, 3000),
          summary: '3000 x 3000 px · RGB · PNG',
        },
        {
          kind: 'master',
          name: `${slug(song.title)}-master.wav`,
          type: 'audio/wav',
          body: makeWavWith({ bits: 16, sampleRate: 44_100, channels: 1, frames: 22_050 }),
          summary: '16-bit · 44.1 kHz · WAV',
        },
      );
    }
    for (const file of files) {
      const key = buildKey(organizationId, 'assets', `${song.id}_${file.kind}_demo`, file.name);
      await storage.put(key, file.body, { contentType: file.type });
      await insertAssetVersion(tx, {
        organizationId,
        songId: song.id,
        scope: file.kind === 'bio' ? 'artist' : 'release',
        kind: file.kind,
        fileKey: key,
        filename: file.name,
        contentType: file.type,
        sizeBytes: file.body.length,
        details: { summary: file.summary, accepted: true, problems: [] },
        uploadedBy: uploader,
      });
      await recordStorageUsage(tx, organizationId, key, file.body.length, `asset:${file.kind}`);
    }
  }
}
