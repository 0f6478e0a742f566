import * as overview from '@music-review/core/contracts/overview';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createOverviewService } from './overview.service.ts';

/** The overview endpoint (contract: packages/core/src/contracts/overview.ts). */
export async function overviewRoutes(app: App, ctx: AppContext) {
  const service = createOverviewService(ctx);

  route(app, ctx, overview.getOverview, ({ member, query }) => {
    const { q, ready, ...rest } = query;
    return service.list(member, { ...rest, q: q || undefined, ready: ready === 'true' });
  });
}
