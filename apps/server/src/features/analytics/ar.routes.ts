import * as ar from '@music-review/core/contracts/analytics-ar';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createArAnalyticsService } from './ar.service.ts';

/**
 * Analytics, A&R (issue 17 points 2 and 3; contracts: packages/core/src/contracts/analytics-ar.ts):
 * the funnel, demo to revenue, and their CSV exports.
 */
export async function arAnalyticsRoutes(app: App, ctx: AppContext) {
  const service = createArAnalyticsService(ctx);

  route(app, ctx, ar.analyticsFunnel, ({ member, query }) => service.funnel(member, query));
  route(app, ctx, ar.analyticsDemoRevenue, ({ member }) => service.demoRevenue(member));
  route(app, ctx, ar.exportArCsv, async ({ member, query, reply }) => {
    const file = await service.exportCsv(member, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.text);
  });
}
