import {
  NOTIFICATION_PAGE_DEFAULT,
  NOTIFICATION_PAGE_MAX,
  NOTIFICATION_TYPES,
} from '@music-review/core/notifications';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createNotificationsService } from './notifications.service.ts';

const security = [{ bearer: [] }];
const tags = ['notifications'];

const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  message: z.string(),
  song_id: z.string().nullable(),
  sender_id: z.string().nullable(),
  sender_name: z.string().nullable(),
  conversation_id: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
const readSchema = z.object({ updated: z.number(), unread_count: z.number() });
const preferencesSchema = z.object({
  preferences: z.array(z.object({ type: z.enum(NOTIFICATION_TYPES), label: z.string(), email: z.boolean() })),
});
const typeList = NOTIFICATION_TYPES.join(', ');

export async function notificationsRoutes(app: App, ctx: AppContext) {
  const service = createNotificationsService(ctx);

  app.get(
    '/api/v1/notifications',
    {
      schema: {
        tags,
        security,
        querystring: z.object({
          limit: z.coerce
            .number()
            .int()
            .min(1, { message: 'limit: at least 1' })
            .max(NOTIFICATION_PAGE_MAX, { message: `limit: at most ${NOTIFICATION_PAGE_MAX}` })
            .default(NOTIFICATION_PAGE_DEFAULT),
          cursor: z.string().max(300).optional(),
        }),
        response: {
          200: z.object({
            notifications: z.array(notificationSchema),
            unread_count: z.number(),
            next_cursor: z.string().nullable(),
          }),
        },
      },
    },
    async (req) =>
      service.list(await ctx.auth.requireMember(req), { limit: req.query.limit, cursor: req.query.cursor }),
  );

  // Registered before /:id/read so 'read-all' is never taken for an id (it would not be a uuid anyway).
  app.post(
    '/api/v1/notifications/read-all',
    { schema: { tags, security, response: { 200: readSchema } } },
    async (req) => service.markAllRead(await ctx.auth.requireMember(req)),
  );

  app.post(
    '/api/v1/notifications/:id/read',
    {
      schema: {
        tags,
        security,
        params: z.object({ id: z.uuid({ message: 'id: not a notification id' }) }),
        response: { 200: readSchema },
      },
    },
    async (req) => service.markRead(await ctx.auth.requireMember(req), req.params.id),
  );

  app.get(
    '/api/v1/notification-preferences',
    { schema: { tags, security, response: { 200: preferencesSchema } } },
    async (req) => service.preferences(await ctx.auth.requireMember(req)),
  );

  app.put(
    '/api/v1/notification-preferences',
    {
      schema: {
        tags,
        security,
        body: z.object({
          preferences: z
            .array(
              z.object({
                type: z.enum(NOTIFICATION_TYPES, {
                  message: `type: must be one of ${typeList}`,
                }),
                email: z.boolean({ message: 'email: must be true or false' }),
              }),
              { message: 'preferences: a list of { type, email }' },
            )
            .max(NOTIFICATION_TYPES.length * 2, { message: 'preferences: too many entries' }),
        }),
        response: { 200: preferencesSchema },
      },
    },
    async (req) => service.updatePreferences(await ctx.auth.requireMember(req), req.body.preferences),
  );
}
