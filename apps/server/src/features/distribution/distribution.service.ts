import {
  DELIVERY_KIND_LABELS,
  type DeliveryKind,
  DISTRIBUTION_MESSAGES,
  type ManualStoreStatus,
  type StoreStatus,
} from '@music-review/core/distribution';
import type { dealTermsBody } from '@music-review/core/distribution-schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { iso, isoOrNull } from '../../platform/dates.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import { type BatchFile, createErnChecker, ernInputOf, newMessageId } from './distribution.ern.ts';
import { DISTRIBUTION_JOB_KINDS, inspectionJobFor } from './distribution.jobs.ts';
import { type GatheredRelease, gatherRelease, readinessOf } from './distribution.readiness.ts';
import * as repo from './distribution.repo.ts';

type DealTermsBody = z.output<typeof dealTermsBody>;

const releaseNotFound = () => notFound(DISTRIBUTION_MESSAGES.releaseNotFound);

export function deliveryDto(row: repo.DeliveryRow) {
  return {
    id: row.id,
    kind: row.kind,
    destination_id: row.destination_id,
    destination_name: row.destination_name,
    message_id: row.message_id,
    status: row.status,
    error: row.error,
    files: row.files.map((f) => ({ path: f.path, bytes: f.bytes, md5: f.md5, sha256: f.sha256 })),
    created_by: row.created_by_name,
    created_at: iso(row.created_at),
    started_at: isoOrNull(row.started_at),
    finished_at: isoOrNull(row.finished_at),
  };
}

const storeDto = (row: repo.StoreRow) => ({
  destination_id: row.destination_id,
  destination_name: row.destination_name,
  store: row.store,
  status: row.status as StoreStatus,
  action: row.action as DeliveryKind | null,
  note: row.note,
  queued_at: isoOrNull(row.queued_at),
  delivered_at: isoOrNull(row.delivered_at),
  live_at: isoOrNull(row.live_at),
  error_at: isoOrNull(row.error_at),
  taken_down_at: isoOrNull(row.taken_down_at),
  updated_at: isoOrNull(row.updated_at),
});

const summaryDto = (r: repo.ReleaseRow) => ({
  id: r.id,
  title: r.title,
  version: r.version,
  display_artist: r.display_artist,
  release_type: r.release_type,
  upc: r.upc,
  catalogue_number: r.catalogue_number,
  release_date: r.release_date,
  track_count: r.track_count,
});

/** The status a store takes when a delivery of this kind is queued, sent, or accepted. */
const STATUS_FOR: Record<DeliveryKind, { queued: StoreStatus; accepted: StoreStatus }> = {
  new: { queued: 'queued', accepted: 'live' },
  update: { queued: 'queued', accepted: 'live' },
  takedown: { queued: 'takedown_requested', accepted: 'taken_down' },
};
export const storeStatusFor = STATUS_FOR;

