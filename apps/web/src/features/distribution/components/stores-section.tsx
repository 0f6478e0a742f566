import { DELIVERY_KIND_LABELS, DISTRIBUTION_TEXTS, storeLabel } from '@music-review/core/distribution';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { StoreRowDto } from '../distribution-types';
import { formatDateTime } from './format';
import { PageSection } from './section';
import { StoreStatusBadge } from './status-badge';
import { StoreStatusForm } from './store-status-form';

const TIMES: { key: keyof StoreRowDto; label: string }[] = [
  { key: 'queued_at', label: 'Queued' },
  { key: 'delivered_at', label: 'Delivered' },
  { key: 'live_at', label: 'Live' },
  { key: 'error_at', label: 'Error' },
  { key: 'taken_down_at', label: 'Taken down' },
];

const rowKey = (row: StoreRowDto) => `${row.destination_id}:${row.store}`;

function StoreRow({ row, releaseId }: { row: StoreRowDto; releaseId: string }) {
  const [isSetting, setIsSetting] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasSetting = useRef(false);
  // Closing the form gives the focus back to the button that opened it.
  useEffect(() => {
    if (!isSetting && wasSetting.current) buttonRef.current?.focus();
    wasSetting.current = isSetting;
  }, [isSetting]);
  const store = storeLabel(row.store);
  const times = TIMES.filter(({ key }) => row[key]);
  return (
    <li className="flex flex-col gap-3 border-b border-border py-3 last:border-b-0">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-sm font-semibold text-foreground">{store}</h3>
            <StoreStatusBadge status={row.status} />
            {row.action ? (
              <span className="text-xs text-muted-foreground">{DELIVERY_KIND_LABELS[row.action]}</span>
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground">via {row.destination_name}</p>
          {times.length > 0 ? (
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
              {times.map(({ key, label }) => (
                <div key={key} className="flex gap-1">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-foreground">{formatDateTime(row[key] as string)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {row.note ? (
            <p className="text-sm text-foreground [overflow-wrap:anywhere]">
              <span className="text-muted-foreground">Note: </span>
              {row.note}
            </p>
          ) : null}
        </div>
        {isSetting ? null : (
          <Button
            ref={buttonRef}
            size="sm"
            variant="outline"
            className="self-start"
            aria-label={`${DISTRIBUTION_TEXTS.setStatus} for ${store} at ${row.destination_name}`}
            onClick={() => setIsSetting(true)}
          >
            {DISTRIBUTION_TEXTS.setStatus}
          </Button>
        )}
      </div>
      {isSetting ? (
        <StoreStatusForm releaseId={releaseId} row={row} onDone={() => setIsSetting(false)} />
      ) : null}
    </li>
  );
}

/**
 * Where the release stands at each store of each destination: status, the last action, when it was
 * queued, delivered, live, in error or taken down, and the note; any row's status can be set by hand.
 */
export function StoresSection({ stores, releaseId }: { stores: StoreRowDto[]; releaseId: string }) {
  return (
    <PageSection id="stores" title={DISTRIBUTION_TEXTS.stores}>
      {stores.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No store has this release yet. “{DISTRIBUTION_TEXTS.deliver}” sends it to every store of your
          enabled destinations.
        </p>
      ) : (
        <ul aria-label={DISTRIBUTION_TEXTS.stores} className="flex flex-col">
          {stores.map((row) => (
            <StoreRow key={rowKey(row)} row={row} releaseId={releaseId} />
          ))}
        </ul>
      )}
    </PageSection>
  );
}
