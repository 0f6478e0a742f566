import * as search from '@music-review/core/contracts/search';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { searchFixtureRoutes } from './search.e2e-fixtures.ts';
import { createSearchService } from './search.service.ts';

/** Global search (contract: packages/core/src/contracts/search.ts). */
export async function searchRoutes(app: App, ctx: AppContext) {
  const service = createSearchService(ctx);

  route(app, ctx, search.searchLabel, ({ member, query }) => service.search(member, query.q));

  await searchFixtureRoutes(app, ctx);
}
