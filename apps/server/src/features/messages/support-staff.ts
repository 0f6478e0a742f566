import { sql } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import { type Database, queryRows } from '../../platform/db/index.ts';

/**
 * Support staff: the accounts listed in SUPPORT_EMAILS (config.supportEmails, lower-cased). They
 * belong to an organization of their own, see every label's support conversations and answer them,
 * and see nothing else of any other label.
 */
export function isSupportStaff(config: Pick<Config, 'supportEmails'>, email: string | null | undefined) {
  if (!email || config.supportEmails.length === 0) return false;
  return config.supportEmails.includes(email.trim().toLowerCase());
}

export interface StaffProfile {
  id: string;
  name: string;
  avatar_key: string | null;
}

/**
 * Names of support staff by reviewer id. A label's row-level scope hides the staff's reviewer rows
 * (they belong to another organization), so messages, reads and typing in a support conversation
 * look their senders up here. Only accounts that are staff now are answered: a former member who
 * moved to another label stays nameless.
 */
export async function staffProfiles(
  database: Database,
  config: Pick<Config, 'supportEmails'>,
  reviewerIds: Iterable<string>,
): Promise<Map<string, StaffProfile>> {
  const ids = [...new Set(reviewerIds)];
  if (ids.length === 0 || config.supportEmails.length === 0) return new Map();
  const rows = await queryRows<StaffProfile>(
    database.asOwner('support staff belong to the support desk, not to the label they answer'),
    sql`select id, name, avatar_key from reviewers
        where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          and lower(email) in (${sql.join(
            config.supportEmails.map((e) => sql`${e}`),
            sql`, `,
          )})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}
