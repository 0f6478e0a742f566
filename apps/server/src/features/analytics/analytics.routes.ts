import * as analytics from '@music-review/core/contracts/analytics';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createAnalyticsExport } from './analytics-export.ts';
import { createPerformanceService } from './performance.service.ts';

/**
 * Catalogue performance (issue 17; contracts: packages/core/src/contracts/analytics.ts; decision
 * 0030): the performance summary, the ranked breakdowns and their CSV export.
 */
export async function analyticsRoutes(app: App, ctx: AppContext) {
  const performance = createPerformanceService(ctx);
  const exports = createAnalyticsExport(ctx);

  route(app, ctx, analytics.analyticsPerformance, ({ member, query }) =>
    performance.performance(member, query),
  );
  route(app, ctx, analytics.analyticsBreakdown, ({ member, query }) => performance.breakdown(member, query));
  route(app, ctx, analytics.exportAnalyticsCsv, async ({ member, query, reply }) => {
    const file = await exports.open(member, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.text);
  });
}
