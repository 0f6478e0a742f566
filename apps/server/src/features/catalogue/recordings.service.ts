import { CATALOGUE_MESSAGES, type RecordingArtistRole } from '@music-review/core/catalogue';
import type {
  bulkRecordingsBody,
  createRecordingBody,
  updateRecordingBody,
} from '@music-review/core/catalogue-schemas';
import type { RecordingDto, RecordingRowDto } from '@music-review/core/contracts/catalogue';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import {
  createVersionedCache,
  organizationDataVersion,
  organizationVersions,
} from '../../platform/cache/versioned-cache.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { type AuditEntry, deleteSplitVersions, diff, writeAudit } from './audit.repo.ts';
import { changedSinceRead, refuseWhileDelivering, requireCatalogue } from './catalogue.access.ts';
import { describeMasterFile } from './catalogue-files.service.ts';
import { createListOrders } from './list-order.ts';
import { readRecording, toRecordingRow } from './recordings.dto.ts';
import * as repo from './recordings.repo.ts';

type CreateBody = z.output<typeof createRecordingBody>;
type UpdateBody = z.output<typeof updateRecordingBody>;
type BulkBody = z.output<typeof bulkRecordingsBody>;
type ArtistInput = { party_id: string; role: RecordingArtistRole };

export const RECORDING_NOT_FOUND = 'Recording not found';
export const PERSON_NOT_FOUND = 'Person not found: choose one of your label’s artists and writers';
export const WORK_NOT_FOUND = 'Work not found: choose one of your label’s works';
const CREDITED_TWICE = 'This person is already credited in this role';

export const recordingNotFound = () => notFound(RECORDING_NOT_FOUND);

/**
 * Why a search of the grid runs as the owner: PostgreSQL will not use an index for ILIKE under
 * row-level security (the operator is not leakproof), so "Search catalogue" would read all of a
 * label's 100,000 recordings on every keystroke; the trigram indexes answer it in about a
 * millisecond. The statements filter every table on the organization themselves (decision 0006).
 */
const SEARCH_AS_OWNER =
  'catalogue search: trigram indexes serve ILIKE only outside row-level security; every table is filtered on the organization';

/** Filter combinations whose totals are kept, over every label of this server copy. */
const LIST_TOTALS_ENTRIES = 5000;

/**
 * How many rows match a list's filters, kept under the label's count version (decisions 0007 and
 * 0032; migration 0027 raises it on every change of the tables the counts read that a count could
 * see: not a recording's genre or BPM). Counting 100,000
 * recordings costs several milliseconds of database time on every page otherwise, while the page
 * itself walks an index for 50 rows; the version comes with the session check, so asking costs
 * nothing. `run` gets the total when it is known and answers the page with the total it used.
 * Requests that miss together (a grid's pages right after a change) count once: the others wait
 * for that count, then read their page with it.
 */
export function createListTotals(ctx: AppContext) {
  const cache = createVersionedCache<number>(LIST_TOTALS_ENTRIES);
  const counting = new Map<string, { version: string; total: Promise<number | undefined> }>();
  return async <T extends { total: number }>(
    member: Member,
    list: string,
    filters: Record<string, unknown>,
    run: (knownTotal: number | undefined) => Promise<T>,
  ): Promise<T> => {
    const version =
      member.countVersion ?? (await organizationVersions(ctx.database, member.organizationId)).count;
    const key = `${member.organizationId}:${list}:${JSON.stringify(filters)}`;
    const known = cache.get(key, version, new Date());
    if (known !== undefined) return run(known);
    const inFlight = counting.get(key);
    // Undefined when that request failed: this one counts for itself.
    if (inFlight?.version === version) return run(await inFlight.total);
    let settle: (total: number | undefined) => void = () => {};
    const total = new Promise<number | undefined>((resolve) => {
      settle = resolve;
    });
    counting.set(key, { version, total });
    try {
      const result = await run(undefined);
      cache.set(key, { version, validUntil: Number.POSITIVE_INFINITY, value: result.total });
      settle(result.total);
      return result;
    } catch (error) {
      settle(undefined);
      throw error;
    } finally {
      if (counting.get(key)?.total === total) counting.delete(key);
    }
  };
}

