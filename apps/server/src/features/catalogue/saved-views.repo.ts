import type { CatalogueTab } from '@music-review/core/catalogue';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

export type SavedViewRow = {
  id: string;
  tab: CatalogueTab;
  name: string;
  filters: Record<string, string | number | boolean>;
};

/** The member's saved views, by tab, then in the order they were saved. */
export async function listSavedViews(tx: OrgTx, organizationId: string, reviewerId: string) {
  return queryRows<SavedViewRow>(
    tx,
    sql`select id, tab, name, filters from saved_views
        where organization_id = ${organizationId} and reviewer_id = ${reviewerId}
        order by tab, created_at, id`,
  );
}

/**
 * How many views the member keeps on the tab, counted under a lock of (member, tab) until the
 * transaction ends, so two saves at once cannot both pass the limit.
 */
export async function countSavedViewsLocked(
  tx: OrgTx,
  organizationId: string,
  reviewerId: string,
  tab: CatalogueTab,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved_views:${reviewerId}:${tab}`}))`);
  const [row] = await queryRows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from saved_views
        where organization_id = ${organizationId} and reviewer_id = ${reviewerId} and tab = ${tab}`,
  );
  return row?.count ?? 0;
}

export async function insertSavedView(
  tx: OrgTx,
  organizationId: string,
  reviewerId: string,
  view: Omit<SavedViewRow, 'id'>,
) {
  const [row] = await queryRows<SavedViewRow>(
    tx,
    sql`insert into saved_views (organization_id, reviewer_id, tab, name, filters)
        values (${organizationId}, ${reviewerId}, ${view.tab}, ${view.name}, ${JSON.stringify(view.filters)}::jsonb)
        returning id, tab, name, filters`,
  );
  return row!;
}

/** Deletes one of the member's own views; false when the member has no view with this id. */
export async function deleteSavedView(tx: OrgTx, organizationId: string, reviewerId: string, id: string) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`delete from saved_views where organization_id = ${organizationId} and reviewer_id = ${reviewerId} and id = ${id}
        returning id`,
  );
  return rows.length > 0;
}
