import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/** The two parties of a merge, locked in id order so two merges of the same pair cannot deadlock. */
export async function lockPair(tx: OrgTx, organizationId: string, ids: readonly [string, string]) {
  return queryRows<{ id: string }>(
    tx,
    sql`select id from parties where organization_id = ${organizationId} and id in (${ids[0]}, ${ids[1]})
        order by id for update`,
  );
}

/**
 * Moves the duplicate's recording credits to the kept party. A credit the kept party already has
 * (same recording and role, the primary key) stays once; the duplicate's copy goes with it.
 */
export async function moveRecordingCredits(
  tx: OrgTx,
  organizationId: string,
  keepId: string,
  duplicateId: string,
) {
  await tx.execute(
    sql`insert into recording_artists (organization_id, recording_id, party_id, role, position)
        select organization_id, recording_id, ${keepId}, role, position from recording_artists
        where organization_id = ${organizationId} and party_id = ${duplicateId}
        on conflict (recording_id, party_id, role) do nothing`,
  );
  await tx.execute(
    sql`delete from recording_artists where organization_id = ${organizationId} and party_id = ${duplicateId}`,
  );
}

/** Moves the duplicate's writer shares and the works it publishes to the kept party. */
export async function moveWorkCredits(
  tx: OrgTx,
  organizationId: string,
  keepId: string,
  duplicateId: string,
) {
  await tx.execute(
    sql`update work_writers set party_id = ${keepId}
        where organization_id = ${organizationId} and party_id = ${duplicateId}`,
  );
  await tx.execute(
    sql`update work_writers set publisher_id = ${keepId}
        where organization_id = ${organizationId} and publisher_id = ${duplicateId}`,
  );
}

/** The duplicate's history goes on the kept party's page. */
export async function moveAudit(tx: OrgTx, organizationId: string, keepId: string, duplicateId: string) {
  await tx.execute(
    sql`update catalogue_audit set entity_id = ${keepId}
        where organization_id = ${organizationId} and entity_kind = 'party' and entity_id = ${duplicateId}`,
  );
}
