/**
 * Distribution's background work (decision 0027) on the job queue (decision 0024):
 * - `distribution-inspect-media`: reads a release's artwork and masters once each (format,
 *   checksums, silence), for readiness and the ERN;
 * - `distribution-deliver`: writes one delivery's batch to its destination, resources first, the
 *   ERN next, the completion marker last, resuming after the files already written;
 * - every DISTRIBUTION_ACK_POLL_SECONDS, once across copies: reads destinations' acknowledgement
 *   folders and applies what they say.
 */
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DELIVERY_KIND_LABELS, type DeliveryKind, storeLabel } from '@music-review/core/distribution';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobRun } from '../../platform/jobs/queue.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { ackFolderOf, openDestination, transportConfig } from './destinations.service.ts';
import type { BatchFile } from './distribution.ern.ts';
import * as repo from './distribution.repo.ts';
import { inspectMediaStream } from './media/inspect-media.ts';
import { parseAcknowledgement } from './transports/ack-parse.ts';
import { type DeliveryTransport, TransportError } from './transports/transport.ts';

export const DISTRIBUTION_JOB_KINDS = {
  inspect: 'distribution-inspect-media',
  deliver: 'distribution-deliver',
  acks: 'distribution-acks',
} as const;

export type InspectInput = { release_id: string; keys: string[] };
export const inspectionJobFor = (releaseId: string, keys: string[]): InspectInput => ({
  release_id: releaseId,
  keys,
});
export type DeliverInput = { delivery_id: string };

/** Attempts after the first; a transfer that keeps failing ends the delivery in error. */
const DELIVER_RETRIES = 3;

export function defineDistributionJobs(ctx: AppContext) {
  const notifications = createNotificationsService(ctx);

  ctx.jobs.define<InspectInput>(
    DISTRIBUTION_JOB_KINDS.inspect,
    async (run) => {
      const keys = run.input.keys;
      const done = new Set((run.cursor?.done as string[] | undefined) ?? []);
      for (const key of keys) {
        if (done.has(key)) continue;
        const object = await ctx.storage.driver.getStream(key);
        const result = object ? await inspectMediaStream(object.body) : null;
        done.add(key);
        await run.step(async (tx) => {
          if (result) await repo.saveInspection(tx, run.organizationId, key, { ...result });
          return {
            done: done.size,
            total: keys.length,
            message: `${done.size} of ${keys.length} files checked`,
            cursor: { done: [...done] },
          };
        });
      }
      return { inspected: done.size };
    },
    { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 30 * 60 },
  );

  ctx.jobs.define<DeliverInput>(DISTRIBUTION_JOB_KINDS.deliver, (run) => deliver(ctx, notifications, run), {
    retryLimit: DELIVER_RETRIES,
    retryDelaySeconds: 10,
    expireInSeconds: 60 * 60,
  });

  ctx.jobs.every(DISTRIBUTION_JOB_KINDS.acks, ctx.config.DISTRIBUTION_ACK_POLL_SECONDS, async () => {
    await pollAcknowledgements(ctx, notifications);
  });
}

type Notifications = ReturnType<typeof createNotificationsService>;

/** Streams a stored file to the destination, checking its size and MD5 on the way. */
async function sendFile(ctx: AppContext, transport: DeliveryTransport, batch: string, file: BatchFile) {
  const object = await ctx.storage.driver.getStream(file.key);
  if (!object)
    throw new AppError('not_found', `The file for ${file.path} is no longer stored: upload it again.`);
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  let bytes = 0;
  // Hashes what passes through; the transport reads the other end at its own pace.
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      sha256.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const sending = transport.put(`${batch}/${file.path}`, tap, file.bytes);
  await Promise.all([pipeline(object.body, tap), sending]);
  const sums = { md5: md5.digest('hex'), sha256: sha256.digest('hex') };
  if (bytes !== file.bytes || sums.md5 !== file.md5)
    throw new AppError(
      'conflict',
      `${file.path} changed after the message was built (its checksum differs): deliver again.`,
    );
  return { path: file.path, bytes, ...sums };
}