/**
 * A list's pages (the rows and the total answered) kept under the label's data version, like the
 * totals above (decision 0032): the same page asked again while nothing the lists read has changed
 * (the grid's first page on every visit, several members on one list, a scroll back) is answered
 * from memory, without a transaction. Any change to the catalogue's tables raises the version
 * (migration 0016), so a kept page is never older than the member's own last save. Misses for one
 * page at one version share one computation. The plan gate is checked first, cached or not.
 * `CATALOGUE_CACHE_ENTRIES` pages per server copy; 0 turns it off.
 *
 * `keptUnder: 'count'` keeps them under the count version instead (decision 0032, amended
 * 2026-11-27): for a list whose rows read only what raises it (migration 0027: every column of
 * releases, release_tracks, works, work_writers and parties, and a recording's counted columns), so
 * saving a recording's genre does not make every releases and works page compute again.
 */
export function createListPages(ctx: AppContext, keptUnder: 'data' | 'count' = 'data') {
  const cache = createVersionedCache<unknown>(ctx.config.CATALOGUE_CACHE_ENTRIES);
  return async <T>(member: Member, list: string, query: object, compute: () => Promise<T>): Promise<T> => {
    requireCatalogue(member);
    if (!cache.enabled) return compute();
    const version =
      keptUnder === 'data'
        ? (member.dataVersion ?? (await organizationDataVersion(ctx.database, member.organizationId)))
        : (member.countVersion ?? (await organizationVersions(ctx.database, member.organizationId)).count);
    const key = `${member.organizationId}:${list}:${JSON.stringify(query)}`;
    return (await cache.through(key, version, new Date(), compute)) as T;
  };
}

/**
 * Which recordings a page of the grid shows and the total, kept under the count version (decision
 * 0032, amended 2026-11-27): the filters and sort keys are counted columns (migration 0027), so
 * after a save that changed none of them (a genre) the page's rows are read again by id, one
 * prepared statement, instead of walking and filtering for the page again. Not for the sort on the
 * last change, which every save moves.
 */
function createPageIds(ctx: AppContext) {
  const cache = createVersionedCache<{ ids: string[]; total: number }>(ctx.config.CATALOGUE_CACHE_ENTRIES);
  type Page = { rows: { id: string }[]; total: number };
  /**
   * The kept ids of this page at the member's count version, and how to keep the page computed
   * instead (under the version read before it was computed, never a later one).
   */
  return async (member: Member, query: { sort: string }) => {
    if (!cache.enabled || query.sort === 'updated') return { kept: undefined, keep: (_page: Page) => {} };
    const key = `${member.organizationId}:${JSON.stringify(query)}`;
    const version =
      member.countVersion ?? (await organizationVersions(ctx.database, member.organizationId)).count;
    return {
      kept: cache.get(key, version, new Date()),
      keep: (page: Page) =>
        cache.set(key, {
          version,
          validUntil: Number.POSITIVE_INFINITY,
          value: { ids: page.rows.map((r) => r.id), total: page.total },
        }),
    };
  };
}

/** The fields of a body the recording stores; an emptied text is stored as "not set" (null). */
function valuesFrom(body: Partial<Record<repo.RecordingField, unknown>>): repo.RecordingValues {
  const values: repo.RecordingValues = {};
  for (const field of repo.RECORDING_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    values[field] = value === '' ? null : (value as string | number | boolean | null);
  }
  // Ids compare as the database writes them (a UUID may be sent in capitals).
  if (typeof values.work_id === 'string') values.work_id = values.work_id.toLowerCase();
  return values;
}

const creditsOf = (artists: readonly ArtistInput[] | undefined) =>
  artists?.map((a) => ({ party_id: a.party_id.toLowerCase(), role: a.role }));

/** The credits as the audit log keeps them: who, named, in which role. */
const creditsForAudit = (artists: readonly ArtistInput[], names: ReadonlyMap<string, string>) =>
  artists.map((a) => ({ id: a.party_id, name: names.get(a.party_id) ?? '', role: a.role }));

/**
 * The references of an edit, checked before anything is written: the ISRC no other recording of the
 * label uses (409 naming it), a work and people of the label (404), each credit once.
 */
