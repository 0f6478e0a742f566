import * as royalties from '@music-review/core/contracts/royalties';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createStatementImportsService } from './imports.service.ts';
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
}