async function deliver(ctx: AppContext, notifications: Notifications, run: JobRun<DeliverInput>) {
  const org = run.organizationId;
  const id = run.input.delivery_id;
  const loaded = await ctx.database.withOrg(org, async (tx) => {
    const delivery = await repo.findDelivery(tx, org, id);
    if (!delivery) return null;
    const destination = await repo.findDestination(tx, org, delivery.destination_id);
    const ern = await repo.deliveryErn(tx, org, id);
    if (delivery.status === 'queued') await repo.markDelivery(tx, org, id, { status: 'sending' });
    return { delivery, destination, xml: ern?.ern_xml ?? null };
  });
  if (!loaded || loaded.delivery.status === 'delivered' || loaded.delivery.status === 'failed')
    return undefined;
  const { delivery, destination, xml } = loaded;
  if (!destination || !xml) {
    await finish(ctx, notifications, org, delivery, {
      ok: false,
      error: 'The destination was removed before the delivery ran.',
    });
    return undefined;
  }
  const planned = delivery.files as unknown as BatchFile[];
  const batch = delivery.message_id;
  const sent = new Map(
    (
      (run.cursor?.sent as { path: string; bytes: number; md5: string; sha256: string }[] | undefined) ?? []
    ).map((f) => [f.path, f]),
  );
  let transport: DeliveryTransport | undefined;
  try {
    transport = await openDestination(ctx, destination);
    for (const file of planned) {
      if (sent.has(file.path)) continue;
      const written = await sendFile(ctx, transport, batch, file);
      sent.set(file.path, written);
      await run.step(async () => ({
        done: sent.size,
        total: planned.length + 2,
        message: `${sent.size} of ${planned.length} files sent`,
        cursor: { sent: [...sent.values()] },
      }));
    }
    const ernBytes = Buffer.from(xml, 'utf8');
    await transport.put(`${batch}/${batch}.xml`, Readable.from([ernBytes]), ernBytes.length);
    // Written last: a distributor takes a batch only once its completion marker is there.
    const marker = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<BatchComplete>${batch}</BatchComplete>\n`,
      'utf8',
    );
    await transport.put(`${batch}/BatchComplete_${batch}.xml`, Readable.from([marker]), marker.length);
    const files = [
      ...sent.values(),
      {
        path: `${batch}.xml`,
        bytes: ernBytes.length,
        md5: createHash('md5').update(ernBytes).digest('hex'),
        sha256: createHash('sha256').update(ernBytes).digest('hex'),
      },
    ];
    await finish(ctx, notifications, org, delivery, { ok: true, files });
    return { files: files.length };
  } catch (error) {
    const retryable = error instanceof TransportError ? error.retryable : !(error instanceof AppError);
    const last = run.attempt > DELIVER_RETRIES || !retryable;
    const message =
      error instanceof TransportError || error instanceof AppError
        ? error.message
        : 'The delivery failed unexpectedly. It was retried; deliver again, or ask support if it keeps failing.';
    // The transports say "the delivery will be tried again"; on the last attempt it will not be.
    const settled = message.replace(/[.;]?\s*[Tt]he delivery will be tried again\.$/, '.');
    if (last) {
      const tries = run.attempt > 1 ? ` It failed ${run.attempt} times: deliver again once it is fixed.` : '';
      await finish(ctx, notifications, org, delivery, { ok: false, error: `${settled}${tries}` });
      return undefined;
    }
    await ctx.database.withOrg(org, (tx) =>
      repo.addEvent(tx, org, {
        releaseId: delivery.release_id,
        destinationId: delivery.destination_id,
        deliveryId: delivery.id,
        kind: 'delivery',
        message: `Attempt ${run.attempt} failed: ${settled} It will be tried again.`,
      }),
    );
    throw error;
  } finally {
    await transport?.close().catch(() => {});
  }
}

async function finish(
  ctx: AppContext,
  notifications: Notifications,
  orgId: string,
  delivery: repo.DeliveryRow,
  outcome: { ok: true; files: unknown[] } | { ok: false; error: string },
) {
  const notified = await ctx.database.withOrg(orgId, async (tx) => {
    await repo.markDelivery(
      tx,
      orgId,
      delivery.id,
      outcome.ok
        ? { status: 'delivered', error: null, files: outcome.files }
        : { status: 'failed', error: outcome.error },
    );
    const stores = await repo.storesOfDelivery(tx, orgId, delivery.id);
    for (const s of stores)
      await repo.setStoreStatus(tx, orgId, {
        releaseId: delivery.release_id,
        destinationId: delivery.destination_id,
        store: s.store,
        status: outcome.ok ? 'delivered' : 'error',
        note: outcome.ok ? null : outcome.error,
        deliveryId: delivery.id,
        eventKind: 'delivery',
        message: outcome.ok
          ? `${DELIVERY_KIND_LABELS[delivery.kind as DeliveryKind]} delivered to ${delivery.destination_name}`
          : outcome.error,
      });
    if (outcome.ok) return null;
    const title = await repo.releaseTitle(tx, orgId, delivery.release_id);
    return notifications.notify(tx, {
      organizationId: orgId,
      recipients: 'all_members',
      senderId: null,
      type: 'delivery_failed',
      message: `“${title}” could not be delivered to ${delivery.destination_name}: ${outcome.error}`,
    });
  });
  await notified?.sendEmails();
}

/** Reads every enabled destination's acknowledgement folder once and applies each new file. */
export async function pollAcknowledgements(ctx: AppContext, notifications: Notifications) {
  const owner = ctx.database.asOwner('acknowledgement folders of every label are read by one scheduled run');
  for (const destination of await repo.destinationsToPoll(owner)) {
    await pollDestination(ctx, notifications, destination).catch((error) =>
      console.warn('distribution: acknowledgements', error instanceof Error ? error.message : 'failed'),
    );
  }
}

async function pollDestination(
  ctx: AppContext,
  notifications: Notifications,
  destination: repo.PollableDestination,
) {
  const org = destination.organization_id;
  let transport: DeliveryTransport | undefined;
  let failure: string | null = null;
  try {
    transport = await openDestination(ctx, destination);
    const folder = ackFolderOf(transportConfig(ctx, destination));
    const files = (await transport.list(folder)).filter((f) => f.name.toLowerCase().endsWith('.xml'));
    for (const file of files) {
      const path = folder ? `${folder}/${file.name}` : file.name;
      const seen = await ctx.database.withOrg(org, (tx) => repo.ackSeen(tx, org, destination.id, file.name));
      if (!seen) await applyAck(ctx, notifications, destination, file.name, await transport.read(path));
      await transport.move(path, `${folder ? `${folder}/` : ''}processed/${file.name}`).catch(() => {});
    }
  } catch (error) {
    failure =
      error instanceof TransportError ? error.message : 'The acknowledgement folder could not be read.';
  } finally {
    await transport?.close().catch(() => {});
    await ctx.database.withOrg(org, (tx) => repo.markAcksChecked(tx, org, destination.id, failure));
  }
}

/** The batch a file name or path names: the folder of `<batch>/<batch>.xml`, or the file's stem. */
function batchOf(acknowledgedFile: string): string {
  const parts = acknowledgedFile.split(/[\\/]/).filter(Boolean);
  if (parts.length >= 2) return parts[parts.length - 2]!;
  return (parts[0] ?? '').replace(/\.xml$/i, '').replace(/^BatchComplete_/i, '');
}

async function applyAck(
  ctx: AppContext,
  notifications: Notifications,
  destination: repo.PollableDestination,
  fileName: string,
  bytes: Buffer,
) {
  const org = destination.organization_id;
  const parsed = parseAcknowledgement(bytes);
  const notified = await ctx.database.withOrg(org, async (tx) => {
    if (!parsed.ok) {
      await repo.recordAck(tx, org, {
        destinationId: destination.id,
        fileName,
        messageId: null,
        deliveryId: null,
        outcome: 'malformed',
        fileStatus: null,
        detail: parsed.reason,
      });
      return null;
    }
    const { ack } = parsed;
    const messageId = batchOf(ack.acknowledgedFile);
    const delivery = await repo.findDeliveryByMessageId(tx, org, destination.id, messageId);
    if (!delivery) {
      await repo.recordAck(tx, org, {
        destinationId: destination.id,
        fileName,
        messageId,
        deliveryId: null,
        outcome: 'unknown_message',
        fileStatus: ack.fileStatus,
        detail: `No delivery to this destination has the message ${messageId}.`,
      });
      return null;
    }
    const first = await repo.recordAck(tx, org, {
      destinationId: destination.id,
      fileName,
      messageId,
      deliveryId: delivery.id,
      outcome: 'applied',
      fileStatus: ack.fileStatus,
      detail: ack.errors.join(' ') || null,
    });
    if (!first) return null; // another copy applied it
    const kind = delivery.kind as DeliveryKind;
    const status = ack.accepted ? (kind === 'takedown' ? 'taken_down' : 'live') : 'error';
    const text = ack.accepted
      ? `${destination.name} accepted the ${DELIVERY_KIND_LABELS[kind].toLowerCase()} (${ack.fileStatus}).`
      : `${destination.name} refused the message (${ack.fileStatus}): ${ack.errors.join(' ') || 'no reason given'}`;
    const stores = await repo.storesOfDelivery(tx, org, delivery.id);
    for (const s of stores)
      await repo.setStoreStatus(tx, org, {
        releaseId: delivery.release_id,
        destinationId: destination.id,
        store: s.store,
        status,
        note: ack.accepted ? null : ack.errors.join(' ') || ack.fileStatus,
        deliveryId: delivery.id,
        eventKind: 'acknowledgement',
        message: text,
      });
    if (status === 'error' || status === 'live') {
      const title = await repo.releaseTitle(tx, org, delivery.release_id);
      const storeNames = stores
        .map((s) => storeLabel(s.store))
        .sort((a, b) => a.localeCompare(b))
        .join(', ');
      return notifications.notify(tx, {
        organizationId: org,
        recipients: 'all_members',
        senderId: null,
        type: status === 'live' ? 'store_live' : 'delivery_failed',
        message:
          status === 'live'
            ? `“${title}” is live on ${storeNames || destination.name}.`
            : `“${title}” was refused by ${destination.name}: ${ack.errors.join(' ') || ack.fileStatus}`,
      });
    }
    return null;
  });
  await notified?.sendEmails();
}
