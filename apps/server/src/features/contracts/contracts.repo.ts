import { sql } from 'drizzle-orm';
import { type OrgTx, type OwnerScope, queryRows } from '../../platform/db/index.ts';

/** Every statement names the organization (defence in depth beside row-level security). */

export interface ContractRow {
  id: string;
  organization_id: string;
  song_id: string;
  artist_name: string;
  status: string;
  template_id: string | null;
  kind: string;
  title: string;
  terms: Record<string, unknown>;
  body_text: string;
  document_key: string | null;
  document_sha256: string | null;
  signed_document_key: string | null;
  signed_sha256: string | null;
  sent_at: Date | string | null;
  completed_at: Date | string | null;
  declined_at: Date | string | null;
  decline_reason: string | null;
  voided_at: Date | string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date | string;
}

export interface SignerRow {
  id: string;
  contract_id: string;
  name: string;
  email: string;
  role: string;
  position: number;
  status: string;
  signature_kind: string | null;
  signature_text: string | null;
  signature_image: string | null;
  signed_at: Date | string | null;
  declined_at: Date | string | null;
  decline_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface EventRow {
  id: string;
  action: string;
  actor_name: string;
  actor_email: string | null;
  ip: string | null;
  user_agent: string | null;
  hash_before: string | null;
  hash_after: string | null;
  signer_id: string | null;
  created_at: Date | string;
}

export interface TemplateRow {
  id: string;
  kind: string;
  name: string;
  body: string;
  updated_at: Date | string;
}

const CONTRACT_COLUMNS = sql.raw(`c.id, c.organization_id, c.song_id, c.artist_name, c.status, c.template_id,
  c.kind, c.title, c.terms, c.body_text, c.document_key, c.document_sha256, c.signed_document_key,
  c.signed_sha256, c.sent_at, c.completed_at, c.declined_at, c.decline_reason, c.voided_at, c.created_by,
  r.name as created_by_name, c.created_at`);

export async function labelName(tx: OrgTx, orgId: string) {
  const rows = await queryRows<{ name: string }>(tx, sql`select name from organizations where id = ${orgId}`);
  return rows[0]?.name ?? 'The label';
}

export async function findSong(tx: OrgTx, orgId: string, songId: string) {
  const rows = await queryRows<{ id: string; title: string; artist: string; status: string }>(
    tx,
    sql`select id, title, artist, status from songs where organization_id = ${orgId} and id = ${songId}`,
  );
  return rows[0] ?? null;
}

// ---------- Templates ----------

export async function listTemplates(tx: OrgTx, orgId: string) {
  return queryRows<TemplateRow>(
    tx,
    sql`select id, kind, name, body, updated_at from contract_templates
        where organization_id = ${orgId} order by kind, lower(name), id`,
  );
}

export async function findTemplate(tx: OrgTx, orgId: string, id: string) {
  const rows = await queryRows<TemplateRow>(
    tx,
    sql`select id, kind, name, body, updated_at from contract_templates
        where organization_id = ${orgId} and id = ${id}`,
  );
  return rows[0] ?? null;
}

export async function insertTemplate(
  tx: OrgTx,
  values: { orgId: string; kind: string; name: string; body: string; createdBy: string },
) {
  const rows = await queryRows<TemplateRow>(
    tx,
    sql`insert into contract_templates (organization_id, kind, name, body, created_by)
        values (${values.orgId}, ${values.kind}, ${values.name}, ${values.body}, ${values.createdBy})
        returning id, kind, name, body, updated_at`,
  );
  return rows[0]!;
}

export async function updateTemplate(
  tx: OrgTx,
  orgId: string,
  id: string,
  values: { kind: string; name: string; body: string },
) {
  const rows = await queryRows<TemplateRow>(
    tx,
    sql`update contract_templates set kind = ${values.kind}, name = ${values.name}, body = ${values.body},
          updated_at = now()
        where organization_id = ${orgId} and id = ${id}
        returning id, kind, name, body, updated_at`,
  );
  return rows[0] ?? null;
}

export async function deleteTemplate(tx: OrgTx, orgId: string, id: string) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`delete from contract_templates where organization_id = ${orgId} and id = ${id} returning id`,
  );
  return rows.length > 0;
}

// ---------- Contracts ----------

export async function listContractsOfSong(tx: OrgTx, orgId: string, songId: string) {
  return queryRows<ContractRow>(
    tx,
    sql`select ${CONTRACT_COLUMNS} from contracts c left join reviewers r on r.id = c.created_by
        where c.organization_id = ${orgId} and c.song_id = ${songId}
        order by c.created_at desc, c.id`,
  );
}

