/**
 * "Unmatched" (issue 16; decision 0028): lines no code matched, grouped by source and identifier; a
 * resolution saved as an alias of the source and applied to every line, now and in later imports;
 * "Match again" after codes were added to the catalogue; an import's lines; the summary strip.
 */

import { sumDecimals } from '@music-review/core/money';
import { FINANCE_MESSAGES } from '@music-review/core/royalties';
import { SOURCE_DEFINITIONS } from '@music-review/core/royalty-sources';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { notFound } from '../../platform/errors.ts';
import { rebuildImportRollups } from '../analytics/rollups.service.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import {
  applyResolution,
  existingTargets,
  type Resolution,
  refreshMatchedCounts,
  rematchUnmatched,
} from './matching.repo.ts';
import * as repo from './unmatched.repo.ts';

const sourceName = (source: string, savedName: string | null) =>
  (SOURCE_DEFINITIONS as Record<string, { name: string } | undefined>)[source]?.name ??
  savedName ??
  'Custom source';

/** "2026-08" -> "2026-Q3". */
const quarterOf = (month: string) =>
  `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;

export function createUnmatchedService(ctx: AppContext) {
  const { database } = ctx;

  return {
    async list(member: Member, query: { q?: string | undefined; limit: number; offset: number }) {
      requireCatalogue(member);
      const result = await database.withOrg(member.organizationId, (tx) =>
        repo.listUnmatchedGroups(tx, member.organizationId, query),
      );
      return {
        rows: result.rows.map((r) => ({
          source: r.source,
          source_name: sourceName(r.source, r.source_name),
          identifier_kind: r.identifier_kind,
          identifier: r.identifier,
          track_title: r.track_title,
          release_title: r.release_title,
          artist: r.artist,
          lines: r.lines,
          amounts: r.amounts,
          first_month: r.first_month,
          last_month: r.last_month,
          suggestion:
            r.s_kind && r.s_id
              ? {
                  kind: r.s_kind,
                  id: r.s_id,
                  title: r.s_title ?? '',
                  display_artist: r.s_artist ?? '',
                  code: r.s_code,
                }
              : null,
        })),
        total: result.total,
        lines: result.lines,
        amounts: result.amounts,
      };
    },

    /** Every target must be the label's own recording or release; one transaction for the batch. */
    async resolve(member: Member, items: Resolution[]) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, async (tx) => {
        const org = member.organizationId;
        const recordingIds = items.flatMap((i) => (i.recording_id ? [i.recording_id] : []));
        const releaseIds = items.flatMap((i) => (i.release_id ? [i.release_id] : []));
        const found = await existingTargets(tx, org, recordingIds, releaseIds);
        if ([...recordingIds, ...releaseIds].some((id) => !found.has(id)))
          throw notFound(FINANCE_MESSAGES.targetNotFound);
        let lines = 0;
        const touched = new Set<string>();
        for (const item of items) {
          const applied = await applyResolution(tx, org, member.reviewer.id, item);
          lines += applied.lines;
          for (const id of applied.imports) touched.add(id);
        }
        await refreshMatchedCounts(tx, org, [...touched]);
        await rebuildImportRollups(tx, org, [...touched]);
        return { aliases: items.length, lines };
      });
    },

    async rematch(member: Member) {
      requireCatalogue(member);
      const lines = await database.withOrg(member.organizationId, async (tx) => {
        const found = await rematchUnmatched(tx, member.organizationId);
        await refreshMatchedCounts(tx, member.organizationId, found.imports);
        await rebuildImportRollups(tx, member.organizationId, found.imports);
        return found.lines;
      });
      return { lines };
    },

    async lines(
      member: Member,
      query: {
        import_id?: string | undefined;
        source?: string | undefined;
        identifier_kind?: string | undefined;
        identifier?: string | undefined;
        limit: number;
        offset: number;
      },
    ) {
      requireCatalogue(member);
      return database.withOrg(member.organizationId, (tx) =>
        repo.listLines(tx, member.organizationId, {
          importId: query.import_id,
          source: query.source,
          identifierKind: query.identifier_kind,
          identifier: query.identifier,
          limit: query.limit,
          offset: query.offset,
        }),
      );
    },

    async summary(member: Member) {
      requireCatalogue(member);
      const { months, unmatched, waiting } = await database.withOrg(member.organizationId, (tx) =>
        repo.financeSummary(tx, member.organizationId),
      );
      const latest = months.reduce<string | null>(
        (max, m) => (max === null || m.month > max ? m.month : max),
        null,
      );
      const quarter = latest ? quarterOf(latest) : null;
      const byCurrency = new Map<string, string[]>();
      for (const m of months) {
        if (quarterOf(m.month) !== quarter) continue;
        byCurrency.set(m.currency, [...(byCurrency.get(m.currency) ?? []), m.net]);
      }
      return {
        quarter,
        income: [...byCurrency.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, nets]) => ({ currency, net: sumDecimals(nets) })),
        unmatched: unmatched.amounts ?? [],
        unmatched_groups: unmatched.groups,
        imports_waiting: waiting,
      };
    },
  };
}
