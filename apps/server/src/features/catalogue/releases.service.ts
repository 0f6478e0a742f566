import { CATALOGUE_MESSAGES, RELEASE_STATUS_LABELS, type ReleaseStatus } from '@music-review/core/catalogue';
import type { createReleaseBody, updateReleaseBody } from '@music-review/core/catalogue-schemas';
import type { ReleaseDto, ReleaseRowDto } from '@music-review/core/contracts/catalogue';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { iso } from '../../platform/dates.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { diff, readAudit, writeAudit } from './audit.repo.ts';
import { changedSinceRead, refuseWhileDelivering, requireCatalogue } from './catalogue.access.ts';
import { releaseArtworkOf } from './catalogue-files.service.ts';
import { createListPages, createListTotals } from './recordings.service.ts';
import * as repo from './releases.repo.ts';

type CreateBody = z.output<typeof createReleaseBody>;
type UpdateBody = z.output<typeof updateReleaseBody>;
type TrackInput = NonNullable<CreateBody['tracks']>[number];
type NumberedTrack = { recording_id: string; disc_number: number; track_number: number };

/** How long the artwork link of an answer stays valid. */
const ARTWORK_URL_SECONDS = 3600;
const CATALOGUE_NUMBER_KEY = 'releases_org_catalogue_number_key';

export const releaseNotFound = () => notFound('Release not found');
const notDraft = (status: string) =>
  new AppError(
    'conflict',
    `Only a draft release can be deleted: this one is ${RELEASE_STATUS_LABELS[status as ReleaseStatus] ?? status}. Set it to Withdrawn instead.`,
  );
const upcTaken = (title: string) =>
  new AppError(
    'conflict',
    CATALOGUE_MESSAGES.upcTaken(title),
    {},
    { upc: CATALOGUE_MESSAGES.upcTaken(title) },
  );
const catalogueNumberTaken = (title: string) =>
  new AppError(
    'conflict',
    CATALOGUE_MESSAGES.catalogueNumberTaken(title),
    {},
    {
      catalogue_number: CATALOGUE_MESSAGES.catalogueNumberTaken(title),
    },
  );

/** The unique index on the catalogue number refused a write, however the driver wraps the error. */
function isCatalogueNumberClash(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (
      e.code === '23505' &&
      (e.constraint === CATALOGUE_NUMBER_KEY || String(e.message).includes(CATALOGUE_NUMBER_KEY))
    ) {
      return true;
    }
  }
  return false;
}

/** The fields of a body that name columns, without the ones left out. */
function fieldsOf(body: Partial<CreateBody>): repo.ReleaseValues {
  const values: repo.ReleaseValues = {};
  for (const field of repo.RELEASE_FIELDS) {
    const value = body[field];
    if (value !== undefined) values[field] = value;
  }
  return values;
}

/** A release's fields as the API names them, to compare with an edit. */
function apiFields(row: repo.ReleaseRecord): Record<repo.ReleaseField, unknown> {
  return Object.fromEntries(repo.RELEASE_FIELDS.map((f) => [f, row[f]])) as Record<
    repo.ReleaseField,
    unknown
  >;
}

/**
 * Numbers the tracks 1..n per disc in the order given. A recording twice is refused (400) and each
 * must be one of the label's (404, naming the track).
 */
async function numberTracks(tx: OrgTx, organizationId: string, tracks: readonly TrackInput[]) {
  const seen = new Set<string>();
  tracks.forEach((t, i) => {
    if (seen.has(t.recording_id)) {
      throw validationError(
        { [`tracks.${i}.recording_id`]: CATALOGUE_MESSAGES.trackTwice },
        CATALOGUE_MESSAGES.trackTwice,
      );
    }
    seen.add(t.recording_id);
  });
  const found = await repo.labelRecordingIds(tx, organizationId, [...seen]);
  const missing = tracks.findIndex((t) => !found.has(t.recording_id));
  if (missing >= 0) {
    throw new AppError(
      'not_found',
      'Recording not found',
      {},
      { [`tracks.${missing}.recording_id`]: 'Recording not found' },
    );
  }
  const next = new Map<number, number>();
  return tracks.map((t): NumberedTrack => {
    const number = (next.get(t.disc_number) ?? 0) + 1;
    next.set(t.disc_number, number);
    return { recording_id: t.recording_id, disc_number: t.disc_number, track_number: number };
  });
}

/** The order as stored: by disc, then track. */
const inOrder = (tracks: readonly NumberedTrack[]) =>
  [...tracks].sort((a, b) => a.disc_number - b.disc_number || a.track_number - b.track_number);

