import * as organizations from '@music-review/core/contracts/organizations';
import type { AppContext } from '../../context.ts';
import { errorResponses, route, securityOf } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createOrganizationsService } from './organizations.service.ts';

/** The account's label (contracts: packages/core/src/contracts/organizations.ts). */
export async function organizationsRoutes(app: App, ctx: AppContext) {
  const service = createOrganizationsService(ctx);

  // /me is every page load's first request (docs/PERFORMANCE.md): it checks the token's signature
  // here and the session and its factors in its one snapshot query, so it is registered by hand
  // from its contract rather than through route(), whose signed-in check would add a query.
  const getMe = organizations.getMe;
  app.get(
    getMe.path,
    {
      schema: {
        operationId: getMe.operationId,
        summary: getMe.summary,
        tags: [getMe.tag],
        security: securityOf(getMe.access),
        response: { ...getMe.responses, ...errorResponses(getMe) },
      },
    },
    async (req) => service.me(await ctx.auth.verifyClaims(req)),
  );

  route(app, ctx, organizations.createOrganization, ({ caller, body }) => service.create(caller, body.name));

  route(app, ctx, organizations.joinOrganization, ({ caller, body }) =>
    service.join(caller, body.invite_code),
  );

  route(app, ctx, organizations.getOrganization, ({ member }) => service.organization(member));

  route(app, ctx, organizations.listReviewers, ({ member }) => service.members(member));

  route(app, ctx, organizations.getReviewer, ({ member, params }) => service.member(member, params.id));
}
