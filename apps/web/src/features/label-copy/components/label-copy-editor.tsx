import {
  type LabelCopyDto,
  type LabelCopyGeneratorStateDto,
  labelCopyIssues,
} from '@music-review/core/label-copy';
import { Lock, Save, Unlock } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useFinalizeOrReopenLabelCopy } from '../api/finalize-or-reopen-label-copy';
import { autosaveText } from '../use-autosave';
import { visibleIssues } from './fields/visible-issues';
import { GeneratorCard } from './generator-card';
import { LabelCopyFields } from './label-copy-fields';
import { LabelCopyLinks } from './label-copy-links';
import { formatDate } from './label-copy-sheet';
import { StatusChip } from './status-chip';
import { useLabelCopyDraft } from './use-label-copy-draft';
import { WhatsMissing } from './whats-missing';

/**
 * An existing label copy in the tab: the form with its status and actions (save, mark as final,
 * reopen), and beside it the checklist, the generator and the public links.
 */
export function LabelCopyEditor({
  songId,
  copy,
  generator,
}: {
  songId: string;
  copy: LabelCopyDto;
  generator: LabelCopyGeneratorStateDto;
}) {
  const { data, setData, autosave } = useLabelCopyDraft(songId, copy);
  const [showAll, setShowAll] = useState(false);
  const action = useFinalizeOrReopenLabelCopy(songId, copy.id);
  const isFinal = copy.status === 'final';

  const markFinal = async () => {
    setShowAll(true);
    if (!(await autosave.flush())) return;
    action.mutate('final');
  };

  const issues = labelCopyIssues(data, 'final');
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex flex-col gap-3 xl:flex-row xl:items-center xl:justify-between">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg font-semibold text-foreground">Label copy</h3>
            <StatusChip status={copy.status} />
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {autosaveText(autosave.status)}
            </span>
          </div>
          <div className="flex flex-wrap gap-2">
            {isFinal ? (
              <Button
                variant="outline"
                onClick={() => action.mutate('reopen')}
                isLoading={action.isPending && action.variables === 'reopen'}
              >
                <Unlock aria-hidden="true" />
                Reopen
              </Button>
            ) : (
              <>
                <Button
                  variant="outline"
                  onClick={() => void autosave.flush()}
                  isLoading={autosave.status === 'saving'}
                  disabled={!autosave.isDirty && autosave.status !== 'error'}
                >
                  <Save aria-hidden="true" />
                  Save draft
                </Button>
                <Button
                  onClick={() => void markFinal()}
                  isLoading={action.isPending && action.variables === 'final'}
                >
                  <Lock aria-hidden="true" />
                  Mark as final
                </Button>
              </>
            )}
          </div>
        </div>
        {copy.status === 'submitted' && copy.submitted_at ? (
          <Alert variant="info">
            The artist submitted this label copy on {formatDate(copy.submitted_at)}. Review it, then mark it
            as final.
          </Alert>
        ) : null}
        {isFinal && copy.finalized_at ? (
          <Alert variant="success">
            Final since {formatDate(copy.finalized_at)}. Reopen it to make changes.
          </Alert>
        ) : null}
        {autosave.status === 'error' && autosave.error ? (
          <Alert>{`Your draft was not saved: ${autosave.error}`}</Alert>
        ) : null}
        {action.isError ? <Alert>{action.error.message}</Alert> : null}
        <LabelCopyFields
          data={data}
          onChange={setData}
          issues={visibleIssues(data, issues, showAll)}
          disabled={isFinal}
        />
      </Card>
      {/* On a phone the checklist, generator and links come first: the form below is long. */}
      <div className="order-first flex flex-col gap-6 lg:order-none">
        <WhatsMissing copy={copy} data={data} />
        <GeneratorCard songId={songId} copy={copy} state={generator} beforeGenerate={autosave.flush} />
        <LabelCopyLinks labelCopyId={copy.id} isFinal={isFinal} hasGenerated={copy.generated_at !== null} />
      </div>
    </div>
  );
}
