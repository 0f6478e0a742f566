import { DISTRIBUTION_MESSAGES } from '@music-review/core/distribution';
import type { ReleaseDistributionDto } from '../distribution-types';

export interface DeliveryAvailability {
  canDeliver: boolean;
  /** Send update and Take down: only once stores were sent the release. */
  canChange: boolean;
  /** Why Deliver is not available now, in the words the server would use; null when it is. */
  reason: string | null;
}

/**
 * Which of Deliver, Send update and Take down can be pressed now. Deliver needs no blocking problem,
 * every file checked, no delivery in flight and an enabled destination; Send update and Take down
 * need a store that was sent the release (not draft or ready) and nothing in flight.
 */
export function deliveryAvailability(data: ReleaseDistributionDto): DeliveryAvailability {
  const hasDestination = data.destinations.some((d) => d.enabled);
  const wasDelivered = data.stores.some((s) => s.status !== 'draft' && s.status !== 'ready');
  const { errors, checking } = data.readiness;
  const reason = data.in_flight
    ? DISTRIBUTION_MESSAGES.inFlight
    : !hasDestination
      ? DISTRIBUTION_MESSAGES.noDestination
      : checking > 0
        ? DISTRIBUTION_MESSAGES.stillChecking
        : errors.length > 0
          ? DISTRIBUTION_MESSAGES.notReady(errors.length)
          : null;
  return {
    canDeliver: reason === null,
    canChange: wasDelivered && !data.in_flight && hasDestination,
    reason,
  };
}
