import * as royalties from '@music-review/core/contracts/royalties';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createDealsService } from './deals.service.ts';
import { createStatementImportsService } from './imports.service.ts';
import { createPayeeAccountService, createPaymentsService } from './payments.service.ts';
import { createPeriodsService } from './periods.service.ts';
import { createUnmatchedService } from './unmatched.service.ts';

/**
 * Finance (issue 16; contracts: packages/core/src/contracts/royalties.ts; decision 0028): statement
 * imports, their lines, Unmatched, and the summary strip.
 */
export async function royaltiesRoutes(app: App, ctx: AppContext) {
  const imports = createStatementImportsService(ctx);
  const unmatched = createUnmatchedService(ctx);

  route(app, ctx, royalties.presignStatementUpload, ({ member, body }) =>
    imports.presignUpload(member, body),
  );
  route(app, ctx, royalties.analyseStatement, ({ member, body }) => imports.analyse(member, body.key));
  route(app, ctx, royalties.startStatementImport, ({ member, body }) => imports.start(member, body));
  route(app, ctx, royalties.listStatementImports, ({ member, query }) => imports.list(member, query));
  route(app, ctx, royalties.getStatementImport, ({ member, params }) => imports.get(member, params.id));
  route(app, ctx, royalties.acceptStatementImport, ({ member, params }) => imports.accept(member, params.id));
  route(app, ctx, royalties.discardStatementImport, ({ member, params }) =>
    imports.discard(member, params.id),
  );
  route(app, ctx, royalties.cancelStatementImport, ({ member, params }) => imports.cancel(member, params.id));

  route(app, ctx, royalties.listStatementLines, ({ member, query }) => unmatched.lines(member, query));
  route(app, ctx, royalties.listUnmatched, ({ member, query }) => unmatched.list(member, query));
  route(app, ctx, royalties.resolveUnmatched, ({ member, body }) => unmatched.resolve(member, body.items));
  route(app, ctx, royalties.rematchUnmatched, ({ member }) => unmatched.rematch(member));
  route(app, ctx, royalties.getFinanceSummary, ({ member }) => unmatched.summary(member));

  const deals = createDealsService(ctx);
  route(app, ctx, royalties.listDeals, ({ member }) => deals.list(member));
  route(app, ctx, royalties.createDeal, ({ member, body }) => deals.create(member, body.contract_id));
  route(app, ctx, royalties.updateDeal, ({ member, params, body }) => deals.update(member, params.id, body));
  route(app, ctx, royalties.listLedger, ({ member, params }) => deals.ledger(member, params.id));
  route(app, ctx, royalties.listReceiptFiles, ({ member, params }) => deals.receiptFiles(member, params.id));
  route(app, ctx, royalties.addLedgerEntry, ({ member, params, body }) =>
    deals.addEntry(member, params.id, body),
  );

  const periods = createPeriodsService(ctx);
  route(app, ctx, royalties.getFinanceSettings, ({ member }) => periods.settings(member));
  route(app, ctx, royalties.saveFinanceSettings, ({ member, body }) => periods.saveSettings(member, body));
  route(app, ctx, royalties.listPeriods, ({ member }) => periods.list(member));
  route(app, ctx, royalties.createPeriod, ({ member, body }) => periods.create(member, body));
  route(app, ctx, royalties.savePeriodRates, ({ member, params, body }) =>
    periods.saveRates(member, params.id, body),
  );
  route(app, ctx, royalties.runPeriod, ({ member, params, body }) => periods.run(member, params.id, body));
  route(app, ctx, royalties.getPeriod, ({ member, params }) => periods.get(member, params.id));
  route(app, ctx, royalties.approvePeriod, ({ member, params }) => periods.approve(member, params.id));
  route(app, ctx, royalties.publishPeriod, ({ member, params }) => periods.publish(member, params.id));
  route(app, ctx, royalties.getStatement, ({ member, params }) => periods.statement(member, params.id));

  const payments = createPaymentsService(ctx);
  route(app, ctx, royalties.listPaymentsDue, ({ member }) => payments.due(member));
  route(app, ctx, royalties.recordPayments, ({ member, body }) => payments.record(member, body.items));
  route(app, ctx, royalties.listPayments, ({ member, query }) => payments.list(member, query));
  const accounts = createPayeeAccountService(ctx);
  route(app, ctx, royalties.getPayeeAccount, ({ member, params }) => accounts.account(member, params.id));
  route(app, ctx, royalties.exportBankCsv, async ({ member, body, reply }) => {
    const file = await payments.bankCsv(member, body);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.text);
  });
}
