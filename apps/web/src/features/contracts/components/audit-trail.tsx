import { CONTRACT_EVENT_LABELS, type ContractEventAction } from '@music-review/core/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useContractDetail } from '../api/get-contract';
import { when } from './format-when';

/** A sent contract's events with their hashes, fetched only once the reader opens it. */
export function AuditTrail({ contractId }: { contractId: string }) {
  const [open, setOpen] = useState(false);
  const detail = useContractDetail(contractId, open);
  return (
    <details className="rounded-lg border border-border" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">Audit trail</summary>
      <div className="border-t border-border px-3 py-2">
        {detail.isPending ? (
          <Skeleton className="h-16" />
        ) : detail.isError ? (
          <Alert>{detail.error.message}</Alert>
        ) : (
          <ol className="flex flex-col gap-2 text-xs">
            {detail.data.events.map((e) => (
              <li key={e.id} className="flex flex-col gap-0.5">
                <span className="font-medium text-foreground">
                  {CONTRACT_EVENT_LABELS[e.action as ContractEventAction] ?? e.action} · {e.actor_name}
                  {e.actor_email ? ` <${e.actor_email}>` : ''}
                </span>
                <span className="text-muted-foreground">
                  {when(e.created_at)}
                  {e.ip ? ` · IP ${e.ip}` : ''}
                </span>
                {e.hash_after ? (
                  <span className="break-all font-mono text-[0.6875rem] text-muted-foreground">
                    SHA-256 {e.hash_before ? `${e.hash_before.slice(0, 12)}… → ` : ''}
                    {e.hash_after.slice(0, 12)}…
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}
