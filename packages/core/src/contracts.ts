/**
 * Contracts (issue 6): generated from the label's templates, sent to signers by link, signed by
 * typing or drawing a signature, with an audit trail. Statuses and the terms' shape are shared:
 * the signed-songs overview and the label copy generator read them.
 */

export const CONTRACT_STATUSES = [
  'draft',
  'sent',
  'partially_signed',
  'signed',
  'declined',
  'voided',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_signed: 'Partially signed',
  signed: 'Signed',
  declined: 'Declined',
  voided: 'Voided',
};

export const CONTRACT_KINDS = ['recording_agreement', 'license', 'split_sheet'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

export const CONTRACT_KIND_LABELS: Record<ContractKind, string> = {
  recording_agreement: 'Recording agreement',
  license: 'License',
  split_sheet: 'Split sheet',
};

export interface ContractParty {
  name: string;
  /** label, artist, producer, writer, publisher... */
  role: string;
  email: string;
}

export interface ContractWriterShare {
  name: string;
  /** Percent with two decimals; all writers total 100 (sharesSchema in music-codes.ts). */
  share: number;
}

/** contracts.terms: what the generator fills into a template's placeholders. */
export interface ContractTerms {
  parties: ContractParty[];
  artist_name: string;
  /** e.g. "3 years", "Perpetual". */
  term: string;
  /** e.g. "Worldwide", "Europe". */
  territory: string;
  /** Artist royalty in percent (0-100). */
  royalty_rate: number;
  /** Advance in minor units (cents) of `currency`. */
  advance_cents: number;
  currency: string;
  writers: ContractWriterShare[];
  /** ISO date (YYYY-MM-DD). */
  effective_date: string;
}
