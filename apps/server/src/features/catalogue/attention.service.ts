import { ATTENTION_KINDS, type AttentionKind } from '@music-review/core/catalogue';
import type { AttentionItemDto } from '@music-review/core/contracts/catalogue';
import { formatIsrc } from '@music-review/core/music-codes';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { createVersionedCache, organizationDataVersion } from '../../platform/cache/versioned-cache.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import * as repo from './attention.repo.ts';
import { requireCatalogue } from './catalogue.access.ts';

type Link = AttentionItemDto['links'][number];

const quoted = (title: string) => `“${title}”`;
const duration = (seconds: number | null) =>
  seconds == null ? '' : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
const recordingLink = (r: repo.RecordingRef, withDuration = false): Link => ({
  kind: 'recording',
  id: r.id,
  label: `${r.title} – ${r.display_artist}${withDuration && r.duration_seconds != null ? ` (${duration(r.duration_seconds)})` : ''}`,
});
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Each check: its findings (up to `limit`) as items naming the records, and how many there are. */
const CHECKS: Record<
  AttentionKind,
  (tx: OrgTx, organizationId: string, limit: number) => Promise<{ items: AttentionItemDto[]; total: number }>
> = {
  async duplicate_isrc(tx, org, limit) {
    const { rows, total } = await repo.duplicateIsrcs(tx, org, limit);
    const items = rows.map((row) => ({
      kind: 'duplicate_isrc' as const,
      title: `ISRC ${formatIsrc(row.isrc)} is on ${row.recordings.length} recordings: ${row.recordings
        .map((r) => quoted(r.title))
        .join(', ')}`,
      links: row.recordings.map((r) => recordingLink(r)),
    }));
    return { items, total };
  },

  async near_duplicate_recording(tx, org, limit) {
    const { rows, total } = await repo.nearDuplicateRecordings(tx, org, limit);
    const items = rows.map(({ a, b }) => ({
      kind: 'near_duplicate_recording' as const,
      title: `${quoted(a.title)} (${duration(a.duration_seconds)}) and ${quoted(b.title)} (${duration(b.duration_seconds)}) by ${a.display_artist} may be the same recording`,
      links: [recordingLink(a, true), recordingLink(b, true)],
    }));
    return { items, total };
  },

  async release_track_missing_codes(tx, org, limit) {
    const { rows, total } = await repo.releasesMissingCodes(tx, org, limit);
    const items = rows.map((row) => {
      const tracks = row.tracks.length
        ? `${plural(row.tracks.length, 'track', 'tracks')} without ISRC (${row.tracks.map((t) => quoted(t.title)).join(', ')})`
        : '';
      const problems = [row.no_upc ? 'no UPC/EAN' : '', tracks].filter(Boolean).join(' and ');
      return {
        kind: 'release_track_missing_codes' as const,
        title: `The release ${quoted(row.title)} has ${problems}`,
        links: [
          { kind: 'release' as const, id: row.id, label: row.title },
          ...row.tracks.map((t) => ({ kind: 'recording' as const, id: t.id, label: t.title })),
        ],
      };
    });
    return { items, total };
  },

  async writer_missing_ipi_or_pro(tx, org, limit) {
    const { rows, total } = await repo.writersMissingIpiOrPro(tx, org, limit);
    const items = rows.map((row) => {
      const missing = row.no_ipi && row.no_pro ? 'no IPI or PRO' : row.no_ipi ? 'no IPI' : 'no PRO';
      return {
        kind: 'writer_missing_ipi_or_pro' as const,
        title: `The writer ${row.name} has ${missing}`,
        links: [{ kind: 'party' as const, id: row.id, label: row.name }],
      };
    });
    return { items, total };
  },

  async work_shares_not_100(tx, org, limit) {
    const { rows, total } = await repo.worksSharesNot100(tx, org, limit);
    const items = rows.map((row) => ({
      kind: 'work_shares_not_100' as const,
      title:
        row.writers === 0
          ? `The work ${quoted(row.title)} has no writers`
          : `The writers’ shares of ${quoted(row.title)} total ${row.shares_bp / 100}%, not 100%`,
      links: [{ kind: 'work' as const, id: row.id, label: row.title }],
    }));
    return { items, total };
  },

  async recording_without_master_split(tx, org, limit) {
    const { rows, total } = await repo.recordingsWithoutMasterSplit(tx, org, limit);
    const items = rows.map((row) => ({
      kind: 'recording_without_master_split' as const,
      title: `${quoted(row.title)} by ${row.display_artist} has no master split`,
      links: [recordingLink(row)],
    }));
    return { items, total };
  },
};

type Attention = { items: AttentionItemDto[]; counts: Record<AttentionKind, number> };

/** Answers kept, over every label of this server copy (one per label, kind and limit asked). */
const CACHE_ENTRIES = 500;

/**
 * GET /api/v1/catalogue/attention: every check runs (so each kind's count is known); the items are
 * those of the asked kind, or of every kind in ATTENTION_KINDS' order, `limit` in all. Matching
 * near-duplicates normalises every title and artist of the label (seconds for 100,000
 * recordings), so the answer is kept under the label's data version (decisions 0005 and 0007),
 * which every table the checks read raises when it changes (migration 0016).
 */
export function createAttentionService(ctx: AppContext) {
  const cache = createVersionedCache<Attention>(CACHE_ENTRIES);
  return {
    async get(
      member: Member,
      query: { kind?: AttentionKind | undefined; limit: number },
    ): Promise<Attention> {
      const org = member.organizationId;
      const version = member.dataVersion ?? (await organizationDataVersion(ctx.database, org));
      return ctx.database.withOrg(org, async (tx) => {
        // The plan's gate on every request, the answer from the cache when the label has not changed.
        requireCatalogue(member);
        return cache.through(`${org}:${query.kind ?? ''}:${query.limit}`, version, new Date(), () =>
          findings(tx, org, query),
        );
      });
    },
  };
}

/** Every check, in ATTENTION_KINDS' order: items of the asked kind (or all), `limit` in all. */
async function findings(
  tx: OrgTx,
  organizationId: string,
  query: { kind?: AttentionKind | undefined; limit: number },
): Promise<Attention> {
  const items: AttentionItemDto[] = [];
  const counts = {} as Record<AttentionKind, number>;
  for (const kind of ATTENTION_KINDS) {
    const listed = !query.kind || query.kind === kind;
    const budget = listed ? query.limit - items.length : 0;
    // The limit has run out: 1 row still gives the count (the check answers at least one row).
    const found = await CHECKS[kind](tx, organizationId, Math.max(budget, 1));
    counts[kind] = found.total;
    if (budget > 0) items.push(...found.items.slice(0, budget));
  }
  return { items, counts };
}
