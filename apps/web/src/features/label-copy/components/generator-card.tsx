import {
  LABEL_COPY_MESSAGES,
  type LabelCopyDto,
  type LabelCopyGeneratorStateDto,
} from '@music-review/core/label-copy';
import { FileStack } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useDownloadGenerated } from '../api/download-generated-label-copy';
import { useGenerateLabelCopy } from '../api/generate-label-copy';
import { DownloadButtons } from './download-buttons';
import { formatDate } from './label-copy-sheet';

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

/**
 * The label copy generator: what the plan allows, this month's exports, "Generate label copy" and,
 * once generated, the PDF and CSV downloads. `beforeGenerate` saves the draft first (false: not saved).
 */
export function GeneratorCard({
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
  const generate = useGenerateLabelCopy(songId, copy.id);
  const download = useDownloadGenerated(songId, copy.id);
  const run = async () => {
    if (await beforeGenerate()) generate.mutate();
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
      {generate.isError ? <Alert>{generate.error.message}</Alert> : null}
      <Button
        onClick={() => void run()}
        isLoading={generate.isPending}
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
