import {
  DELIVERY_KIND_LABELS,
  type DeliveryKind,
  DISTRIBUTION_MESSAGES,
  DISTRIBUTION_TEXTS,
} from '@music-review/core/distribution';
import { Send, Undo2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeliverRelease } from '../api/deliver-release';
import type { ReleaseDistributionDto } from '../distribution-types';
import { deliveryAvailability } from './delivery-availability';

/**
 * "Deliver", "Send update" and "Take down" (after a confirmation), with why one cannot be pressed.
 * A refusal (422 not ready or schema errors, 409 in flight or never delivered) shows the server's
 * message in an alert; the release is read again, so the last validation shows what failed.
 */
export function DeliveryActions({ data }: { data: ReleaseDistributionDto }) {
  const deliver = useDeliverRelease(data.release.id);
  const [isConfirmingTakedown, setIsConfirmingTakedown] = useState(false);
  const reasonId = useId();
  const { canDeliver, canChange, reason } = deliveryAvailability(data);
  const pendingKind = deliver.isPending ? deliver.variables : null;

  const send = (kind: DeliveryKind) => {
    setIsConfirmingTakedown(false);
    deliver.mutate(kind, {
      onSuccess: ({ deliveries }) =>
        toast.success(
          `${DELIVERY_KIND_LABELS[kind]} queued for ${
            deliveries.length === 1 ? deliveries[0]?.destination_name : `${deliveries.length} destinations`
          }`,
        ),
    });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => send('new')}
          disabled={!canDeliver || deliver.isPending}
          isLoading={pendingKind === 'new'}
          aria-describedby={reason ? reasonId : undefined}
        >
          <Send aria-hidden="true" />
          {DISTRIBUTION_TEXTS.deliver}
        </Button>
        <Button
          variant="outline"
          onClick={() => send('update')}
          disabled={!canChange || deliver.isPending}
          isLoading={pendingKind === 'update'}
        >
          <Upload aria-hidden="true" />
          {DISTRIBUTION_TEXTS.sendUpdate}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            deliver.reset();
            setIsConfirmingTakedown(true);
          }}
          disabled={!canChange || deliver.isPending}
          isLoading={pendingKind === 'takedown'}
        >
          <Undo2 aria-hidden="true" />
          {DISTRIBUTION_TEXTS.takeDown}
        </Button>
      </div>
      {reason ? (
        <p id={reasonId} className="text-sm text-muted-foreground">
          {reason}
        </p>
      ) : !canChange ? (
        <p className="text-sm text-muted-foreground">{DISTRIBUTION_MESSAGES.notDelivered}</p>
      ) : null}
      {deliver.isError ? <Alert>{deliver.error.message}</Alert> : null}
      <ConfirmDialog
        open={isConfirmingTakedown}
        title={`Take down “${data.release.title}”?`}
        description="A takedown message goes to every destination this release was delivered to, and the stores stop selling it. You can deliver it again later."
        confirmLabel={DISTRIBUTION_TEXTS.takeDown}
        isPending={false}
        onConfirm={() => send('takedown')}
        onClose={() => setIsConfirmingTakedown(false)}
      />
    </div>
  );
}
