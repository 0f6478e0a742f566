import type { MetadataFormDto } from '@music-review/core/metadata-forms';
import { RotateCcw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatDate } from './format';
import { MetadataStatusBadge } from './metadata-status-badge';

/** The form's head: the track, where the form stands, and the label's next step (confirm or reopen). */
export function FormStatusCard({
  form,
  error,
  isConfirming,
  onConfirm,
  onReopen,
}: {
  form: MetadataFormDto;
  error: string | null;
  isConfirming: boolean;
  onConfirm: () => void;
  onReopen: () => void;
}) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold">
              {form.song_title}
              {form.data.version.trim() ? ` (${form.data.version.trim()})` : ''}
            </h3>
            <MetadataStatusBadge status={form.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            {form.status === 'draft'
              ? `Waiting for the artist · last change ${formatDate(form.updated_at)}`
              : form.status === 'submitted'
                ? `Submitted by the artist ${formatDate(form.submitted_at)}: review it, then confirm.`
                : `Confirmed${form.confirmed_by_name ? ` by ${form.confirmed_by_name}` : ''} ${formatDate(form.confirmed_at)}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {form.status !== 'draft' ? (
            <Button variant="outline" size="sm" onClick={onReopen}>
              <RotateCcw aria-hidden="true" />
              Reopen for the artist
            </Button>
          ) : null}
          {form.status !== 'confirmed' ? (
            <Button size="sm" onClick={onConfirm} isLoading={isConfirming}>
              Confirm metadata
            </Button>
          ) : null}
        </div>
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </Card>
  );
}
