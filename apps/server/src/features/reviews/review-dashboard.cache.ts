import { REVIEW_DEADLINE_DAYS } from '@music-review/core/review-rules';

const DAY_MS = 86_400_000;

/**
 * The next instant after `now` at which a card's days-left number (and so its badge, and whether a
 * pending song has expired) changes: daysLeft is ceil((deadline - now) / day), which steps down each
 * time the remaining time crosses a whole number of days.
 */
export function nextDaysLeftChange(submittedAt: Date | string, now: Date): number {
  const deadline = new Date(submittedAt).getTime() + REVIEW_DEADLINE_DAYS * DAY_MS;
  const remaining = deadline - now.getTime();
  return deadline - (Math.ceil(remaining / DAY_MS) - 1) * DAY_MS;
}