async function checkRecordingInput(
  tx: OrgTx,
  organizationId: string,
  recordingId: string | null,
  values: repo.RecordingValues,
  artists: readonly ArtistInput[] | undefined,
) {
  if (typeof values.isrc === 'string') {
    await repo.lockIsrc(tx, organizationId, values.isrc);
    const other = await repo.recordingWithIsrc(tx, organizationId, values.isrc, recordingId);
    if (other) {
      const message = CATALOGUE_MESSAGES.isrcTaken(other.title);
      throw new AppError('conflict', message, {}, { isrc: message });
    }
  }
  if (typeof values.work_id === 'string' && !(await repo.isLabelWork(tx, organizationId, values.work_id)))
    throw notFound(WORK_NOT_FOUND);
  if (!artists) return new Map<string, string>();
  const seen = new Set<string>();
  for (const [index, artist] of artists.entries()) {
    const key = `${artist.party_id}:${artist.role}`;
    if (seen.has(key)) throw validationError({ [`artists.${index}`]: CREDITED_TWICE });
    seen.add(key);
  }
  const ids = [...new Set(artists.map((a) => a.party_id))];
  const names = await repo.labelParties(tx, organizationId, ids);
  if (names.size !== ids.length) throw notFound(PERSON_NOT_FOUND);
  return names;
}

