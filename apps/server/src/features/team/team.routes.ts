import { inviteBody, updateMemberBody } from '@music-review/core/team';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createTeamService } from './team.service.ts';

const security = [{ bearer: [] }];
const tags = ['team'];

const memberSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  avatar_key: z.string().nullable(),
  is_me: z.boolean(),
});
const teamSchema = z.object({
  members: z.array(memberSchema),
  invite_code: z.string(),
  plan: z.object({
    plan_name: z.string(),
    track_limit: z.number(),
    tracks_last_30_days: z.number(),
    user_limit: z.number(),
    member_count: z.number(),
  }),
});
const memberParams = z.object({ id: z.uuid() });

/** Team administration: admins only (403 for members), every query scoped to the caller's label. */
export async function teamRoutes(app: App, ctx: AppContext) {
  const service = createTeamService(ctx);

  app.get('/api/v1/team', { schema: { tags, security, response: { 200: teamSchema } } }, async (req) =>
    service.team(await ctx.auth.requireAdmin(req)),
  );

  app.patch(
    '/api/v1/team/members/:id',
    {
      schema: {
        tags,
        security,
        params: memberParams,
        body: updateMemberBody,
        response: { 200: memberSchema },
      },
    },
    async (req) => service.setRole(await ctx.auth.requireAdmin(req), req.params.id, req.body.is_admin),
  );

  app.delete(
    '/api/v1/team/members/:id',
    { schema: { tags, security, params: memberParams } },
    async (req, reply) => {
      await service.remove(await ctx.auth.requireAdmin(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/team/invite-code',
    { schema: { tags, security, response: { 200: z.object({ invite_code: z.string() }) } } },
    async (req) => service.regenerateInviteCode(await ctx.auth.requireAdmin(req)),
  );

  app.post(
    '/api/v1/team/invitations',
    { schema: { tags, security, body: inviteBody, response: { 200: z.object({ sent_to: z.string() }) } } },
    async (req) => service.invite(await ctx.auth.requireAdmin(req), req.body.email),
  );
}
