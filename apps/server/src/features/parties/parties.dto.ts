import { bpToPercent, PARTY_ROLES, type PartyRole } from '@music-review/core/catalogue';
import { CONTRACT_KIND_LABELS, type ContractKind } from '@music-review/core/contracts';
import type { PartyDto, PartyRowDto } from '@music-review/core/contracts/parties';
import { iso } from '../../platform/dates.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { notFound } from '../../platform/errors.ts';
import { readAudit } from '../catalogue/audit.repo.ts';
import * as repo from './parties.repo.ts';

/** A party as the API answers it, and the reads the person page is made of (merge answers it too). */

export const partyNotFound = () => notFound('Person not found');

/** The roles set on the person and those their credits show, in the usual order. */
function rolesOf(row: repo.PartyListRow): PartyRole[] {
  const roles = new Set(row.roles);
  if (row.credited_artist) roles.add('artist');
  if (row.credited_producer) roles.add('producer');
  if (row.credited_writer) roles.add('writer');
  if (row.credited_publisher) roles.add('publisher');
  return PARTY_ROLES.filter((r) => roles.has(r));
}

export function partyRowDto(row: repo.PartyListRow): PartyRowDto {
  return {
    id: row.id,
    name: row.name,
    aliases: row.aliases,
    legal_name: row.legal_name,
    party_type: row.party_type as PartyRowDto['party_type'],
    roles: rolesOf(row),
    ipi: row.ipi,
    pro: row.pro,
    country: row.country,
    recording_count: row.recording_count,
    work_count: row.work_count,
    payee: row.payee_id && row.payee_name !== null ? { id: row.payee_id, name: row.payee_name } : null,
    updated_at: iso(row.updated_at),
    row_version: row.row_version,
  };
}

/** Everything the person page shows, read in the caller's transaction; 404 when not the label's. */
export async function readPartyDetail(tx: OrgTx, organizationId: string, id: string): Promise<PartyDto> {
  const row = await repo.findParty(tx, organizationId, id);
  if (!row) throw partyNotFound();
  const [recordings, releases, works, contracts, audit] = [
    await repo.partyRecordings(tx, organizationId, id),
    await repo.partyReleases(tx, organizationId, id),
    await repo.partyWorks(tx, organizationId, id),
    await repo.partyContracts(tx, organizationId, [row.name, ...row.aliases]),
    await readAudit(tx, organizationId, id),
  ];
  return {
    ...partyRowDto(row),
    isni: row.isni,
    pro_member_number: row.pro_member_number,
    email: row.email,
    notes: row.notes,
    recordings: recordings.map((r) => ({ ...r, role: r.role as PartyDto['recordings'][number]['role'] })),
    releases,
    works: works.map((w) => ({
      id: w.id,
      title: w.title,
      iswc: w.iswc,
      role: w.role as PartyDto['works'][number]['role'],
      share: w.share_bp === null ? null : bpToPercent(w.share_bp),
    })),
    contracts: contracts.map((c) => ({
      id: c.id,
      title: c.title || CONTRACT_KIND_LABELS[c.kind as ContractKind] || 'Contract',
      status: c.status,
      song_id: c.song_id,
      song_title: c.song_title,
    })),
    balance: null,
    audit,
    created_at: iso(row.created_at),
  };
}
