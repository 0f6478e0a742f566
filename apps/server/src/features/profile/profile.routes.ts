import * as profile from '@music-review/core/contracts/profile';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../platform/auth/request-auth.ts';
import { route } from '../../platform/endpoint-route.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import { createProfileService } from './profile.service.ts';

/** The profile page's endpoints (contracts: packages/core/src/contracts/profile.ts). */
export async function profileRoutes(app: App, ctx: AppContext) {
  const service = createProfileService(ctx);

  /** A signed-in account; a password-reset session may only change the password. */
  const account = (caller: Caller) => {
    if (caller.isRecovery)
      throw new AppError('unauthorized', 'Not authenticated. Please log in to continue.');
    return caller;
  };

  route(app, ctx, profile.updateProfile, ({ member, body }) => service.updateName(member, body.name));

  route(app, ctx, profile.setAvatar, ({ member, body }) => service.setAvatar(member, body.avatar_key));

  route(app, ctx, profile.removeAvatar, ({ member }) => service.removeAvatar(member));

  route(app, ctx, profile.listProfileSessions, ({ caller }) => service.sessions(account(caller)));

  route(app, ctx, profile.signOutProfileSession, async ({ caller, params, reply }) => {
    await service.signOutSession(account(caller), params.id);
    return reply.send();
  });

  route(app, ctx, profile.signOutOtherProfileSessions, ({ caller }) =>
    service.signOutOtherSessions(account(caller)),
  );
}
