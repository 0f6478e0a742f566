import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createHubService } from './hub.service.ts';

const security = [{ bearer: [] }];
const presence = z.enum(['online', 'away', 'offline']);

const hubSchema = z.object({
  counts: z.object({
    pending_reviews: z.number(),
    awaiting_decision: z.number(),
    signed_songs: z.number(),
    open_contracts: z.number(),
    open_forms: z.number(),
  }),
  usage: z.object({
    plan_name: z.string(),
    tracks_last_30_days: z.number(),
    track_limit: z.number(),
    members: z.number(),
    user_limit: z.number(),
  }),
  team: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      is_admin: z.boolean(),
      is_me: z.boolean(),
      status: presence,
      last_seen: z.string().nullable(),
      current_activity: z.string().nullable(),
    }),
  ),
  activity: z.array(
    z.object({
      kind: z.enum(['song_added', 'review']),
      at: z.string(),
      song_id: z.string(),
      song_title: z.string(),
      actor_name: z.string().nullable(),
    }),
  ),
  decisions: z.array(
    z.object({ song_id: z.string(), song_title: z.string(), status: z.enum(['signed', 'passed']) }),
  ),
});

const homeSchema = z.object({
  pending_reviews: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      submitted_at: z.string(),
      days_left: z.number(),
      deadline_badge: z.string(),
      current_version_number: z.number(),
      audio_file_key: z.string().nullable(),
      waveform_file_key: z.string().nullable(),
    }),
  ),
  notifications: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      message: z.string(),
      song_id: z.string().nullable(),
      conversation_id: z.string().nullable(),
      sender_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  unread_notification_count: z.number(),
  mentions: z.array(
    z.object({
      id: z.string(),
      message_id: z.string(),
      conversation_id: z.string(),
      conversation_type: z.enum(['dm', 'song_chat', 'support']),
      song_id: z.string().nullable(),
      message_text: z.string(),
      mentioned_by_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

export async function hubRoutes(app: App, ctx: AppContext) {
  const service = createHubService(ctx);

  app.get('/api/v1/hub', { schema: { tags: ['hub'], security, response: { 200: hubSchema } } }, async (req) =>
    service.hub(await ctx.auth.requireMember(req)),
  );

  app.get(
    '/api/v1/home',
    { schema: { tags: ['hub'], security, response: { 200: homeSchema } } },
    async (req) => service.home(await ctx.auth.requireMember(req)),
  );
}
