import { setAvatarBody, updateProfileBody } from '@music-review/core/profile';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import { createProfileService } from './profile.service.ts';

const security = [{ bearer: [] }];
const tags = ['profile'];

const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar_key: z.string().nullable(),
});
const sessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_active_at: z.string(),
  is_current: z.boolean(),
});

export async function profileRoutes(app: App, ctx: AppContext) {
  const service = createProfileService(ctx);

  /** A signed-in account; a password-reset session may only change the password. */
  const requireAccount = async (req: FastifyRequest) => {
    const caller = await ctx.auth.requireCaller(req);
    if (caller.isRecovery)
      throw new AppError('unauthorized', 'Not authenticated. Please log in to continue.');
    return caller;
  };

  app.patch(
    '/api/v1/profile',
    { schema: { tags, security, body: updateProfileBody, response: { 200: profileSchema } } },
    async (req) => service.updateName(await ctx.auth.requireMember(req), req.body.name),
  );

  app.put(
    '/api/v1/profile/avatar',
    { schema: { tags, security, body: setAvatarBody, response: { 200: profileSchema } } },
    async (req) => service.setAvatar(await ctx.auth.requireMember(req), req.body.avatar_key),
  );

  app.delete(
    '/api/v1/profile/avatar',
    { schema: { tags, security, response: { 200: profileSchema } } },
    async (req) => service.removeAvatar(await ctx.auth.requireMember(req)),
  );

  app.get(
    '/api/v1/profile/sessions',
    { schema: { tags, security, response: { 200: z.array(sessionSchema) } } },
    async (req) => service.sessions(await requireAccount(req)),
  );

  app.delete(
    '/api/v1/profile/sessions/:id',
    { schema: { tags, security, params: z.object({ id: z.uuid() }) } },
    async (req, reply) => {
      await service.signOutSession(await requireAccount(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/profile/sessions/sign-out-others',
    { schema: { tags, security, response: { 200: z.object({ signed_out: z.number() }) } } },
    async (req) => service.signOutOtherSessions(await requireAccount(req)),
  );
}
