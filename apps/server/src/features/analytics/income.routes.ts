import type { Readable } from 'node:stream';
import * as income from '@music-review/core/contracts/analytics-income';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createIncomeAlertsService } from './alerts.service.ts';
import { createIncomeService } from './income.service.ts';
import { createIncomeExport } from './income-export.ts';

function sendCsv(reply: FastifyReply, file: { body: Readable; filename: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/**
 * Analytics of income (issue 17 points 4 and 5; contracts: packages/core/src/contracts/
 * analytics-income.ts; decision 0030): missing income, the lines behind it, catalogue value, CSV.
 */
export async function analyticsIncomeRoutes(app: App, ctx: AppContext) {
  const alerts = createIncomeAlertsService(ctx);
  const service = createIncomeService(ctx);
  const exports = createIncomeExport(ctx);

  route(app, ctx, income.analyticsMissingIncome, ({ member, query }) => alerts.list(member, query));
  route(app, ctx, income.analyticsLines, ({ member, query }) => service.lines(member, query));
  route(app, ctx, income.analyticsCatalogueValue, ({ member, query }) =>
    service.catalogueValue(member, query),
  );
  route(app, ctx, income.exportIncomeCsv, async ({ member, query, reply }) =>
    sendCsv(reply, await exports.open(member, query)),
  );
}
