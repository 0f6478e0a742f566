import { sql } from 'drizzle-orm';
import { iso } from '../../platform/dates.ts';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

export type AuditEntityKind = 'recording' | 'release' | 'work' | 'party' | 'payee' | 'settings';

export interface AuditEntry {
  entityKind: AuditEntityKind;
  entityId: string;
  /** create, update, bulk_update, delete, merge, assign_isrc, assign_upc, splits, import */
  action: string;
  /** { field: [before, after] } or what the action needs to say. */
  changes?: Record<string, unknown>;
  reviewerId: string | null;
}

/** Writes audit entries in the caller's transaction (so an edit and its entry land together). */
export async function writeAudit(tx: OrgTx, organizationId: string, entries: readonly AuditEntry[]) {
  if (entries.length === 0) return;
  const values = entries.map(
    (e) =>
      sql`(${organizationId}, ${e.entityKind}, ${e.entityId}, ${e.action}, ${JSON.stringify(e.changes ?? {})}::jsonb, ${e.reviewerId})`,
  );
  await tx.execute(sql`insert into catalogue_audit (organization_id, entity_kind, entity_id, action, changes, reviewer_id)
    values ${sql.join(values, sql`, `)}`);
}

/** The newest entries of one record, with the member's name. */
export async function readAudit(tx: OrgTx, organizationId: string, entityId: string, limit = 50) {
  const rows = await queryRows<{
    created_at: Date | string;
    name: string | null;
    action: string;
    changes: Record<string, unknown>;
  }>(
    tx,
    sql`select a.created_at, r.name, a.action, a.changes
        from catalogue_audit a left join reviewers r on r.id = a.reviewer_id
        where a.organization_id = ${organizationId} and a.entity_id = ${entityId}
        order by a.created_at desc, a.id desc limit ${limit}`,
  );
  return rows.map((r) => ({ at: iso(r.created_at), by: r.name, action: r.action, changes: r.changes }));
}

/** The fields whose value changed: { field: [before, after] }. */
export function diff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(value ?? null))
      changes[key] = [before[key] ?? null, value ?? null];
  }
  return changes;
}

/** One share of a split as a version keeps it: the payee (master) or party (writer), named then. */
export interface SplitShare {
  id: string;
  name: string;
  share_bp: number;
  role?: string;
}

/**
 * Saves a split change as the subject's next version (1, 2, ...), with who made it: the subject's
 * row is locked by the caller (its row_version), so two changes never take the same number.
 */
export async function writeSplitVersion(
  tx: OrgTx,
  organizationId: string,
  split: {
    kind: 'master' | 'writer';
    subjectId: string;
    shares: readonly SplitShare[];
    changedBy: string | null;
  },
) {
  await tx.execute(sql`insert into split_versions (organization_id, kind, subject_id, version, shares, changed_by)
    select ${organizationId}, ${split.kind}, ${split.subjectId}, coalesce(max(version), 0) + 1,
      ${JSON.stringify(split.shares)}::jsonb, ${split.changedBy}
    from split_versions
    where organization_id = ${organizationId} and subject_id = ${split.subjectId} and kind = ${split.kind}`);
}

/** A subject's split versions, newest first, shares in percent, with the member's name. */
export async function readSplitHistory(
  tx: OrgTx,
  organizationId: string,
  kind: 'master' | 'writer',
  subjectId: string,
) {
  const rows = await queryRows<{
    version: number;
    changed_at: Date | string;
    name: string | null;
    shares: SplitShare[];
  }>(
    tx,
    sql`select v.version, v.changed_at, r.name, v.shares
        from split_versions v left join reviewers r on r.id = v.changed_by
        where v.organization_id = ${organizationId} and v.subject_id = ${subjectId} and v.kind = ${kind}
        order by v.version desc`,
  );
  return rows.map((r) => ({
    version: r.version,
    changed_at: iso(r.changed_at),
    changed_by: r.name,
    shares: r.shares.map((s) => ({
      id: s.id,
      name: s.name,
      share: s.share_bp / 100,
      ...(s.role ? { role: s.role } : {}),
    })),
  }));
}

/** Forgets a deleted subject's split versions (nothing can show them any more). */
export async function deleteSplitVersions(
  tx: OrgTx,
  organizationId: string,
  kind: 'master' | 'writer',
  subjectId: string,
) {
  await tx.execute(
    sql`delete from split_versions where organization_id = ${organizationId} and subject_id = ${subjectId} and kind = ${kind}`,
  );
}
