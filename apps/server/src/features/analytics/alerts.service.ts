/**
 * Missing income (issue 17 point 4; decision 0030): the label's alerts, rebuilt from the lines in
 * the transaction that changes their rollups, and the list the page shows, each alert with the filter of the
 * lines behind it. The rules and the months compared: core analytics-income.ts.
 */
import {
  type AlertPlan,
  describeIncomeAlert,
  INCOME_ALERT_RULES,
  type IncomeAlertKind,
  planSourceAlerts,
} from '@music-review/core/analytics-income';
import { SOURCE_DEFINITIONS } from '@music-review/core/royalty-sources';
import { territoryByAlpha2 } from '@music-review/core/territories';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import * as repo from './alerts.repo.ts';
import { analyticsCache } from './analytics-cache.ts';

/**
 * Rebuilds the label's income alerts: per source, its latest import's months against the months of
 * data before them (core planSourceAlerts), from the lines of those imports and months only. Runs in the
 * caller's transaction, after the rollups or an import's status changed. Given the imports that
 * changed, only their sources are compared again, and none when no changed import holds a month
 * its source compares (an old statement's lines resolved); the whole label otherwise, or when it
 * is at its cap of alerts (another source's alert may then have been left out).
 */
export async function refreshIncomeAlerts(
  tx: OrgTx,
  org: string,
  changedImportIds?: readonly string[],
): Promise<void> {
  await repo.lockLabelAlerts(tx, org);
  const imports = await repo.importedImports(tx, org);
  const bySource = new Map<string, repo.ImportedImportRow[]>();
  for (const row of imports) bySource.set(row.source, [...(bySource.get(row.source) ?? []), row]);
  const plans = new Map<string, AlertPlan>();
  for (const [source, rows] of bySource) {
    const plan = planSourceAlerts(rows.map((r) => ({ id: r.id, createdAt: r.created_at, months: r.months })));
    if (plan) plans.set(source, plan);
  }

  let sources: string[];
  if (changedImportIds && (await repo.countLabelAlerts(tx, org)) < INCOME_ALERT_RULES.maxAlerts) {
    // A changed imported import's source, unless its plan leaves the import out (a source without a
    // plan any more loses its alerts).
    const changed = new Set(changedImportIds);
    const touched = new Set(imports.filter((i) => changed.has(i.id)).map((i) => i.source));
    const affected = [...touched].filter((source) => {
      const plan = plans.get(source);
      return !plan || plan.importIds.some((id) => changed.has(id));
    });
    if (affected.length === 0) return;
    await repo.deleteSourceAlerts(tx, org, affected);
    sources = affected.filter((source) => plans.has(source));
  } else {
    sources = [...plans.keys()];
    await repo.deleteLabelAlerts(tx, org);
  }
  for (const source of sources) {
    const plan = plans.get(source);
    if (plan) await repo.insertSourceAlerts(tx, org, { source, ...plan });
  }
  // Each source kept its most valuable; the label keeps the most valuable of all.
  if (plans.size > 1) await repo.trimLabelAlerts(tx, org);
}

export const sourceName = (source: string, savedName: string | null) =>
  (SOURCE_DEFINITIONS as Record<string, { name: string } | undefined>)[source]?.name ??
  savedName ??
  'Custom source';

/** A territory's English name, or the code when the list does not know it. */
export const territoryName = (code: string) => territoryByAlpha2(code)?.name ?? code;

export function toAlertDto(row: repo.AlertRow) {
  const d = row.detail;
  const valueName = row.dimension === 'territory' ? territoryName(row.value) : row.value;
  const source = sourceName(row.source, row.source_name);
  return {
    id: row.id,
    kind: row.kind,
    dimension: row.dimension,
    value: row.value,
    value_name: valueName,
    recording: {
      id: row.recording_id,
      title: row.recording_title,
      display_artist: row.recording_artist,
      isrc: row.recording_isrc,
    },
    source: row.source,
    source_name: source,
    import_id: row.import_id,
    import_file_name: row.import_file_name,
    current_from: d.current_from,
    current_to: d.current_to,
    previous_from: d.previous_from,
    previous_to: d.previous_to,
    current_months: d.current_months,
    previous_months: d.previous_months,
    previous_net: row.previous_net,
    current_net: row.current_net,
    currency: row.currency,
    description: describeIncomeAlert({
      kind: row.kind,
      dimension: row.dimension,
      value_name: valueName,
      recording_title: row.recording_title,
      source_name: source,
      current_from: d.current_from,
      current_to: d.current_to,
    }),
    // The recording's lines of that source, store or territory, over the months compared.
    lines: {
      recording_id: row.recording_id,
      source: row.source,
      ...(row.dimension === 'store' ? { store: row.value } : { territory: row.value }),
      from: d.previous_from,
      to: d.current_to,
    },
  };
}

export function createIncomeAlertsService(ctx: AppContext) {
  const { database } = ctx;
  const cache = analyticsCache(ctx);
  return {
    /** Kept per label and page under the label's data version (analytics-cache.ts). */
    async list(member: Member, query: { kind?: IncomeAlertKind | undefined; limit: number; offset: number }) {
      requireCatalogue(member);
      const org = member.organizationId;
      const page = { kind: query.kind, limit: query.limit, offset: query.offset };
      return cache.answer(member, 'missing_income', page, async () => {
        const found = await database.withOrg(org, (tx) => repo.listAlerts(tx, org, page));
        return {
          alerts: found.rows.map(toAlertDto),
          total: found.total,
          has_statements: found.hasStatements,
        };
      });
    },
  };
}
