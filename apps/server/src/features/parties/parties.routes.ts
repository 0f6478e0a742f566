import * as parties from '@music-review/core/contracts/parties';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createMergeService } from './merge.service.ts';
import { createPartiesService } from './parties.service.ts';
import { createPayeesService } from './payees.service.ts';

/** The catalogue's endpoints for people (parties) and payees (contracts: packages/core/src/contracts/). */
export async function partiesRoutes(app: App, ctx: AppContext) {
  const people = createPartiesService(ctx);
  const merging = createMergeService(ctx);
  const payees = createPayeesService(ctx);

  route(app, ctx, parties.listParties, ({ member, query }) =>
    people.list(member, { ...query, q: query.q || undefined }),
  );
  route(app, ctx, parties.findPartyByName, ({ member, query }) => people.findByName(member, query.name));
  route(app, ctx, parties.getParty, ({ member, params }) => people.get(member, params.id));
  route(app, ctx, parties.createParty, ({ member, body }) => people.create(member, body));
  route(app, ctx, parties.updateParty, ({ member, params, body }) => people.update(member, params.id, body));
  route(app, ctx, parties.deleteParty, ({ member, params }) => people.remove(member, params.id));
  route(app, ctx, parties.mergeParties, ({ member, params, body }) =>
    merging.merge(member, params.id, body.duplicate_id),
  );

  route(app, ctx, parties.listPayees, ({ member, query }) =>
    payees.list(member, { ...query, q: query.q || undefined }),
  );
  route(app, ctx, parties.getPayee, ({ member, params }) => payees.get(member, params.id));
  route(app, ctx, parties.createPayee, ({ member, body }) => payees.create(member, body));
  route(app, ctx, parties.updatePayee, ({ member, params, body }) => payees.update(member, params.id, body));
}
