import { describe, expect, it } from 'vitest';
import { releaseBlockers, type WorkflowFacts, workflowChips, workflowStage } from './signed-songs.ts';

const nothing: WorkflowFacts = {
  contract: null,
  metadata: null,
  labelCopy: null,
  hasArtwork: false,
  hasMaster: false,
  releaseReady: false,
  campaign: null,
  openTasks: 0,
};
const everything: WorkflowFacts = {
  contract: 'signed',
  metadata: 'confirmed',
  labelCopy: 'final',
  hasArtwork: true,
  hasMaster: true,
  releaseReady: true,
  campaign: 'active',
  openTasks: 2,
};

describe('workflowStage', () => {
  it('is the first step not done, in the order contract, metadata, assets, label copy, release', () => {
    expect(workflowStage(nothing)).toBe('contract');
    expect(workflowStage({ ...everything, contract: 'partially_signed' })).toBe('contract');
    expect(workflowStage({ ...everything, metadata: 'submitted' })).toBe('metadata');
    expect(workflowStage({ ...everything, hasMaster: false })).toBe('assets');
    expect(workflowStage({ ...everything, labelCopy: 'submitted' })).toBe('label_copy');
    expect(workflowStage({ ...everything, releaseReady: false })).toBe('release');
    expect(workflowStage(everything)).toBe('ready');
  });

  it('does not let marketing hold a release back', () => {
    expect(workflowStage({ ...everything, campaign: null, openTasks: 0 })).toBe('ready');
  });
});

describe('releaseBlockers', () => {
  it('names everything missing, in words that say what to do', () => {
    expect(releaseBlockers(nothing)).toEqual([
      'No signed contract yet',
      'No metadata form sent yet',
      'Artwork missing',
      'Final master missing',
      'Label copy not final',
    ]);
    expect(releaseBlockers({ ...everything, contract: 'declined', metadata: 'submitted' })).toEqual([
      'The contract was declined: send a new one',
      'The artist submitted the metadata: review and confirm it',
    ]);
  });

  it('asks for the ready mark only once nothing else is missing, and is empty when ready', () => {
    expect(releaseBlockers({ ...everything, releaseReady: false })).toEqual([
      'Not marked ready for release yet',
    ]);
    expect(releaseBlockers(everything)).toEqual([]);
  });
});

describe('workflowChips', () => {
  it('gives the five chips in order with their states', () => {
    expect(workflowChips(nothing).map((c) => `${c.name}: ${c.value} (${c.tone})`)).toEqual([
      'Contract: Not started (none)',
      'Metadata: Not started (none)',
      'Label copy: Not started (none)',
      'Assets: Not started (none)',
      'Marketing: Not started (none)',
    ]);
    expect(workflowChips(everything).map((c) => `${c.name}: ${c.value} (${c.tone})`)).toEqual([
      'Contract: Signed (done)',
      'Metadata: Confirmed (done)',
      'Label copy: Final (done)',
      'Assets: Ready for release (done)',
      'Marketing: Active · 2 open tasks (progress)',
    ]);
  });

  it('marks a declined contract as a problem and half the assets as under way', () => {
    const chips = workflowChips({
      ...nothing,
      contract: 'declined',
      hasArtwork: true,
      campaign: 'planned',
      openTasks: 1,
    });
    expect(chips[0]).toMatchObject({ value: 'Declined', tone: 'problem' });
    expect(chips[3]).toMatchObject({ value: 'Master missing', tone: 'progress' });
    expect(chips[4]).toMatchObject({ value: 'Planned · 1 open task', tone: 'progress' });
  });

  it('shows a status it does not know as itself rather than failing', () => {
    const chips = workflowChips({ ...nothing, metadata: 'queued' as never });
    expect(chips[1]).toMatchObject({ value: 'Queued', tone: 'progress' });
  });
});