export function createDistributionService(ctx: AppContext) {
  const { database } = ctx;
  const ern = createErnChecker(ctx);

  /** Files without an inspection get one job per release (not one per page view). */
  async function inspectMissing(member: Member, releaseId: string, keys: string[]) {
    if (keys.length === 0) return;
    const pending = await database.withOrg(member.organizationId, (tx) =>
      repo.inspectionJobPending(tx, member.organizationId, releaseId),
    );
    if (pending) return;
    await ctx.jobs.enqueue(
      member.organizationId,
      member.reviewer.id,
      DISTRIBUTION_JOB_KINDS.inspect,
      inspectionJobFor(releaseId, keys),
    );
  }

  async function readDetail(tx: OrgTx, org: string, g: GatheredRelease, now: Date) {
    const readiness = readinessOf(g, now);
    await repo.saveReadinessSummary(tx, org, g.release.id, {
      errors: readiness.errors.length,
      warnings: readiness.warnings.length,
    });
    // One after the other: a transaction is one connection, which runs one query at a time.
    const stores = await repo.releaseStores(tx, org, g.release.id);
    const deliveries = await repo.releaseDeliveries(tx, org, g.release.id);
    const history = await repo.releaseHistory(tx, org, g.release.id);
    const validation = await repo.lastValidation(tx, org, g.release.id);
    const destinations = await repo.listDestinations(tx, org);
    const inFlight = await repo.deliveryInFlight(tx, org, g.release.id);
    const r = g.release;
    return {
      release: summaryDto(r),
      readiness: {
        checked_at: iso(now),
        checking: readiness.checking,
        errors: readiness.errors,
        warnings: readiness.warnings,
      },
      deal_terms: {
        territory_mode: r.territory_mode ?? 'worldwide',
        territories: r.territories ?? [],
        pre_order_date: r.pre_order_date,
        row_version: r.terms_row_version ?? 0,
      },
      stores: stores.map(storeDto),
      deliveries: deliveries.map(deliveryDto),
      last_validation: validation
        ? {
            at: iso(validation.created_at),
            kind: validation.from_status as DeliveryKind,
            valid: validation.to_status === 'valid',
            errors: validation.message
              ? (JSON.parse(validation.message) as { line: number; message: string }[])
              : [],
          }
        : null,
      history: history.map((e) => ({
        id: e.id,
        at: iso(e.created_at),
        kind: e.kind,
        store: e.store,
        destination_name: e.destination_name,
        from_status: e.from_status,
        to_status: e.to_status,
        message: e.kind === 'validation' ? validationSummary(e) : e.message,
        by: e.actor_name,
      })),
      in_flight: inFlight !== null,
      destinations: destinations.map((d) => ({ id: d.id, name: d.name, enabled: d.enabled })),
    };
  }

  return {
    /** GET /api/v1/distribution/releases */
    async list(
      member: Member,
      query: {
        status?: string | undefined;
        destination?: string | undefined;
        q?: string | undefined;
        limit: number;
        offset: number;
      },
    ) {
      requireCatalogue(member);
      const org = member.organizationId;
      const today = new Date().toISOString().slice(0, 10);
      return database.withOrg(org, async (tx) => {
        const rows = await repo.listReleases(tx, org, query);
        const counts = await repo.listCounts(tx, org, today);
        return {
          rows: rows.map(({ total: _total, ...row }) => ({
            id: row.id,
            title: row.title,
            version: row.version,
            display_artist: row.display_artist,
            release_type: row.release_type,
            upc: row.upc,
            catalogue_number: row.catalogue_number,
            release_date: row.release_date,
            track_count: row.track_count,
            pipeline_status: row.pipeline_status as never,
            readiness_errors: row.readiness_errors,
            readiness_warnings: row.readiness_warnings,
            stores_total: row.stores_total,
            stores_live: row.stores_live,
            stores_error: row.stores_error,
            destinations: row.destinations.filter((d) => d !== null),
            last_change_at: isoOrNull(row.last_change_at),
          })),
          total: rows[0]?.total ?? 0,
          counts,
        };
      });
    },

    /** GET /api/v1/distribution/releases/{id} */
    async get(member: Member, releaseId: string) {
      requireCatalogue(member);
      const org = member.organizationId;
      const now = new Date();
      const { detail, uninspected } = await database.withOrg(org, async (tx) => {
        const g = await gatherRelease(tx, org, releaseId).catch((error) => {
          if (error instanceof AppError && error.code === 'not_found') throw releaseNotFound();
          throw error;
        });
        return { detail: await readDetail(tx, org, g, now), uninspected: g.uninspected };
      });
      await inspectMissing(member, releaseId, uninspected);
      return detail;
    },

    /** PUT /api/v1/distribution/releases/{id}/deal-terms */
    async saveDealTerms(member: Member, releaseId: string, body: DealTermsBody) {
      requireCatalogue(member);
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        if (!(await repo.findRelease(tx, org, releaseId))) throw releaseNotFound();
        const inFlight = await repo.deliveryInFlight(tx, org, releaseId);
        if (inFlight)
          throw new AppError('conflict', DISTRIBUTION_MESSAGES.lockedForDelivery(inFlight.destination_name));
        const territories = body.territory_mode === 'worldwide' ? [] : [...new Set(body.territories)].sort();
        const version = await repo.saveDealTerms(
          tx,
          org,
          releaseId,
          { territory_mode: body.territory_mode, territories, pre_order_date: body.pre_order_date },
          body.row_version,
        );
        if (version === null)
          throw new AppError('conflict', 'The deal terms were changed by someone else: reload them.');
        return {
          territory_mode: body.territory_mode,
          territories,
          pre_order_date: body.pre_order_date,
          row_version: version,
        };
      });
    },

    /**
     * POST /api/v1/distribution/releases/{id}/deliver: readiness, then one ERN per destination built
     * and checked against the schema (a message that fails is never sent: 422 with the errors), then
     * one delivery job per destination.
     */
    async deliver(
      member: Member,
      releaseId: string,
      body: { kind: DeliveryKind; destination_ids?: string[] | undefined },
    ) {
      requireCatalogue(member);
      const org = member.organizationId;
      const now = new Date();
      const created = await database.withOrg(org, async (tx) => {
        // One delivery decision per release at a time (two members pressing "Deliver" at once).
        await repo.lockRelease(tx, org, releaseId);
        const g = await gatherRelease(tx, org, releaseId).catch((error) => {
          if (error instanceof AppError && error.code === 'not_found') throw releaseNotFound();
          throw error;
        });
        const inFlight = await repo.deliveryInFlight(tx, org, releaseId);
        if (inFlight) throw new AppError('conflict', DISTRIBUTION_MESSAGES.inFlight);
        const all = await repo.listDestinations(tx, org);
        const wanted = body.destination_ids
          ? new Set(body.destination_ids.map((id) => id.toLowerCase()))
          : null;
        const destinations = all.filter((d) => (wanted ? wanted.has(d.id) : d.enabled));
        if (wanted && destinations.length !== wanted.size)
          throw notFound(DISTRIBUTION_MESSAGES.destinationNotFound);
        if (destinations.length === 0) throw new AppError('not_ready', DISTRIBUTION_MESSAGES.noDestination);
        if (body.kind !== 'new') {
          const stores = await repo.releaseStores(tx, org, releaseId);
          const sent = new Set(
            stores.filter((s) => s.status !== 'draft' && s.status !== 'ready').map((s) => s.destination_id),
          );
          if (destinations.some((d) => !sent.has(d.id)))
            throw new AppError('conflict', DISTRIBUTION_MESSAGES.notDelivered);
        }
        const readiness = readinessOf(g, now);
        if (readiness.checking > 0) throw new AppError('not_ready', DISTRIBUTION_MESSAGES.stillChecking);
        if (readiness.errors.length > 0)
          throw new AppError('not_ready', DISTRIBUTION_MESSAGES.notReady(readiness.errors.length));

        const planned: {
          destination: repo.DestinationRow;
          messageId: string;
          xml: string;
          files: BatchFile[];
        }[] = [];
        for (const destination of destinations) {
          const messageId = newMessageId(now);
          const { input, files } = ernInputOf(g, {
            kind: body.kind,
            messageId,
            now,
            recipient: { dpid: destination.recipient_dpid, name: destination.recipient_name },
          });
          const xml = ern.build(input);
          const result = await ern.validate(xml);
          if (!result.valid) {
            const errors = result.errors
              .slice(0, 50)
              .map((e) => ({ line: e.line, message: e.message.trim() }));
            await repo.addEvent(tx, org, {
              releaseId,
              destinationId: destination.id,
              kind: 'validation',
              fromStatus: body.kind,
              toStatus: 'invalid',
              message: JSON.stringify(errors),
              actorId: member.reviewer.id,
            });
            return { invalid: errors };
          }
          planned.push({ destination, messageId, xml, files });
        }
        await repo.addEvent(tx, org, {
          releaseId,
          kind: 'validation',
          fromStatus: body.kind,
          toStatus: 'valid',
          message: null,
          actorId: member.reviewer.id,
        });
        const ids: string[] = [];
        for (const p of planned) {
          const deliveryId = await repo.insertDelivery(tx, org, {
            releaseId,
            destinationId: p.destination.id,
            kind: body.kind,
            messageId: p.messageId,
            ernXml: p.xml,
            files: p.files,
            createdBy: member.reviewer.id,
          });
          ids.push(deliveryId);
          for (const store of p.destination.stores)
            await repo.setStoreStatus(tx, org, {
              releaseId,
              destinationId: p.destination.id,
              store,
              status: STATUS_FOR[body.kind].queued,
              action: body.kind,
              note: null,
              deliveryId,
              actorId: member.reviewer.id,
              eventKind: 'delivery',
              message: `${DELIVERY_KIND_LABELS[body.kind]} queued for ${p.destination.name} (message ${p.messageId})`,
            });
        }
        return { ids };
      });
      if ('invalid' in created)
        // The errors are kept as the release's last validation, which the page shows.
        throw new AppError('ern_invalid', DISTRIBUTION_MESSAGES.invalidErn);

      // Saved first, then sent (decision 0024): a copy that dies here leaves queued rows the sweep sends.
      for (const id of created.ids) {
        const job = await ctx.jobs.enqueue(org, member.reviewer.id, DISTRIBUTION_JOB_KINDS.deliver, {
          delivery_id: id,
        });
        await database.withOrg(org, (tx) => repo.setDeliveryJob(tx, org, id, job.id));
      }
      const rows = await database.withOrg(org, async (tx) => {
        const found: (repo.DeliveryRow | undefined)[] = [];
        for (const id of created.ids) found.push(await repo.findDelivery(tx, org, id));
        return found;
      });
      return { deliveries: rows.filter((r): r is repo.DeliveryRow => !!r).map(deliveryDto) };
    },

    /** POST /api/v1/distribution/releases/{id}/store-status: what a distributor's dashboard says. */
    async setStoreStatus(
      member: Member,
      releaseId: string,
      body: { destination_id: string; store: string; status: ManualStoreStatus; note: string },
    ) {
      requireCatalogue(member);
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        if (!(await repo.findRelease(tx, org, releaseId))) throw releaseNotFound();
        const destination = await repo.findDestination(tx, org, body.destination_id);
        if (!destination) throw notFound(DISTRIBUTION_MESSAGES.destinationNotFound);
        await repo.setStoreStatus(tx, org, {
          releaseId,
          destinationId: destination.id,
          store: body.store,
          status: body.status,
          note: body.note,
          actorId: member.reviewer.id,
          eventKind: 'status',
          message: body.note,
        });
        return { stores: (await repo.releaseStores(tx, org, releaseId)).map(storeDto) };
      });
    },

    /** GET /api/v1/distribution/deliveries/{id}/ern */
    async deliveryErn(member: Member, deliveryId: string) {
      requireCatalogue(member);
      const org = member.organizationId;
      const row = await database.withOrg(org, (tx) => repo.deliveryErn(tx, org, deliveryId));
      if (!row) throw notFound('Delivery not found');
      return { xml: row.ern_xml, fileName: `${row.message_id}.xml` };
    },

    /** GET /api/v1/distribution/releases/{id}/ern: the message as it would be sent to the first destination. */
    async previewErn(member: Member, releaseId: string) {
      requireCatalogue(member);
      const org = member.organizationId;
      const now = new Date();
      return database.withOrg(org, async (tx) => {
        const g = await gatherRelease(tx, org, releaseId).catch((error) => {
          if (error instanceof AppError && error.code === 'not_found') throw releaseNotFound();
          throw error;
        });
        const readiness = readinessOf(g, now);
        if (readiness.checking > 0) throw new AppError('not_ready', DISTRIBUTION_MESSAGES.stillChecking);
        if (readiness.errors.length > 0)
          throw new AppError('not_ready', DISTRIBUTION_MESSAGES.notReady(readiness.errors.length));
        const [destination] = await repo.listDestinations(tx, org);
        const messageId = newMessageId(now);
        const { input } = ernInputOf(g, {
          kind: 'new',
          messageId,
          now,
          recipient: destination
            ? { dpid: destination.recipient_dpid, name: destination.recipient_name }
            : { dpid: g.release.dpid ?? '', name: g.release.label_name ?? '' },
        });
        return { xml: ern.build(input), fileName: `${g.release.upc ?? releaseId}-preview.xml` };
      });
    },
  };
}

function validationSummary(e: repo.EventRow) {
  if (e.to_status === 'valid') return 'The message passed the ERN 4.3 schema.';
  const errors = e.message ? (JSON.parse(e.message) as unknown[]) : [];
  return `The message failed the ERN 4.3 schema with ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}; nothing was sent.`;
}

export type DistributionService = ReturnType<typeof createDistributionService>;
