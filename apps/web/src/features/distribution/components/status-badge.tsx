import {
  type DeliveryStatus,
  PIPELINE_STATUS_LABELS,
  type PipelineStatus,
  STORE_STATUS_LABELS,
  type StoreStatus,
} from '@music-review/core/distribution';
import { cn } from '../../../lib/cn';

type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

// The app's tokens only, so both themes keep their contrast (docs/ARCHITECTURE.md, Accessibility).
const TONES: Record<Tone, string> = {
  neutral: 'bg-muted text-muted-foreground',
  info: 'bg-accent text-accent-foreground',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning/15 text-warning',
  danger: 'bg-destructive-soft text-destructive',
};

const PIPELINE_TONES: Record<PipelineStatus, Tone> = {
  error: 'danger',
  blocked: 'warning',
  draft: 'neutral',
  ready: 'info',
  in_progress: 'info',
  delivered: 'info',
  live: 'success',
  on_hold: 'warning',
  taken_down: 'neutral',
};

const STORE_TONES: Record<StoreStatus, Tone> = {
  draft: 'neutral',
  ready: 'info',
  queued: 'info',
  delivered: 'info',
  live: 'success',
  error: 'danger',
  on_hold: 'warning',
  takedown_requested: 'warning',
  taken_down: 'neutral',
};

/** The core has no labels for a delivery's own status: these are its four words. */
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
};
const DELIVERY_TONES: Record<DeliveryStatus, Tone> = {
  queued: 'info',
  sending: 'info',
  delivered: 'success',
  failed: 'danger',
};

function Pill({ tone, children }: { tone: Tone; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium leading-5 whitespace-nowrap',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

export const PipelineBadge = ({ status }: { status: PipelineStatus }) => (
  <Pill tone={PIPELINE_TONES[status]}>{PIPELINE_STATUS_LABELS[status]}</Pill>
);

export const StoreStatusBadge = ({ status }: { status: StoreStatus }) => (
  <Pill tone={STORE_TONES[status]}>{STORE_STATUS_LABELS[status]}</Pill>
);

export const DeliveryStatusBadge = ({ status }: { status: DeliveryStatus }) => (
  <Pill tone={DELIVERY_TONES[status]}>{DELIVERY_STATUS_LABELS[status]}</Pill>
);

export const EnabledBadge = ({ enabled }: { enabled: boolean }) => (
  <Pill tone={enabled ? 'success' : 'neutral'}>{enabled ? 'Enabled' : 'Disabled'}</Pill>
);
