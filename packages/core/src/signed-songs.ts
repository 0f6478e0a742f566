/**
 * Signed Songs (spec section 2; issue 6): where each signed song stands on its way from signing to
 * release, shared by GET /api/v1/signed-songs (the list's chips and stage filter) and the song's
 * Overview tab. Pure: the server reads the statuses, these rules name them.
 */

import type { WorkflowChip } from './contracts/signed-songs.ts';
import type { ContractStatus } from './contracts.ts';
import type { MetadataFormStatus } from './metadata-forms.ts';

export type LabelCopyStatus = 'draft' | 'submitted' | 'final';
export type CampaignStatus = 'planned' | 'active' | 'completed';

/** What the server reads for one song: null where the song has no such record yet. */
export interface WorkflowFacts {
  /** The song's most advanced contract that is not voided (a signed one first). */
  contract: ContractStatus | null;
  /** The song's most advanced metadata form (a confirmed one first). */
  metadata: MetadataFormStatus | null;
  labelCopy: LabelCopyStatus | null;
  hasArtwork: boolean;
  hasMaster: boolean;
  releaseReady: boolean;
  /** The liveliest campaign: active, else planned, else completed. */
  campaign: CampaignStatus | null;
  openTasks: number;
}

/** The steps a signed song goes through before release, in order. Marketing runs beside them. */
export const WORKFLOW_STAGES = ['contract', 'metadata', 'assets', 'label_copy', 'release', 'ready'] as const;
export type WorkflowStage = (typeof WORKFLOW_STAGES)[number];

/** The stage filter's options on /signed-songs (?stage=). */
export const WORKFLOW_STAGE_LABELS: Record<WorkflowStage, string> = {
  contract: 'Needs contract',
  metadata: 'Needs metadata',
  assets: 'Needs assets',
  label_copy: 'Needs label copy',
  release: 'Ready to mark for release',
  ready: 'Ready for release',
};

export function isWorkflowStage(value: string | null | undefined): value is WorkflowStage {
  return (WORKFLOW_STAGES as readonly string[]).includes(value ?? '');
}

/** The first step not done yet ('ready' once the song is marked ready for release). */
export function workflowStage(f: WorkflowFacts): WorkflowStage {
  if (f.contract !== 'signed') return 'contract';
  if (f.metadata !== 'confirmed') return 'metadata';
  if (!f.hasArtwork || !f.hasMaster) return 'assets';
  if (f.labelCopy !== 'final') return 'label_copy';
  if (!f.releaseReady) return 'release';
  return 'ready';
}

/** What still stands between the song and its release, in the words the Overview tab shows. */
export function releaseBlockers(f: WorkflowFacts): string[] {
  const blockers: string[] = [];
  if (f.contract !== 'signed') {
    blockers.push(
      f.contract === 'declined'
        ? 'The contract was declined: send a new one'
        : f.contract === 'sent' || f.contract === 'partially_signed'
          ? 'The contract is waiting for signatures'
          : 'No signed contract yet',
    );
  }
  if (f.metadata !== 'confirmed') {
    blockers.push(
      f.metadata === 'submitted'
        ? 'The artist submitted the metadata: review and confirm it'
        : f.metadata === 'draft'
          ? 'The artist has not submitted the metadata yet'
          : 'No metadata form sent yet',
    );
  }
  if (!f.hasArtwork) blockers.push('Artwork missing');
  if (!f.hasMaster) blockers.push('Final master missing');
  if (f.labelCopy !== 'final') blockers.push('Label copy not final');
  if (blockers.length === 0 && !f.releaseReady) blockers.push('Not marked ready for release yet');
  return blockers;
}

/** How a chip looks: not started, under way, done, or a problem. */
export type ChipTone = 'none' | 'progress' | 'done' | 'problem';

// A chip, and the answers of GET /api/v1/signed-songs and /api/v1/signed-songs/{songId}: inferred
// from their contracts.
export type {
  SignedSongDto,
  SignedSongOverviewDto,
  SignedSongsDto,
  WorkflowChip,
} from './contracts/signed-songs.ts';

const CONTRACT_CHIP: Record<ContractStatus, [string, ChipTone]> = {
  draft: ['Draft', 'progress'],
  sent: ['Sent', 'progress'],
  partially_signed: ['Partially signed', 'progress'],
  signed: ['Signed', 'done'],
  declined: ['Declined', 'problem'],
  voided: ['Voided', 'problem'],
};
const METADATA_CHIP: Record<MetadataFormStatus, [string, ChipTone]> = {
  draft: ['Waiting for artist', 'progress'],
  submitted: ['To review', 'progress'],
  confirmed: ['Confirmed', 'done'],
};
const LABEL_COPY_CHIP: Record<LabelCopyStatus, [string, ChipTone]> = {
  draft: ['Draft', 'progress'],
  submitted: ['To review', 'progress'],
  final: ['Final', 'done'],
};
const CAMPAIGN_CHIP: Record<CampaignStatus, [string, ChipTone]> = {
  planned: ['Planned', 'progress'],
  active: ['Active', 'progress'],
  completed: ['Completed', 'done'],
};

/** A status's chip; a status these rules do not know yet reads as itself, under way. */
function stateOf(
  table: Record<string, [string, ChipTone]>,
  status: string | null,
): [string, ChipTone] | null {
  if (!status) return null;
  return table[status] ?? [status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' '), 'progress'];
}

/** The five status chips of a signed song's card (contract, metadata, label copy, assets, marketing). */
export function workflowChips(f: WorkflowFacts): WorkflowChip[] {
  const chip = (key: WorkflowChip['key'], name: string, state: [string, ChipTone] | null): WorkflowChip => ({
    key,
    name,
    value: state ? state[0] : 'Not started',
    tone: state ? state[1] : 'none',
  });
  const assets: [string, ChipTone] | null = f.releaseReady
    ? ['Ready for release', 'done']
    : f.hasArtwork && f.hasMaster
      ? ['Complete', 'done']
      : f.hasArtwork || f.hasMaster
        ? [f.hasArtwork ? 'Master missing' : 'Artwork missing', 'progress']
        : null;
  let marketing = stateOf(CAMPAIGN_CHIP, f.campaign);
  if (marketing && f.campaign !== 'completed' && f.openTasks > 0) {
    marketing = [
      `${marketing[0]} · ${f.openTasks} open ${f.openTasks === 1 ? 'task' : 'tasks'}`,
      marketing[1],
    ];
  }
  return [
    chip('contract', 'Contract', stateOf(CONTRACT_CHIP, f.contract)),
    chip('metadata', 'Metadata', stateOf(METADATA_CHIP, f.metadata)),
    chip('label_copy', 'Label copy', stateOf(LABEL_COPY_CHIP, f.labelCopy)),
    chip('assets', 'Assets', assets),
    chip('marketing', 'Marketing', marketing),
  ];
}