export function createRecordingsService(ctx: AppContext) {
  const { database } = ctx;
  const withTotal = createListTotals(ctx);
  const listPage = createListPages(ctx);
  const orders = createListOrders(ctx);
  const pageIds = createPageIds(ctx);

  /** Runs fn in the member's label, once the plan's catalogue gate has passed. */
  const inCatalogue = async <T>(member: Member, fn: (tx: OrgTx, organizationId: string) => Promise<T>) => {
    requireCatalogue(member);
    return database.withOrg(member.organizationId, (tx) => fn(tx, member.organizationId));
  };

  const answer = async (tx: OrgTx, organizationId: string, id: string) => {
    const dto = await readRecording(tx, organizationId, id);
    if (!dto) throw recordingNotFound();
    return dto;
  };

  /**
   * inCatalogue for a recording's answer, with its master's link and header facts read from storage
   * once the transaction has ended.
   */
  const recordingInCatalogue = async (
    member: Member,
    fn: (tx: OrgTx, organizationId: string) => Promise<RecordingDto>,
  ): Promise<RecordingDto> => {
    const dto = await inCatalogue(member, fn);
    return { ...dto, master_file: await describeMasterFile(ctx.storage.driver, dto.master_file) };
  };

  return {
    /** GET /api/v1/catalogue/recordings */
    async list(
      member: Member,
      query: repo.RecordingsQuery,
    ): Promise<{ rows: RecordingRowDto[]; total: number }> {
      const q = query.q?.trim() || undefined;
      const { artist, year, origin, missing } = query;
      const filters = { ...query, q };
      return listPage(member, 'recordings', filters, async () => {
        const { kept, keep } = await pageIds(member, filters);
        if (kept) {
          const rows = await repo.recordingsByIds(database, member.organizationId, kept.ids);
          return { rows: rows.map(toRecordingRow), total: kept.total };
        }
        const page = await computePage();
        keep(page);
        return page;
      });

      async function computePage() {
        if (orders.serves(query.offset)) {
          const { limit, offset, ...ordered } = filters;
          // One order read serves the list both ways (see orders.page).
          const ascending = { ...filters, dir: 'asc' as const };
          const page = await orders.page(
            member,
            'recordings',
            ordered,
            offset,
            limit,
            () =>
              q
                ? repo.recordingOrder(database.asOwner(SEARCH_AS_OWNER), member.organizationId, ascending)
                : inCatalogue(member, (tx, org) => repo.recordingOrder(tx, org, ascending)),
            async (ids) =>
              (await repo.recordingsByIds(database, member.organizationId, ids)).map(toRecordingRow),
          );
          if (page) return page;
        }
        const { rows, total } = await withTotal(
          member,
          'recordings',
          { q, artist, year, origin, missing },
          async (known) => {
            if (!q) return inCatalogue(member, (tx, org) => repo.listRecordings(tx, org, filters, known));
            requireCatalogue(member);
            return repo.listRecordings(
              database.asOwner(SEARCH_AS_OWNER),
              member.organizationId,
              filters,
              known,
            );
          },
        );
        return { rows: rows.map(toRecordingRow), total };
      }
    },

    /** GET /api/v1/catalogue/recordings/{id} */
    get(member: Member, id: string): Promise<RecordingDto> {
      return recordingInCatalogue(member, (tx, org) => answer(tx, org, id));
    },

    /** POST /api/v1/catalogue/recordings */
    create(member: Member, body: CreateBody): Promise<RecordingDto> {
      return recordingInCatalogue(member, async (tx, org) => {
        const values = valuesFrom(body);
        const artists = creditsOf(body.artists);
        const names = await checkRecordingInput(tx, org, null, values, artists);
        const id = await repo.insertRecording(tx, org, values, member.reviewer.id);
        const changes: Record<string, unknown> = diff({}, values);
        if (artists?.length) {
          await repo.replaceArtists(tx, org, id, artists);
          changes.artists = [[], creditsForAudit(artists, names)];
        }
        await writeAudit(tx, org, [
          {
            entityKind: 'recording',
            entityId: id,
            action: 'create',
            changes,
            reviewerId: member.reviewer.id,
          },
        ]);
        return answer(tx, org, id);
      });
    },

    /** PATCH /api/v1/catalogue/recordings/{id}: only what changed is saved, as the next version. */
    update(member: Member, id: string, body: UpdateBody): Promise<RecordingDto> {
      return recordingInCatalogue(member, async (tx, org) => {
        const before = await repo.findRecording(tx, org, id, { lock: true });
        if (!before) throw recordingNotFound();
        if (before.row_version !== body.row_version) throw changedSinceRead();
        await refuseWhileDelivering(tx, org, { recordingId: id });
        const fieldChanges = diff({ ...before }, valuesFrom(body));
        const values = Object.fromEntries(
          Object.entries(fieldChanges).map(([field, [, after]]) => [field, after]),
        ) as repo.RecordingValues;
        const changes: Record<string, unknown> = { ...fieldChanges };
        const artists = creditsOf(body.artists);
        const names = await checkRecordingInput(tx, org, id, values, artists);
        if (artists) {
          const current = await repo.recordingArtists(tx, org, id);
          const was = current.map((a) => ({ id: a.id, name: a.name, role: a.role }));
          const now = creditsForAudit(artists, names);
          const key = (list: { id: string; role: string }[]) =>
            JSON.stringify(list.map((a) => [a.id, a.role]));
          if (key(was) !== key(now)) {
            await repo.replaceArtists(tx, org, id, artists);
            changes.artists = [was, now];
          }
        }
        if (Object.keys(changes).length === 0) return answer(tx, org, id);
        if (Object.keys(values).length > 0) await repo.updateRecording(tx, org, id, values);
        else await repo.touchRecording(tx, org, id);
        await writeAudit(tx, org, [
          {
            entityKind: 'recording',
            entityId: id,
            action: 'update',
            changes,
            reviewerId: member.reviewer.id,
          },
        ]);
        return answer(tx, org, id);
      });
    },

    /** DELETE /api/v1/catalogue/recordings/{id}: refused while a release holds it. */
    async remove(member: Member, id: string): Promise<{ ok: true }> {
      await inCatalogue(member, async (tx, org) => {
        const row = await repo.findRecording(tx, org, id, { lock: true });
        if (!row) throw recordingNotFound();
        const release = await repo.firstReleaseOf(tx, org, id);
        if (release) throw new AppError('conflict', CATALOGUE_MESSAGES.recordingInRelease(release.title));
        await deleteSplitVersions(tx, org, 'master', id);
        await repo.deleteRecording(tx, org, id);
        await writeAudit(tx, org, [
          {
            entityKind: 'recording',
            entityId: id,
            action: 'delete',
            changes: {
              title: [row.title, null],
              display_artist: [row.display_artist, null],
              isrc: [row.isrc, null],
            },
            reviewerId: member.reviewer.id,
          },
        ]);
      });
      return { ok: true };
    },

    /**
     * POST /api/v1/catalogue/recordings/bulk: every id must be the label's (404 and nothing changed
     * otherwise); one transaction, one audit entry per recording that changed.
     */
    bulkUpdate(member: Member, body: BulkBody): Promise<{ updated: number }> {
      return inCatalogue(member, async (tx, org) => {
        const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))];
        const rows = await repo.lockRecordings(tx, org, ids);
        if (rows.length !== ids.length) {
          const missing = ids.length - rows.length;
          throw notFound(
            `${RECORDING_NOT_FOUND}: ${missing} of the chosen recordings ${missing === 1 ? 'is' : 'are'} not in your catalogue; nothing was changed`,
          );
        }
        const values = valuesFrom(body.set);
        const entries: AuditEntry[] = [];
        for (const row of rows) {
          const changes = diff({ ...row }, values);
          if (Object.keys(changes).length === 0) continue;
          entries.push({
            entityKind: 'recording',
            entityId: row.id,
            action: 'bulk_update',
            changes,
            reviewerId: member.reviewer.id,
          });
        }
        await repo.updateRecordings(
          tx,
          org,
          entries.map((e) => e.entityId),
          values,
        );
        await writeAudit(tx, org, entries);
        return { updated: entries.length };
      });
    },
  };
}
