import { DELIVERY_KIND_LABELS, DISTRIBUTION_TEXTS } from '@music-review/core/distribution';
import { Download } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDownloadDeliveryErn } from '../api/download-delivery-ern';
import type { DeliveryDto } from '../distribution-types';
import { formatBytes, formatDateTime, shortHash } from './format';
import { PageSection } from './section';
import { DeliveryStatusBadge } from './status-badge';

function Hash({ label, value }: { label: string; value: string }) {
  return (
    <span className="whitespace-nowrap">
      <span className="text-muted-foreground">{label} </span>
      <code title={value} className="font-mono">
        {shortHash(value)}
      </code>
    </span>
  );
}

function DeliveryItem({
  delivery,
  onDownload,
  isDownloading,
}: {
  delivery: DeliveryDto;
  onDownload: () => void;
  isDownloading: boolean;
}) {
  const times = [
    { label: 'Queued', at: delivery.created_at },
    { label: 'Started', at: delivery.started_at },
    { label: 'Finished', at: delivery.finished_at },
  ].filter((time): time is { label: string; at: string } => time.at !== null);
  return (
    <li className="flex flex-col gap-3 border-b border-border py-4 first:pt-0 last:border-b-0 last:pb-0">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-sm font-semibold text-foreground">
              {DELIVERY_KIND_LABELS[delivery.kind]} to {delivery.destination_name}
            </h3>
            <DeliveryStatusBadge status={delivery.status} />
          </div>
          <p className="text-xs text-muted-foreground">
            Message <code className="font-mono [overflow-wrap:anywhere]">{delivery.message_id}</code>
          </p>
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
            {times.map((time) => (
              <div key={time.label} className="flex gap-1">
                <dt className="text-muted-foreground">{time.label}</dt>
                <dd className="text-foreground">{formatDateTime(time.at)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <Button
          size="sm"
          variant="outline"
          className="self-start"
          aria-label={`${DISTRIBUTION_TEXTS.downloadErn} of message ${delivery.message_id}`}
          isLoading={isDownloading}
          onClick={onDownload}
        >
          <Download aria-hidden="true" />
          {DISTRIBUTION_TEXTS.downloadErn}
        </Button>
      </div>
      {delivery.error ? (
        <p className="rounded-lg border border-destructive/30 bg-destructive-soft px-3.5 py-3 text-sm text-destructive [overflow-wrap:anywhere]">
          {delivery.error}
        </p>
      ) : null}
      {delivery.files.length > 0 ? (
        <ul aria-label={`Files of message ${delivery.message_id}`} className="flex flex-col gap-1.5 text-xs">
          {delivery.files.map((file) => (
            <li key={file.path} className="flex flex-col gap-0.5 rounded-md bg-muted/50 px-2.5 py-1.5">
              <span className="font-mono text-foreground [overflow-wrap:anywhere]">{file.path}</span>
              <span className="flex flex-wrap gap-x-3 gap-y-0.5">
                <span>{formatBytes(file.bytes)}</span>
                <Hash label="MD5" value={file.md5} />
                <Hash label="SHA-256" value={file.sha256} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Each delivery of the release, newest first: kind, destination, status, error, files, times, its ERN. */
export function DeliveriesSection({ deliveries }: { deliveries: DeliveryDto[] }) {
  const download = useDownloadDeliveryErn();
  const downloading = download.isPending ? download.variables?.deliveryId : null;
  return (
    <PageSection id="deliveries" title="Deliveries">
      {download.isError ? <Alert>{download.error.message}</Alert> : null}
      {deliveries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing was sent yet.</p>
      ) : (
        <ul aria-label="Deliveries" className="flex flex-col">
          {deliveries.map((delivery) => (
            <DeliveryItem
              key={delivery.id}
              delivery={delivery}
              isDownloading={downloading === delivery.id}
              onDownload={() => download.mutate({ deliveryId: delivery.id, messageId: delivery.message_id })}
            />
          ))}
        </ul>
      )}
    </PageSection>
  );
}
