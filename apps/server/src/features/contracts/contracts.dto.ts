import {
  type ContractDetailDto,
  type ContractDto,
  type ContractEventDto,
  type ContractKind,
  type ContractSignerDto,
  type ContractStatus,
  type ContractTemplateDto,
  type ContractTerms,
  DEFAULT_CONTRACT_TEMPLATES,
  defaultTemplateId,
  isContractStatus,
} from '@music-review/core/contracts';
import type { OrgTx } from '../../platform/db/index.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './contracts.repo.ts';

/**
 * The rows of a contract as the API answers them, and the reads the member actions share (the
 * detail, the locked row).
 */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const contractNotFound = () => notFound('Contract not found');

function signerDto(row: repo.SignerRow): ContractSignerDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    position: row.position,
    status: row.status as ContractSignerDto['status'],
    signature_kind: (row.signature_kind as ContractSignerDto['signature_kind']) ?? null,
    signed_at: iso(row.signed_at),
    declined_at: iso(row.declined_at),
    decline_reason: row.decline_reason,
  };
}

function eventDto(row: repo.EventRow): ContractEventDto {
  return {
    id: row.id,
    action: row.action,
    actor_name: row.actor_name,
    actor_email: row.actor_email,
    ip: row.ip,
    user_agent: row.user_agent,
    hash_before: row.hash_before,
    hash_after: row.hash_after,
    created_at: iso(row.created_at)!,
  };
}

export function contractDto(row: repo.ContractRow, signers: repo.SignerRow[]): ContractDto {
  return {
    id: row.id,
    song_id: row.song_id,
    artist_name: row.artist_name,
    status: (isContractStatus(row.status) ? row.status : 'draft') as ContractStatus,
    kind: row.kind as ContractKind,
    title: row.title,
    template_id: row.template_id,
    terms: row.terms as unknown as ContractTerms,
    body_text: row.body_text,
    document_sha256: row.document_sha256,
    signed_sha256: row.signed_sha256,
    has_document: row.document_key !== null,
    has_signed_document: row.signed_document_key !== null,
    sent_at: iso(row.sent_at),
    completed_at: iso(row.completed_at),
    declined_at: iso(row.declined_at),
    decline_reason: row.decline_reason,
    voided_at: iso(row.voided_at),
    created_by_name: row.created_by_name,
    created_at: iso(row.created_at)!,
    signers: signers.filter((s) => s.contract_id === row.id).map(signerDto),
  };
}

export function templateDto(row: repo.TemplateRow): ContractTemplateDto {
  return {
    id: row.id,
    kind: row.kind as ContractKind,
    name: row.name,
    body: row.body,
    builtin: false,
    updated_at: iso(row.updated_at),
  };
}

export const builtinTemplates = (): ContractTemplateDto[] =>
  DEFAULT_CONTRACT_TEMPLATES.map((t) => ({
    id: defaultTemplateId(t.kind),
    kind: t.kind,
    name: t.name,
    body: t.body,
    builtin: true,
    updated_at: null,
  }));

/** A contract with its signers and audit trail. */
export async function detail(tx: OrgTx, orgId: string, id: string): Promise<ContractDetailDto> {
  const row = await repo.findContract(tx, orgId, id);
  if (!row) throw contractNotFound();
  const [signers, events] = await Promise.all([
    repo.listSigners(tx, orgId, [id]),
    repo.listEvents(tx, orgId, id),
  ]);
  return { ...contractDto(row, signers), events: events.map(eventDto) };
}

/** The contract's row locked for the rest of the transaction (a change takes its turn). */
export async function lockedContract(tx: OrgTx, orgId: string, id: string) {
  const row = await repo.findContract(tx, orgId, id, true);
  if (!row) throw contractNotFound();
  return row;
}
