import * as notifications from '@music-review/core/contracts/notifications';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createNotificationsService } from './notifications.service.ts';

/** The notifications endpoints (contracts: packages/core/src/contracts/notifications.ts). */
export async function notificationsRoutes(app: App, ctx: AppContext) {
  const service = createNotificationsService(ctx);

  route(app, ctx, notifications.listNotifications, ({ member, query }) =>
    service.list(member, { limit: query.limit, cursor: query.cursor }),
  );

  // Registered before /:id/read so 'read-all' is never taken for an id (it would not be a uuid anyway).
  route(app, ctx, notifications.markAllNotificationsRead, ({ member }) => service.markAllRead(member));

  route(app, ctx, notifications.markNotificationRead, ({ member, params }) =>
    service.markRead(member, params.id),
  );

  route(app, ctx, notifications.getNotificationPreferences, ({ member }) => service.preferences(member));

  route(app, ctx, notifications.updateNotificationPreferences, ({ member, body }) =>
    service.updatePreferences(member, body.preferences),
  );
}
