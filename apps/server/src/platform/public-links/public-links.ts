import {
  PUBLIC_LINK_TOKEN_PATTERN,
  type PublicLinkPurpose,
  type PublicLinkRefusal,
} from '@music-review/core/public-links';
import { sql } from 'drizzle-orm';
import { hashToken, randomToken } from '../auth/tokens.ts';
import { type Database, type OrgTx, queryRows } from '../db/index.ts';

export interface PublicLink {
  id: string;
  organizationId: string;
  purpose: PublicLinkPurpose;
  recordId: string | null;
  singleUse: boolean;
  expiresAt: Date;
}

/** Who used a link (for the log): the address and the browser, as the request gives them. */
export interface LinkVisitor {
  ip: string | null;
  userAgent: string | null;
}

export type Resolved = { ok: true; link: PublicLink } | { ok: false; reason: PublicLinkRefusal };

type LinkRow = {
  id: string;
  organization_id: string;
  purpose: string;
  record_id: string | null;
  single_use: boolean;
  expires_at: Date | string;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
  is_expired: boolean;
};

const toLink = (row: LinkRow): PublicLink => ({
  id: row.id,
  organizationId: row.organization_id,
  purpose: row.purpose as PublicLinkPurpose,
  recordId: row.record_id,
  singleUse: row.single_use,
  expiresAt: new Date(row.expires_at),
});

/** Why a stored link cannot be used now, or null. Used first, then withdrawn, then expired. */
function refusalOf(row: LinkRow): PublicLinkRefusal | null {
  if (row.used_at !== null) return 'used';
  if (row.revoked_at !== null) return 'revoked';
  if (row.is_expired) return 'expired';
  return null;
}

const LINK_COLUMNS = sql.raw(
  'id, organization_id, purpose, record_id, single_use, expires_at, used_at, revoked_at, expires_at <= now() as is_expired',
);

/**
 * Issues a link inside the caller's organization transaction (`withOrg`). Returns the token once:
 * only its hash is stored, so it cannot be shown again.
 */
export async function createPublicLink(
  tx: OrgTx,
  values: {
    organizationId: string;
    purpose: PublicLinkPurpose;
    recordId: string | null;
    ttlMs: number;
    singleUse: boolean;
    createdBy: string | null;
  },
): Promise<{ link: PublicLink; token: string }> {
  const token = randomToken();
  const rows = await queryRows<LinkRow>(
    tx,
    sql`insert into public_links
          (organization_id, purpose, record_id, token_hash, single_use, expires_at, created_by)
        values (${values.organizationId}, ${values.purpose}, ${values.recordId}, ${hashToken(token)},
          ${values.singleUse}, now() + make_interval(secs => ${values.ttlMs / 1000}), ${values.createdBy})
        returning ${LINK_COLUMNS}`,
  );
  return { link: toLink(rows[0]!), token };
}

/**
 * The link a token opens for `purpose`, or why not. The visitor has no session: the look-up runs as
 * the owner with the token's hash as its only filter (like revision links); a token for another
 * purpose answers exactly like an unknown one, so a link never opens anything but its own record.
 * Every answer about a real link is logged with `action`.
 */
export async function resolvePublicLink(
  database: Database,
  token: string,
  purpose: PublicLinkPurpose,
  visitor: LinkVisitor,
  action = 'open',
): Promise<Resolved> {
  if (!PUBLIC_LINK_TOKEN_PATTERN.test(token)) return { ok: false, reason: 'not_found' };
  const rows = await queryRows<LinkRow>(
    database.asOwner('a public link names its organization only once its token is found'),
    sql`select ${LINK_COLUMNS} from public_links where token_hash = ${hashToken(token)}`,
  );
  const row = rows[0];
  if (!row || row.purpose !== purpose) return { ok: false, reason: 'not_found' };
  const refusal = refusalOf(row);
  await database.withOrg(row.organization_id, (tx) =>
    logUse(tx, row.organization_id, row.id, action, refusal ?? 'allowed', visitor),
  );
  return refusal ? { ok: false, reason: refusal } : { ok: true, link: toLink(row) };
}

/**
 * Spends a single-use link as part of the submission it allows, inside that submission's
 * transaction (`withOrg` of the link's organization): of two submissions at once, one gets true and
 * the other false (the row is locked and re-checked). A link that is not single-use stays usable.
 */
export async function consumePublicLink(
  tx: OrgTx,
  link: PublicLink,
  visitor: LinkVisitor,
  action = 'submit',
): Promise<Resolved> {
  const rows = await queryRows<LinkRow>(
    tx,
    sql`select ${LINK_COLUMNS} from public_links
        where organization_id = ${link.organizationId} and id = ${link.id}
        for update`,
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: 'not_found' };
  const refusal = refusalOf(row);
  if (!refusal && row.single_use) {
    await tx.execute(sql`update public_links set used_at = now() where id = ${row.id}`);
  }
  await logUse(tx, row.organization_id, row.id, action, refusal ?? 'allowed', visitor);
  return refusal ? { ok: false, reason: refusal } : { ok: true, link: toLink(row) };
}

/** Withdraws a link of the organization (false when there is none). */
export async function revokePublicLink(tx: OrgTx, organizationId: string, linkId: string) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update public_links set revoked_at = coalesce(revoked_at, now())
        where organization_id = ${organizationId} and id = ${linkId}
        returning id`,
  );
  return rows.length > 0;
}

/** The record's links of a purpose, newest first, with their state (for the label's screens). */
export async function listPublicLinks(
  tx: OrgTx,
  organizationId: string,
  purpose: PublicLinkPurpose,
  recordId: string | null,
) {
  const rows = await queryRows<LinkRow & { created_at: Date | string }>(
    tx,
    sql`select ${LINK_COLUMNS}, created_at from public_links
        where organization_id = ${organizationId} and purpose = ${purpose}
          and record_id is not distinct from ${recordId}
        order by created_at desc`,
  );
  return rows.map((row) => ({
    ...toLink(row),
    state: refusalOf(row) ?? 'active',
    createdAt: new Date(row.created_at),
  }));
}

async function logUse(
  tx: OrgTx,
  organizationId: string,
  linkId: string,
  action: string,
  outcome: string,
  visitor: LinkVisitor,
) {
  await tx.execute(
    sql`insert into public_link_uses (link_id, organization_id, action, outcome, ip, user_agent)
        values (${linkId}, ${organizationId}, ${action}, ${outcome}, ${visitor.ip},
          ${visitor.userAgent?.slice(0, 500) ?? null})`,
  );
}
