/**
 * Notifications (spec sections 2 "Notification bell", 4 "Notification" and 7): the bell's list, read
 * marks and the member's email preferences. The contract of each endpoint
 * (packages/core/src/endpoint.ts); handlers:
 * apps/server/src/features/notifications/notifications.routes.ts.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { NOTIFICATION_PAGE_DEFAULT, NOTIFICATION_PAGE_MAX, NOTIFICATION_TYPES } from '../notifications.ts';

const typeList = NOTIFICATION_TYPES.join(', ');

const notification = z.object({
  id: z.string(),
  type: z.string(),
  message: z.string(),
  song_id: z.string().nullable(),
  sender_id: z.string().nullable(),
  sender_name: z.string().nullable().meta({
    description: "The sender's name; null when there is none (a system notice, or the sender left).",
  }),
  conversation_id: z
    .string()
    .nullable()
    .meta({ description: "A mention's conversation (the click opens it); null for other types." }),
  read: z.boolean(),
  created_at: z.string(),
});

const notificationList = z.object({
  notifications: z.array(notification),
  unread_count: z
    .number()
    .meta({ description: "All of the caller's unread notifications, not only this page's." }),
  next_cursor: z
    .string()
    .nullable()
    .meta({ description: 'Pass as `cursor` for the next (older) page; null on the last page.' }),
});

const notificationRead = z.object({
  updated: z.number().meta({ description: 'How many notifications this call changed from unread to read.' }),
  unread_count: z.number(),
});

const preference = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  label: z.string(),
  email: z.boolean().meta({ description: 'Also send this type by email (the bell always shows it).' }),
});

const preferences = z.object({
  preferences: z.array(preference).meta({ description: 'Every type, in NOTIFICATION_TYPES order.' }),
});

export type NotificationDto = z.infer<typeof notification>;
/** One page of the bell, newest first. */
export type NotificationListDto = z.infer<typeof notificationList>;
export type NotificationReadDto = z.infer<typeof notificationRead>;
export type NotificationPreferenceDto = z.infer<typeof preference>;
export type NotificationPreferencesDto = z.infer<typeof preferences>;

export const listNotifications = endpoint({
  operationId: 'listNotifications',
  summary: "A page of the caller's notifications, newest first, with the unread count",
  tag: 'notifications',
  method: 'GET',
  path: '/api/v1/notifications',
  access: 'member',
  query: z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1, { message: 'limit: at least 1' })
      .max(NOTIFICATION_PAGE_MAX, { message: `limit: at most ${NOTIFICATION_PAGE_MAX}` })
      .default(NOTIFICATION_PAGE_DEFAULT),
    cursor: z.string().max(300).optional(),
  }),
  responses: { 200: notificationList },
  // validation_failed (common): a cursor that is not one of this list's.
  errors: [],
});

export const markAllNotificationsRead = endpoint({
  operationId: 'markAllNotificationsRead',
  summary: "Marks every one of the caller's notifications read",
  tag: 'notifications',
  method: 'POST',
  path: '/api/v1/notifications/read-all',
  access: 'member',
  responses: { 200: notificationRead },
  errors: [],
});

export const markNotificationRead = endpoint({
  operationId: 'markNotificationRead',
  summary: "Marks one of the caller's notifications read (anyone else's is 404)",
  tag: 'notifications',
  method: 'POST',
  path: '/api/v1/notifications/:id/read',
  access: 'member',
  // A UUID like every id in a path (contract-schemas.ts `uuid`), with the API's own message.
  params: z.object({ id: z.uuid({ message: 'id: not a notification id' }) }),
  responses: { 200: notificationRead },
  errors: ['not_found'],
});

export const getNotificationPreferences = endpoint({
  operationId: 'getNotificationPreferences',
  summary: 'Every notification type with its label and whether the caller gets it by email',
  tag: 'notifications',
  method: 'GET',
  path: '/api/v1/notification-preferences',
  access: 'member',
  responses: { 200: preferences },
  errors: [],
});

export const updateNotificationPreferences = endpoint({
  operationId: 'updateNotificationPreferences',
  summary: "Stores the given types' email choices (the others stay as they are) and answers every type",
  tag: 'notifications',
  method: 'PUT',
  path: '/api/v1/notification-preferences',
  access: 'member',
  body: z.object({
    preferences: z
      .array(
        z.object({
          type: z.enum(NOTIFICATION_TYPES, { message: `type: must be one of ${typeList}` }),
          email: z.boolean({ message: 'email: must be true or false' }),
        }),
        { message: 'preferences: a list of { type, email }' },
      )
      .max(NOTIFICATION_TYPES.length * 2, { message: 'preferences: too many entries' }),
  }),
  responses: { 200: preferences },
  errors: [],
});