/** The contract, optionally locked for the rest of the transaction (signing and status changes). */
export async function findContract(tx: OrgTx, orgId: string, id: string, lock = false) {
  const rows = await queryRows<ContractRow>(
    tx,
    sql`select ${CONTRACT_COLUMNS} from contracts c left join reviewers r on r.id = c.created_by
        where c.organization_id = ${orgId} and c.id = ${id} ${lock ? sql`for update of c` : sql``}`,
  );
  return rows[0] ?? null;
}

/**
 * A contract's stored files by its id alone, across organizations on purpose (run as the owner):
 * the signer's download link names only the contract (its HMAC signature is checked first), so
 * that no internal id of the label appears on the public page.
 */
export async function findContractFiles(db: OwnerScope, id: string) {
  const rows = await queryRows<Pick<ContractRow, 'document_key' | 'signed_document_key'>>(
    db,
    sql`select document_key, signed_document_key from contracts where id = ${id}`,
  );
  return rows[0] ?? null;
}

/** What a draft's terms set on its row (on creation and on each edit). */
export interface DraftValues {
  artistName: string;
  templateId: string | null;
  kind: string;
  title: string;
  terms: unknown;
  bodyText: string;
}

export async function insertContract(
  tx: OrgTx,
  values: DraftValues & { orgId: string; songId: string; createdBy: string },
) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into contracts (organization_id, song_id, artist_name, status, template_id, kind, title, terms,
          body_text, created_by)
        values (${values.orgId}, ${values.songId}, ${values.artistName}, 'draft', ${values.templateId},
          ${values.kind}, ${values.title}, ${JSON.stringify(values.terms)}::jsonb, ${values.bodyText},
          ${values.createdBy})
        returning id`,
  );
  return rows[0]!.id;
}

export async function updateDraft(tx: OrgTx, orgId: string, id: string, values: DraftValues) {
  await tx.execute(
    sql`update contracts set artist_name = ${values.artistName}, template_id = ${values.templateId},
          kind = ${values.kind}, title = ${values.title}, terms = ${JSON.stringify(values.terms)}::jsonb,
          body_text = ${values.bodyText}, updated_at = now()
        where organization_id = ${orgId} and id = ${id} and status = 'draft'`,
  );
}

export async function setDocument(tx: OrgTx, orgId: string, id: string, key: string, sha256: string) {
  await tx.execute(
    sql`update contracts set document_key = ${key}, document_sha256 = ${sha256}, updated_at = now()
        where organization_id = ${orgId} and id = ${id}`,
  );
}

export async function setStatus(
  tx: OrgTx,
  orgId: string,
  id: string,
  status: string,
  extra: {
    sentAt?: boolean;
    completed?: { key: string; sha256: string };
    declined?: { reason: string };
    voided?: boolean;
  } = {},
) {
  await tx.execute(
    sql`update contracts set status = ${status}, updated_at = now()
          ${extra.sentAt ? sql`, sent_at = now()` : sql``}
          ${extra.completed ? sql`, completed_at = clock_timestamp(), signed_document_key = ${extra.completed.key}, signed_sha256 = ${extra.completed.sha256}` : sql``}
          ${extra.declined ? sql`, declined_at = clock_timestamp(), decline_reason = ${extra.declined.reason}` : sql``}
          ${extra.voided ? sql`, voided_at = now()` : sql``}
        where organization_id = ${orgId} and id = ${id}`,
  );
}

export async function deleteContract(tx: OrgTx, orgId: string, id: string) {
  await tx.execute(sql`delete from contracts where organization_id = ${orgId} and id = ${id}`);
}

// ---------- Signers ----------

export async function listSigners(tx: OrgTx, orgId: string, contractIds: readonly string[]) {
  if (contractIds.length === 0) return [];
  return queryRows<SignerRow>(
    tx,
    sql`select id, contract_id, name, email, role, position, status, signature_kind, signature_text,
          signature_image, signed_at, declined_at, decline_reason, ip, user_agent
        from contract_signers
        where organization_id = ${orgId}
          and contract_id in (${sql.join(
            contractIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
        order by position, id`,
  );
}

export async function findSigner(tx: OrgTx, orgId: string, id: string) {
  const rows = await queryRows<SignerRow>(
    tx,
    sql`select id, contract_id, name, email, role, position, status, signature_kind, signature_text,
          signature_image, signed_at, declined_at, decline_reason, ip, user_agent
        from contract_signers where organization_id = ${orgId} and id = ${id}`,
  );
  return rows[0] ?? null;
}

export async function insertSigner(
  tx: OrgTx,
  values: { orgId: string; contractId: string; name: string; email: string; role: string; position: number },
) {
  const rows = await queryRows<SignerRow>(
    tx,
    sql`insert into contract_signers (organization_id, contract_id, name, email, role, position)
        values (${values.orgId}, ${values.contractId}, ${values.name}, ${values.email}, ${values.role}, ${values.position})
        returning id, contract_id, name, email, role, position, status, signature_kind, signature_text,
          signature_image, signed_at, declined_at, decline_reason, ip, user_agent`,
  );
  return rows[0]!;
}

export async function markSigned(
  tx: OrgTx,
  orgId: string,
  signerId: string,
  values: {
    kind: string;
    text: string | null;
    image: string | null;
    ip: string | null;
    userAgent: string | null;
  },
) {
  await tx.execute(
    sql`update contract_signers set status = 'signed', signature_kind = ${values.kind},
          signature_text = ${values.text}, signature_image = ${values.image}, signed_at = clock_timestamp(),
          ip = ${values.ip}, user_agent = ${values.userAgent}
        where organization_id = ${orgId} and id = ${signerId} and status = 'pending'`,
  );
}

export async function markDeclined(
  tx: OrgTx,
  orgId: string,
  signerId: string,
  values: { reason: string; ip: string | null; userAgent: string | null },
) {
  await tx.execute(
    sql`update contract_signers set status = 'declined', declined_at = clock_timestamp(),
          decline_reason = ${values.reason}, ip = ${values.ip}, user_agent = ${values.userAgent}
        where organization_id = ${orgId} and id = ${signerId} and status = 'pending'`,
  );
}

/** Withdraws the signing and decline links of the given signers (all of a contract's by default). */
export async function revokeSignerLinks(
  tx: OrgTx,
  orgId: string,
  contractId: string,
  options: { signerId?: string; purposes?: readonly string[] } = {},
) {
  const purposes = options.purposes ?? ['contract_signature', 'contract_decline'];
  await tx.execute(
    sql`update public_links set revoked_at = coalesce(revoked_at, now())
        where organization_id = ${orgId}
          and purpose in (${sql.join(
            purposes.map((p) => sql`${p}`),
            sql`, `,
          )})
          and record_id in (select id from contract_signers
            where organization_id = ${orgId} and contract_id = ${contractId}
            ${options.signerId ? sql`and id = ${options.signerId}` : sql``})
          and used_at is null`,
  );
}

// ---------- Events (the audit trail) ----------

export async function listEvents(tx: OrgTx, orgId: string, contractId: string) {
  return queryRows<EventRow>(
    tx,
    sql`select id, action, actor_name, actor_email, ip, user_agent, hash_before, hash_after, signer_id, created_at
        from contract_events where organization_id = ${orgId} and contract_id = ${contractId}
        order by created_at, id`,
  );
}

/** The document's current SHA-256: the last step that changed it. */
export async function lastHash(tx: OrgTx, orgId: string, contractId: string) {
  const rows = await queryRows<{ hash_after: string }>(
    tx,
    sql`select hash_after from contract_events
        where organization_id = ${orgId} and contract_id = ${contractId} and hash_after is not null
        order by created_at desc, id desc limit 1`,
  );
  return rows[0]?.hash_after ?? null;
}

export async function hasViewed(tx: OrgTx, orgId: string, signerId: string) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from contract_events where organization_id = ${orgId} and signer_id = ${signerId}
          and action = 'viewed' limit 1`,
  );
  return rows.length > 0;
}

/** Each event gets the clock's time (not the transaction's), so events of one transaction keep their order. */
export async function insertEvent(
  tx: OrgTx,
  values: {
    orgId: string;
    contractId: string;
    signerId?: string | null;
    action: string;
    actorName: string;
    actorEmail?: string | null;
    ip?: string | null;
    userAgent?: string | null;
    hashBefore?: string | null;
    hashAfter?: string | null;
  },
) {
  await tx.execute(
    sql`insert into contract_events (organization_id, contract_id, signer_id, action, actor_name, actor_email,
          ip, user_agent, hash_before, hash_after, created_at)
        values (${values.orgId}, ${values.contractId}, ${values.signerId ?? null}, ${values.action},
          ${values.actorName}, ${values.actorEmail ?? null}, ${values.ip ?? null}, ${values.userAgent ?? null},
          ${values.hashBefore ?? null}, ${values.hashAfter ?? null}, clock_timestamp())`,
  );
}
