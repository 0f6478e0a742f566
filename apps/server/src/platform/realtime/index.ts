import { REALTIME_PATH } from '@music-review/core/realtime';
import type { KeyRing } from '../auth/keys.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { App } from '../http.ts';
import { RealtimeHub, type RealtimeOptions } from './hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server copy's realtime fan-out (socket counts, and timings that tests shorten). */
    realtime: RealtimeHub;
  }
}

/**
 * The realtime WebSocket at /realtime/v1 (ARCHITECTURE section 6): a hub per server copy that listens
 * for database changes and forwards them to its authorized sockets; stopped when the app closes.
 */
export async function registerRealtime(
  app: App,
  ctx: { config: Pick<Config, 'supportEmails'>; database: Database; keys: KeyRing },
  options: Partial<RealtimeOptions> = {},
) {
  const staff = new Set(ctx.config.supportEmails.map((email) => email.toLowerCase()));
  const hub = new RealtimeHub(ctx.database, ctx.keys, app.log, options, (email) =>
    staff.has(email.toLowerCase()),
  );
  await hub.start();
  app.decorate('realtime', hub);
  app.addHook('onClose', async () => {
    await hub.stop();
  });
  app.get(REALTIME_PATH, { websocket: true, schema: { hide: true } }, (socket) => hub.accept(socket));
}
