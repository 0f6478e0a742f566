/**
 * The Label Hub (/ and /label-hub: the label's front page) and Home (/home: the user's own day).
 * The small rules the server and the web share (the answers' shapes are in contracts/hub.ts).
 */

/** Contract statuses that are finished: every other status counts as an open contract. */
export const CLOSED_CONTRACT_STATUSES = ['signed', 'completed', 'cancelled', 'declined'] as const;
/** Metadata form statuses that are finished ('confirmed' is the spec's metadata_form_confirmed). */
export const CLOSED_FORM_STATUSES = ['confirmed', 'completed', 'cancelled'] as const;

/** Spec section 9: a member is online when their status is online and they were seen within 5 minutes. */
export const ONLINE_WINDOW_MINUTES = 5;

export type PresenceStatus = 'online' | 'away' | 'offline';

// The answers' types are inferred from the endpoints' schemas (contracts/hub.ts); type-only, so the
// browser loads no zod for them.
export type {
  HomeDto,
  HomeMentionDto,
  HomeNotificationDto,
  HomePendingReviewDto,
  HubActivityDto,
  HubCountsDto,
  HubDecisionDto,
  HubDto,
  HubTeamMemberDto,
  HubUsageDto,
} from './contracts/hub.ts';

/** 'Unlimited' for -1, else the number. */
export function formatLimit(limit: number): string {
  return limit === -1 ? 'Unlimited' : String(limit);
}

/** How much of a limit is used, 0-1; null when the limit is unlimited (-1) or not positive. */
export function usageFraction(used: number, limit: number): number | null {
  if (limit === -1 || limit <= 0) return null;
  return Math.min(1, Math.max(0, used / limit));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A short past time: 'just now', '5 min ago', '3 h ago', '2 days ago', then the date ('12 Mar 2025').
 * Times a little in the future (clock skew) read 'just now'.
 */
export function formatTimeAgo(at: string | Date, now: Date | number = Date.now()): string {
  const then = at instanceof Date ? at.getTime() : Date.parse(at);
  if (!Number.isFinite(then)) return '';
  const elapsed = (now instanceof Date ? now.getTime() : now) - then;
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  if (days < 7) return days === 1 ? '1 day ago' : `${days} days ago`;
  return new Date(then).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