async function ensureUpcFree(tx: OrgTx, organizationId: string, upc: string, releaseId: string | null) {
  await repo.lockUpc(tx, organizationId, upc);
  const other = await repo.releaseWithUpc(tx, organizationId, upc, releaseId);
  if (other) throw upcTaken(other.title);
}

export function createReleasesService(ctx: AppContext) {
  const { database } = ctx;
  const withTotal = createListTotals(ctx);
  const listPage = createListPages(ctx, 'count');

  async function artworkUrl(key: string | null) {
    if (!key) return null;
    try {
      return (await ctx.storage.driver.signedGetUrl(key, ARTWORK_URL_SECONDS)).url;
    } catch {
      return null;
    }
  }

  function rowDto(row: repo.ReleaseListRow): ReleaseRowDto {
    return {
      id: row.id,
      title: row.title,
      version: row.version,
      display_artist: row.display_artist,
      release_type: row.release_type as ReleaseRowDto['release_type'],
      upc: row.upc,
      catalogue_number: row.catalogue_number,
      release_date: row.release_date,
      status: row.status as ReleaseRowDto['status'],
      track_count: row.track_count,
      tracks_missing_codes: row.tracks_missing_codes,
      updated_at: iso(row.updated_at),
      row_version: row.row_version,
    };
  }

  /** Everything getRelease answers, read in the caller's transaction. */
  async function readDetail(tx: OrgTx, organizationId: string, id: string) {
    const row = await repo.findRelease(tx, organizationId, id);
    if (!row) throw releaseNotFound();
    return {
      row,
      artwork: await releaseArtworkOf(tx, organizationId, row),
      tracks: await repo.releaseTracks(tx, organizationId, id),
      audit: await readAudit(tx, organizationId, id),
    };
  }

  async function detailDto(detail: Awaited<ReturnType<typeof readDetail>>): Promise<ReleaseDto> {
    const { row, artwork, tracks, audit } = detail;
    return {
      ...rowDto(row),
      label_name: row.label_name,
      original_release_date: row.original_release_date,
      p_line_year: row.p_line_year,
      p_line_owner: row.p_line_owner,
      c_line_year: row.c_line_year,
      c_line_owner: row.c_line_owner,
      genre: row.genre,
      artwork_key: row.artwork_key,
      artwork_url: await artworkUrl(artwork?.key ?? null),
      artwork_source: artwork?.source ?? null,
      song_id: row.song_id,
      tracks,
      audit,
      created_at: iso(row.created_at),
    };
  }

  /** A clash on the catalogue number's unique index (two saves at once) answers like the check. */
  async function mapClash<T>(
    organizationId: string,
    catalogueNumber: string | null | undefined,
    work: () => Promise<T>,
  ) {
    try {
      return await work();
    } catch (err) {
      if (!catalogueNumber || !isCatalogueNumberClash(err)) throw err;
      const other = await database.withOrg(organizationId, (tx) =>
        repo.releaseWithCatalogueNumber(tx, organizationId, catalogueNumber),
      );
      throw catalogueNumberTaken(other?.title ?? catalogueNumber);
    }
  }

  return {
    /** GET /api/v1/catalogue/releases */
    async list(member: Member, query: repo.ReleasesQuery) {
      const org = member.organizationId;
      const { q, artist, year, status, missing } = query;
      return listPage(member, 'releases', query, async () => {
        const { rows, total } = await withTotal(
          member,
          'releases',
          { q, artist, year, status, missing },
          (known) =>
            database.withOrg(org, async (tx) => {
              requireCatalogue(member);
              return repo.listReleases(tx, org, query, known);
            }),
        );
        return { rows: rows.map(rowDto), total };
      });
    },

    /** GET /api/v1/catalogue/releases/{id} */
    async get(member: Member, id: string) {
      const org = member.organizationId;
      const detail = await database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        return readDetail(tx, org, id);
      });
      return detailDto(detail);
    },

    /**
     * POST /api/v1/catalogue/releases ("New release"): the tracks in the order given; the label's
     * name and rights owners from its settings when left out, the P and C years from the release
     * date.
     */
    async create(member: Member, body: CreateBody) {
      const org = member.organizationId;
      const detail = await mapClash(org, body.catalogue_number, () =>
        database.withOrg(org, async (tx) => {
          requireCatalogue(member);
          const tracks = await numberTracks(tx, org, body.tracks ?? []);
          const defaults = await repo.catalogueDefaults(tx, org);
          const year = body.release_date ? Number(body.release_date.slice(0, 4)) : null;
          const values: repo.ReleaseValues = {
            ...fieldsOf(body),
            label_name: body.label_name !== undefined ? body.label_name : defaults.label_name,
            p_line_owner: body.p_line_owner !== undefined ? body.p_line_owner : defaults.default_p_owner,
            c_line_owner: body.c_line_owner !== undefined ? body.c_line_owner : defaults.default_c_owner,
            p_line_year: body.p_line_year !== undefined ? body.p_line_year : year,
            c_line_year: body.c_line_year !== undefined ? body.c_line_year : year,
          };
          const upc = body.upc ?? null;
          if (upc) await ensureUpcFree(tx, org, upc, null);
          const id = await repo.insertRelease(tx, org, values, member.reviewer.id);
          await repo.replaceTracks(tx, org, id, tracks);
          if (upc) await repo.syncPoolCode(tx, org, id, upc);
          const changes: Record<string, unknown> = diff({}, values);
          if (tracks.length > 0) changes.tracks = [[], tracks.map((t) => t.recording_id)];
          await writeAudit(tx, org, [
            {
              entityKind: 'release',
              entityId: id,
              action: 'create',
              changes,
              reviewerId: member.reviewer.id,
            },
          ]);
          return readDetail(tx, org, id);
        }),
      );
      return detailDto(detail);
    },

    /** PATCH /api/v1/catalogue/releases/{id}: `tracks`, when given, replaces the track list. */
    async update(member: Member, id: string, body: UpdateBody) {
      const org = member.organizationId;
      const detail = await mapClash(org, body.catalogue_number, () =>
        database.withOrg(org, async (tx) => {
          requireCatalogue(member);
          const before = await repo.lockRelease(tx, org, id);
          if (!before) throw releaseNotFound();
          if (before.row_version !== body.row_version) throw changedSinceRead();
          await refuseWhileDelivering(tx, org, { releaseId: id });
          const values = fieldsOf(body);
          const changes: Record<string, unknown> = diff(apiFields(before), values);
          const changed = Object.fromEntries(
            Object.entries(values).filter(([field]) => field in changes),
          ) as repo.ReleaseValues;
          let tracks: NumberedTrack[] | null = null;
          if (body.tracks !== undefined) {
            const next = await numberTracks(tx, org, body.tracks);
            const current = await repo.releaseTracks(tx, org, id);
            const key = (list: readonly NumberedTrack[]) =>
              JSON.stringify(inOrder(list).map((t) => [t.recording_id, t.disc_number, t.track_number]));
            if (key(next) !== key(current)) {
              tracks = next;
              changes.tracks = [current.map((t) => t.recording_id), inOrder(next).map((t) => t.recording_id)];
            }
          }
          if (Object.keys(changes).length === 0) return readDetail(tx, org, id);
          if (changed.upc) await ensureUpcFree(tx, org, String(changed.upc), id);
          await repo.updateRelease(tx, org, id, changed);
          if (tracks) await repo.replaceTracks(tx, org, id, tracks);
          if ('upc' in changed) await repo.syncPoolCode(tx, org, id, (changed.upc as string | null) ?? null);
          await writeAudit(tx, org, [
            {
              entityKind: 'release',
              entityId: id,
              action: 'update',
              changes,
              reviewerId: member.reviewer.id,
            },
          ]);
          return readDetail(tx, org, id);
        }),
      );
      return detailDto(detail);
    },

    /** DELETE /api/v1/catalogue/releases/{id}: drafts only; a pool UPC it carried is free again. */
    async remove(member: Member, id: string) {
      const org = member.organizationId;
      await database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        const row = await repo.lockRelease(tx, org, id);
        if (!row) throw releaseNotFound();
        if (row.status !== 'draft') throw notDraft(row.status);
        await repo.deleteRelease(tx, org, id);
        await writeAudit(tx, org, [
          {
            entityKind: 'release',
            entityId: id,
            action: 'delete',
            changes: { title: [row.title, null], upc: [row.upc, null] },
            reviewerId: member.reviewer.id,
          },
        ]);
      });
      return { ok: true as const };
    },

    /** POST /api/v1/catalogue/releases/{id}/assign-upc: the lowest free code of the label's pool. */
    async assignUpc(member: Member, id: string) {
      const org = member.organizationId;
      const detail = await database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        const row = await repo.lockRelease(tx, org, id);
        if (!row) throw releaseNotFound();
        if (row.upc) throw new AppError('conflict', CATALOGUE_MESSAGES.upcAlreadySet);
        const code = await repo.takeFreeUpc(tx, org, id);
        if (!code) throw new AppError('bad_request', CATALOGUE_MESSAGES.upcPoolEmpty);
        await repo.updateRelease(tx, org, id, { upc: code });
        await writeAudit(tx, org, [
          {
            entityKind: 'release',
            entityId: id,
            action: 'assign_upc',
            changes: { upc: [null, code] },
            reviewerId: member.reviewer.id,
          },
        ]);
        return readDetail(tx, org, id);
      });
      return detailDto(detail);
    },
  };
}
