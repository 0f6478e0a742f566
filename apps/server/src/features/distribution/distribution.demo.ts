import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { type Database, type OrgTx, queryRows } from '../../platform/db/index.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { buildKey } from '../../platform/storage/keys.ts';
import { makePng } from '../../platform/storage/test-media.ts';
import { ernInputOf, newMessageId } from './distribution.ern.ts';
import { gatherRelease } from './distribution.readiness.ts';
import * as repo from './distribution.repo.ts';
import { buildErn } from './ern/ern-build.ts';
import { inspectMediaStream } from './media/inspect-media.ts';

/** The demo label's DDEX party id and its distributor's (made up, in DDEX's format). */
const DEMO_DPID = 'PADPIDA2026000001D';
const DISTRIBUTOR = { dpid: 'PADPIDA2026000002X', name: 'Demo Distributor' };
const STORES = ['spotify', 'apple_music', 'youtube_music', 'deezer', 'tidal'];

/** Three seconds of a stereo chord, 16-bit at 44.1 kHz: a master stores accept. */
function demoMaster(seed: number): Buffer {
  const rate = 44_100;
  const frames = rate * 3;
  const data = Buffer.alloc(frames * 4);
  const base = 220 + (seed % 7) * 30;
  for (let i = 0; i < frames; i++) {
    const t = i / rate;
    const fade = Math.min(1, t * 4, (3 - t) * 4);
    const v = fade * 0.25 * (Math.sin(2 * Math.PI * base * t) + Math.sin(2 * Math.PI * base * 1.5 * t));
    const sample = Math.round(v * 32_767);
    data.writeInt16LE(sample, i * 4);
    data.writeInt16LE(sample, i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

async function storeFile(
  tx: OrgTx,
  storage: StorageDriver,
  org: string,
  key: string,
  bytes: Buffer,
  contentType: string,
) {
  await storage.put(key, bytes, { contentType });
  const inspection = await inspectMediaStream(Readable.from([bytes]));
  await repo.saveInspection(tx, org, key, { ...inspection });
}

/**
 * The demo label's distribution (issue 15, point 7): a folder destination (no server needed), and
 * three of its releases: "Runaway Signals" live in every store, "Paper Planes" refused by the
 * distributor (its acknowledgement's error on each store), and "Northern Static" blocked by
 * readiness (its radio edit shares the original's ISRC). Runs once: skipped when the label has a
 * destination.
 */
export async function seedDistributionDemo(database: Database, storage: StorageDriver, org: string) {
  const existing = await database.withOrg(org, (tx) => repo.listDestinations(tx, org));
  if (existing.length > 0) return false;
  await database.withOrg(org, async (tx) => {
    await tx.execute(
      sql`update catalogue_settings set ddex_dpid = coalesce(ddex_dpid, ${DEMO_DPID}) where organization_id = ${org}`,
    );
    const destination = await repo.insertDestination(tx, org, {
      name: 'Label outbox (demo)',
      kind: 'folder',
      config: { folder: 'demo-outbox', ack_folder: 'acknowledgements' },
      secret_sealed: null,
      recipient_dpid: DISTRIBUTOR.dpid,
      recipient_name: DISTRIBUTOR.name,
      stores: STORES,
      enabled: true,
    });
    if (!destination) return;
    const releases = await queryRows<{ id: string; title: string }>(
      tx,
      sql`select id, title from releases where organization_id = ${org}
          and title in ('Runaway Signals', 'Paper Planes', 'Northern Static')`,
    );
    const byTitle = new Map(releases.map((r) => [r.title, r.id]));
    let seed = 0;
    for (const [title, outcome] of [
      ['Runaway Signals', 'live'],
      ['Paper Planes', 'error'],
    ] as const) {
      const releaseId = byTitle.get(title);
      if (!releaseId) continue;
      // The files: artwork and a master per track, read as any upload is.
      const artworkKey = buildKey(org, 'assets', `release_${releaseId}_artwork_demo`, 'cover.png');
      await storeFile(tx, storage, org, artworkKey, makePng(3000, 3000), 'image/png');
      await tx.execute(
        sql`update releases set artwork_key = ${artworkKey} where organization_id = ${org} and id = ${releaseId}`,
      );
      const tracks = await queryRows<{ recording_id: string }>(
        tx,
        sql`select recording_id from release_tracks where organization_id = ${org} and release_id = ${releaseId}`,
      );
      for (const t of tracks) {
        const key = buildKey(org, 'assets', `recording_${t.recording_id}_master_demo`, 'master.wav');
        await storeFile(tx, storage, org, key, demoMaster(seed++), 'audio/wav');
        await tx.execute(
          sql`update recordings set audio_master_key = ${key} where organization_id = ${org} and id = ${t.recording_id}`,
        );
      }
      // What was sent, and what came back.
      const gathered = await gatherRelease(tx, org, releaseId);
      const sentAt = new Date(Date.now() - (outcome === 'live' ? 9 : 2) * 86_400_000);
      const messageId = newMessageId(sentAt);
      const { input, files } = ernInputOf(gathered, {
        kind: 'new',
        messageId,
        now: sentAt,
        recipient: DISTRIBUTOR,
      });
      const deliveryId = await repo.insertDelivery(tx, org, {
        releaseId,
        destinationId: destination.id,
        kind: 'new',
        messageId,
        ernXml: buildErn(input),
        files: files.map(({ path, bytes, md5, sha256 }) => ({ path, bytes, md5, sha256 })),
        createdBy: null,
      });
      await repo.markDelivery(tx, org, deliveryId, { status: 'delivered', error: null });
      for (const store of STORES) {
        const step = (status: string, eventKind: string, message: string, note: string | null = null) =>
          repo.setStoreStatus(tx, org, {
            releaseId,
            destinationId: destination.id,
            store,
            status,
            action: 'new',
            note,
            deliveryId,
            eventKind,
            message,
          });
        await step('queued', 'delivery', `New release queued for ${destination.name} (message ${messageId})`);
        await step('delivered', 'delivery', `New release delivered to ${destination.name}`);
        if (outcome === 'live')
          await step('live', 'acknowledgement', `${destination.name} accepted the new release (FileOK).`);
        else
          await step(
            'error',
            'acknowledgement',
            `${destination.name} refused the message (FileRejected): The artwork's text does not match the release title.`,
            'The artwork’s text does not match the release title.',
          );
      }
      await repo.recordAck(tx, org, {
        destinationId: destination.id,
        fileName: `ACK_${messageId}.xml`,
        messageId,
        deliveryId,
        outcome: 'applied',
        fileStatus: outcome === 'live' ? 'FileOK' : 'FileRejected',
        detail: outcome === 'live' ? null : 'The artwork’s text does not match the release title.',
      });
    }
  });
  return true;
}
