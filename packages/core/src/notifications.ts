/**
 * Notifications (spec sections 2 "Notification bell", 3, 4 "Notification", 7): the types, their
 * human labels, where a click leads, and the shapes of /api/v1/notifications and
 * /api/v1/notification-preferences, shared by the server and the web app.
 */

export const NOTIFICATION_TYPES = [
  'review_request',
  'track_added',
  'metadata_form_confirmed',
  'campaign_task_assigned',
  'campaign_task_deadline_3days',
  'campaign_task_deadline_1day',
  'campaign_task_deadline_today',
  'mention',
  'contract_signed',
  'contract_declined',
  'label_copy_submitted',
  'delivery_failed',
  'store_live',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** What each type is called on the profile page and in the subject of its email. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  review_request: 'Review requests',
  track_added: 'New tracks added',
  metadata_form_confirmed: 'Metadata forms confirmed',
  campaign_task_assigned: 'Campaign tasks assigned to me',
  campaign_task_deadline_3days: 'Campaign task due in 3 days',
  campaign_task_deadline_1day: 'Campaign task due tomorrow',
  campaign_task_deadline_today: 'Campaign task due today',
  mention: 'Mentions',
  contract_signed: 'Contract signatures',
  contract_declined: 'Contracts declined',
  label_copy_submitted: 'Label copy sent by the artist',
  delivery_failed: 'Deliveries that failed',
  store_live: 'Releases live in stores',
};

/** The bell's texts (spec section 2). */
export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  markAllRead: 'Mark all as read',
  loading: 'Loading...',
  empty: 'No notifications',
} as const;

/** Spec section 4: metadata_form_confirmed goes on to its second page about 100 ms after the first. */
export const NOTIFICATION_SECOND_STEP_MS = 100;

export interface NotificationTarget {
  /** Where a click on the notification leads. */
  path: string;
  /** metadata_form_confirmed only: where to go NOTIFICATION_SECOND_STEP_MS later. */
  nextPath?: string;
}

/**
 * Where a click leads, by type (spec section 4). Null when the type is unknown or the notification
 * names no song (or, for a mention, no conversation) where one is needed: the click then only marks
 * it read. A mention opens the messages panel on its conversation (`/?chat=<conversationId>`).
 */
export function notificationTarget(
  type: string,
  songId: string | null,
  conversationId: string | null = null,
): NotificationTarget | null {
  const song = songId ? encodeURIComponent(songId) : null;
  switch (type) {
    case 'mention':
      return conversationId ? { path: `/?chat=${encodeURIComponent(conversationId)}` } : null;
    case 'review_request':
      return song ? { path: `/review/${song}` } : null;
    case 'track_added':
      return { path: '/overview' };
    case 'metadata_form_confirmed':
      return song
        ? { path: `/signed-songs?songId=${song}`, nextPath: '/signed-songs/metadata' }
        : { path: '/signed-songs/metadata' };
    case 'contract_signed':
    case 'contract_declined':
      return song ? { path: `/signed-songs/${song}/contracts` } : null;
    case 'label_copy_submitted':
      return song ? { path: `/signed-songs/${song}/label-copy` } : null;
    case 'campaign_task_assigned':
    case 'campaign_task_deadline_3days':
    case 'campaign_task_deadline_1day':
    case 'campaign_task_deadline_today':
      return song ? { path: `/signed-songs/${song}/marketing` } : null;
    case 'delivery_failed':
    case 'store_live':
      return { path: '/distribution' };
    default:
      return null;
  }
}

/** GET /api/v1/notifications: one page, newest first. */
export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 100;

// The answers' types are inferred from the endpoints' schemas (contracts/notifications.ts);
// type-only, so the browser loads no zod for them.
export type {
  NotificationDto,
  NotificationListDto,
  NotificationPreferenceDto,
  NotificationPreferencesDto,
  NotificationReadDto,
} from './contracts/notifications.ts';
