import * as team from '@music-review/core/contracts/team';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createTeamService } from './team.service.ts';

/**
 * Team administration (contracts: packages/core/src/contracts/team.ts): admins only (403 for
 * members), every query scoped to the caller's label.
 */
export async function teamRoutes(app: App, ctx: AppContext) {
  const service = createTeamService(ctx);

  route(app, ctx, team.getTeam, ({ member }) => service.team(member));

  route(app, ctx, team.updateTeamMember, ({ member, params, body }) =>
    service.setRole(member, params.id, body.is_admin),
  );

  route(app, ctx, team.removeTeamMember, async ({ member, params, reply }) => {
    await service.remove(member, params.id);
    return reply.send();
  });

  route(app, ctx, team.regenerateInviteCode, ({ member }) => service.regenerateInviteCode(member));

  route(app, ctx, team.sendTeamInvitation, ({ member, body }) => service.invite(member, body.email));
}
