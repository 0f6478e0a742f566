import {
  LABEL_COPY_MESSAGES,
  LABEL_COPY_STATUS_LABELS,
  type LabelCopyData,
  type LabelCopyDto,
  type LabelCopyGeneratorStateDto,
  type LabelCopyStatus,
  labelCopyIssues,
} from '@music-review/core/label-copy';
import { CheckCircle2, Circle, FilePlus2, FileStack, Lock, RotateCcw, Save, Unlock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useConfirmLeave } from '../../../lib/use-confirm-leave';
import {
  useCreateLabelCopy,
  useDownloadGenerated,
  useLabelCopyAction,
  useSaveLabelCopy,
  useSetLabelCopy,
  useSongLabelCopy,
} from '../api/label-copy';
import { autosaveText, useAutosave } from '../use-autosave';
import { DownloadButtons } from './download-buttons';
import { LabelCopyFields, visibleIssues } from './label-copy-fields';
import { LabelCopyLinks } from './label-copy-links';
import { formatDate } from './label-copy-sheet';

const STATUS_VARIANT: Record<LabelCopyStatus, BadgeVariant> = {
  draft: 'neutral',
  submitted: 'primary',
  final: 'success',
};

function StatusChip({ status }: { status: LabelCopyStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{LABEL_COPY_STATUS_LABELS[status]}</Badge>;
}

function WhatsMissing({ copy, data }: { copy: LabelCopyDto; data: LabelCopyData }) {
  const missing = labelCopyIssues(data, 'final');
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h3 className="text-base font-semibold text-foreground">What's missing</h3>
      {missing.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-foreground">
          <CheckCircle2 aria-hidden="true" className="size-4 text-success" />
          {copy.status === 'final' ? 'Complete and final.' : 'Nothing: ready to mark as final.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Fields to complete before marking as final">
          {missing.map((issue) => (
            <li key={`${issue.field}:${issue.message}`} className="flex gap-2 text-sm">
              <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span>
                <span className="font-medium text-foreground">{issue.label}</span>
                <span className="text-muted-foreground">: {issue.message}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function planText(state: LabelCopyGeneratorStateDto): string {
  if (state.is_trial)
    return state.trial_used
      ? 'Your Starter plan’s one free generation has been used.'
      : 'Starter plan: generating uses your one free generation of the label copy generator.';
  return state.allowed ? `Included in your ${state.plan_name} plan.` : LABEL_COPY_MESSAGES.generatorNotInPlan;
}

function exportsText(state: LabelCopyGeneratorStateDto): string {
  const { pdf, csv } = state.exports_this_month;
  if (state.export_limit < 0) return `Exports this month: ${pdf} PDF, ${csv} CSV (unlimited).`;
  return `Exports this month: ${pdf} of ${state.export_limit} PDF, ${csv} of ${state.export_limit} CSV.`;
}

function Generator({
  songId,
  copy,
  state,
  beforeGenerate,
}: {
  songId: string;
  copy: LabelCopyDto;
  state: LabelCopyGeneratorStateDto;
  beforeGenerate: () => Promise<boolean>;
}) {
  const action = useLabelCopyAction(songId, copy.id);
  const download = useDownloadGenerated(songId, copy.id);
  const generate = async () => {
    if (await beforeGenerate()) action.mutate('generate');
  };
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div>
        <h3 className="text-base font-semibold text-foreground">Label copy generator</h3>
        <p className="text-sm text-muted-foreground">
          Assembles a formatted document from this label copy, the metadata form and the signed contract.
        </p>
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <p className={state.allowed ? 'text-foreground' : 'text-destructive'}>{planText(state)}</p>
        <p className="text-muted-foreground">{exportsText(state)}</p>
      </div>
      {action.isError && action.variables === 'generate' ? <Alert>{action.error.message}</Alert> : null}
      <Button
        onClick={() => void generate()}
        isLoading={action.isPending && action.variables === 'generate'}
        disabled={!state.allowed}
        className="self-start"
      >
        <FileStack aria-hidden="true" />
        Generate label copy
      </Button>
      {copy.generated_at ? (
        <div className="flex flex-col gap-2 border-t border-border pt-4">
          <p className="text-sm text-muted-foreground">Generated {formatDate(copy.generated_at)}</p>
          <DownloadButtons download={(format) => download.mutateAsync(format)} />
        </div>
      ) : null}
    </Card>
  );
}

function Editor({
  songId,
  copy,
  generator,
}: {
  songId: string;
  copy: LabelCopyDto;
  generator: LabelCopyGeneratorStateDto;
}) {
  const [data, setData] = useState<LabelCopyData>(copy.data);
  const [showAll, setShowAll] = useState(false);
  const save = useSaveLabelCopy(copy.id);
  const setCopy = useSetLabelCopy(songId);
  const action = useLabelCopyAction(songId, copy.id);
  const isFinal = copy.status === 'final';
  // Someone else's change (the artist's form, a colleague) replaces the draft only when there is
  // nothing unsaved here. Our own saves never do (the server normalises: trimming would eat a typed
  // space), nor does a refetch that answers older than what we already have.
  const lastServerUpdate = useRef(copy.updated_at);
  const ownSave = useRef(JSON.stringify(copy.data));
  const autosave = useAutosave(
    data,
    async (value) => {
      const saved = await save.mutateAsync(value);
      ownSave.current = JSON.stringify(saved.data);
      if (saved.updated_at > lastServerUpdate.current) lastServerUpdate.current = saved.updated_at;
      setCopy(saved);
    },
    !isFinal,
  );
  useConfirmLeave(autosave.isDirty);

  useEffect(() => {
    if (copy.updated_at <= lastServerUpdate.current) return;
    lastServerUpdate.current = copy.updated_at;
    const incoming = JSON.stringify(copy.data);
    if (incoming === ownSave.current || autosave.isDirty || autosave.status === 'saving') return;
    ownSave.current = incoming;
    setData(copy.data);
    autosave.reset(copy.data);
  }, [copy.updated_at, copy.data, autosave]);

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
        {action.isError && action.variables !== 'generate' ? <Alert>{action.error.message}</Alert> : null}
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
        <Generator songId={songId} copy={copy} state={generator} beforeGenerate={autosave.flush} />
        <LabelCopyLinks labelCopyId={copy.id} isFinal={isFinal} hasGenerated={copy.generated_at !== null} />
      </div>
    </div>
  );
}

/** The signed song's label copy tab (issue 6). */
export function LabelCopyTab({ songId }: { songId: string }) {
  const query = useSongLabelCopy(songId);
  const create = useCreateLabelCopy(songId);

  if (query.isPending) {
    return (
      <div
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
        role="status"
        aria-busy="true"
        aria-label="Loading the label copy"
      >
        <Skeleton className="h-96" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card className="flex flex-col items-start gap-3 p-5">
        <Alert>{query.error.message || 'Failed to load the label copy'}</Alert>
        <Button variant="outline" onClick={() => void query.refetch()} isLoading={query.isFetching}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </Card>
    );
  }
  const { label_copy: copy, song, generator } = query.data;
  if (!copy) {
    return (
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <FilePlus2 aria-hidden="true" className="size-10 text-muted-foreground" />
        <h3 className="text-lg font-semibold text-foreground">No label copy yet</h3>
        <p className="max-w-md text-sm text-muted-foreground">
          {song.status === 'signed'
            ? `Start the label copy of “${song.title}”. It is filled in from the song, its metadata form and its signed contract; you and the artist complete the rest.`
            : LABEL_COPY_MESSAGES.notSigned}
        </p>
        {create.isError ? <Alert>{create.error.message}</Alert> : null}
        <Button
          onClick={() => create.mutate()}
          isLoading={create.isPending}
          disabled={song.status !== 'signed'}
        >
          <FilePlus2 aria-hidden="true" />
          Create label copy
        </Button>
      </Card>
    );
  }
  return <Editor key={copy.id} songId={songId} copy={copy} generator={generator} />;
}
