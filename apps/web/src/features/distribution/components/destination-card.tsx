import { DESTINATION_KIND_LABELS, storeLabel } from '@music-review/core/distribution';
import { Pencil, PlugZap, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteDestination } from '../api/delete-destination';
import { useTestDestination } from '../api/test-destination';
import type { DestinationDto } from '../distribution-types';
import { formatDateTime } from './format';
import { EnabledBadge } from './status-badge';

/** Where a destination's files go, in one line (no secret: the API sends none). */
function whereTo(destination: DestinationDto): string {
  const c = destination.connection;
  const text = (key: string) =>
    typeof c[key] === 'string' || typeof c[key] === 'number' ? String(c[key]) : '';
  switch (destination.kind) {
    case 'sftp': {
      const folder = text('remote_folder');
      return `${text('username')}@${text('host')}:${text('port') || '22'}${folder ? `/${folder}` : ''}`;
    }
    case 's3': {
      const prefix = text('prefix');
      return `${text('bucket')}${prefix ? `/${prefix}` : ''} (${text('region')})`;
    }
    default:
      return `distribution/${text('folder')}`;
  }
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * One destination: where it sends and for which stores, how the last acknowledgement check went and
 * the acknowledgements that matched no delivery. Admins edit, delete and test the connection.
 */
export function DestinationCard({
  destination,
  isAdmin,
  onEdit,
}: {
  destination: DestinationDto;
  isAdmin: boolean;
  onEdit: () => void;
}) {
  const titleId = useId();
  const test = useTestDestination();
  const remove = useDeleteDestination();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const { name } = destination;
  const unmatched = destination.unmatched_acks;

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <article aria-labelledby={titleId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={titleId} className="text-base font-semibold leading-tight [overflow-wrap:anywhere]">
                {name}
              </h2>
              <EnabledBadge enabled={destination.enabled} />
            </div>
            <p className="mt-0.5 text-sm text-muted-foreground">
              {DESTINATION_KIND_LABELS[destination.kind]}
            </p>
          </div>
          {isAdmin ? (
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                aria-label={`Test connection to ${name}`}
                isLoading={test.isPending}
                onClick={() => test.mutate(destination.id)}
              >
                <PlugZap aria-hidden="true" />
                Test connection
              </Button>
              <Button size="sm" variant="outline" aria-label={`Edit ${name}`} onClick={onEdit}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${name}`}
                onClick={() => {
                  remove.reset();
                  setIsConfirmingDelete(true);
                }}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          ) : null}
        </div>

        {test.data ? (
          <Alert variant={test.data.ok ? 'success' : 'error'}>{test.data.message}</Alert>
        ) : test.error ? (
          <Alert>{test.error.message}</Alert>
        ) : null}

        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="Recipient">
            {destination.recipient_name}{' '}
            <span className="font-mono text-xs">({destination.recipient_dpid})</span>
          </Detail>
          <Detail label="Sends to">
            <span className="font-mono text-xs">{whereTo(destination)}</span>
          </Detail>
          <Detail label="Stores">{destination.stores.map(storeLabel).join(', ')}</Detail>
          <Detail label="Acknowledgements last checked">
            {destination.acks_checked_at ? formatDateTime(destination.acks_checked_at) : 'Not checked yet'}
          </Detail>
        </dl>

        {destination.acks_error ? (
          <p className="rounded-lg border border-destructive/30 bg-destructive-soft px-3.5 py-3 text-sm text-destructive">
            The last acknowledgement check failed: {destination.acks_error}
          </p>
        ) : null}

        {unmatched.length > 0 ? (
          <details className="rounded-lg border border-border px-3.5 py-2 text-sm">
            <summary className="cursor-pointer rounded-sm font-medium text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring">
              {unmatched.length === 1
                ? '1 acknowledgement matched no delivery'
                : `${unmatched.length} acknowledgements matched no delivery`}
            </summary>
            <p className="mt-2 text-muted-foreground">
              The distributor sent these files back, but none names a message sent from here. Check them on
              the distributor’s side.
            </p>
            <ul className="mt-2 flex flex-col gap-2">
              {unmatched.map((ack) => (
                <li key={`${ack.file_name}-${ack.at}`} className="flex flex-col">
                  <span className="font-mono text-xs [overflow-wrap:anywhere]">{ack.file_name}</span>
                  <span className="text-muted-foreground">
                    {ack.outcome}
                    {ack.detail ? `: ${ack.detail}` : ''} · {formatDateTime(ack.at)}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </article>

      <ConfirmDialog
        open={isConfirmingDelete}
        title={`Delete “${name}”?`}
        description="Releases stop being delivered to it. What was already sent stays in each release’s history."
        confirmLabel="Delete destination"
        isPending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(destination.id, {
            onSuccess: () => {
              setIsConfirmingDelete(false);
              toast.success(`“${name}” deleted`);
            },
          })
        }
        onClose={() => setIsConfirmingDelete(false)}
      />
    </Card>
  );
}
