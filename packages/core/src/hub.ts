/**
 * The Label Hub (/ and /label-hub: the label's front page) and Home (/home: the user's own day).
 * Response shapes of GET /api/v1/hub and GET /api/v1/home, and the small rules both sides share.
 */

/** Contract statuses that are finished: every other status counts as an open contract. */
export const CLOSED_CONTRACT_STATUSES = ['signed', 'completed', 'cancelled', 'declined'] as const;
/** Metadata form statuses that are finished ('confirmed' is the spec's metadata_form_confirmed). */
export const CLOSED_FORM_STATUSES = ['confirmed', 'completed', 'cancelled'] as const;

/** Spec section 9: a member is online when their status is online and they were seen within 5 minutes. */
export const ONLINE_WINDOW_MINUTES = 5;

export type PresenceStatus = 'online' | 'away' | 'offline';

export interface HubCountsDto {
  /** Songs waiting for the caller's review (the Review Dashboard's pending tab). */
  pending_reviews: number;
  /** Pending songs at the 60 percent marker or past their 7-day window. */
  awaiting_decision: number;
  /** Signed songs added in the last 30 days (spec section 7; the usage window of section 9). */
  signed_songs: number;
  /** Contracts whose status is not one of CLOSED_CONTRACT_STATUSES. */
  open_contracts: number;
  /** Metadata forms whose status is not one of CLOSED_FORM_STATUSES. */
  open_forms: number;
}

export interface HubUsageDto {
  plan_name: string;
  /** Tracks added in the last 30 days (rolling), the count the plan's track limit is checked against. */
  tracks_last_30_days: number;
  /** -1 means unlimited. */
  track_limit: number;
  members: number;
  /** -1 means unlimited. */
  user_limit: number;
}

export interface HubTeamMemberDto {
  id: string;
  name: string;
  email: string;
  is_admin: boolean;
  is_me: boolean;
  /** Online or away only while seen within ONLINE_WINDOW_MINUTES; offline otherwise. */
  status: PresenceStatus;
  last_seen: string | null;
  /** What they are doing, while online or away. */
  current_activity: string | null;
}

export interface HubActivityDto {
  kind: 'song_added' | 'review';
  at: string;
  song_id: string;
  song_title: string;
  /** Who added the song or wrote the review; null when unknown (a removed member). */
  actor_name: string | null;
}

export interface HubDecisionDto {
  song_id: string;
  song_title: string;
  status: 'signed' | 'passed';
}

/** GET /api/v1/hub: everything the Label Hub shows, in one answer. */
export interface HubDto {
  counts: HubCountsDto;
  usage: HubUsageDto;
  /** Online members first, then away, then offline; by name within each. */
  team: HubTeamMemberDto[];
  /** The latest songs added and reviews written, newest first (at most 10). */
  activity: HubActivityDto[];
  /**
   * The latest decided songs (at most 5). Songs keep no decision time, so these are ordered by
   * submission, newest first.
   */
  decisions: HubDecisionDto[];
}

export interface HomePendingReviewDto {
  id: string;
  title: string;
  submitted_at: string;
  days_left: number;
  deadline_badge: string;
  current_version_number: number;
  audio_file_key: string | null;
  waveform_file_key: string | null;
}

export interface HomeNotificationDto {
  id: string;
  type: string;
  message: string;
  song_id: string | null;
  /** A mention's conversation (the click opens the messages panel on it). */
  conversation_id: string | null;
  sender_name: string | null;
  created_at: string;
}

export interface HomeMentionDto {
  id: string;
  message_id: string;
  conversation_id: string;
  conversation_type: 'dm' | 'song_chat' | 'support';
  song_id: string | null;
  message_text: string;
  mentioned_by_name: string | null;
  created_at: string;
}

/** GET /api/v1/home: the caller's own day. */
export interface HomeDto {
  /** Fewest days left first (spec section 9), then the oldest submission, then the title. */
  pending_reviews: HomePendingReviewDto[];
  /** Unread, newest first (at most 20). */
  notifications: HomeNotificationDto[];
  unread_notification_count: number;
  /** Mentions of the caller in messages they have not read, newest first (at most 20). */
  mentions: HomeMentionDto[];
}

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
