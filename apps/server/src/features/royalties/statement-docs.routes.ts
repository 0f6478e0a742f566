import * as statements from '@music-review/core/contracts/royalty-statements';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { route } from '../../platform/endpoint-route.ts';
import { notFound } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import {
  type ExportFile,
  loadStatementDocument,
  statementFile,
  toPublicStatement,
} from './statement-documents.ts';
import { openStatementLink } from './statement-links.ts';

/** An attachment with an ASCII fallback name and the UTF-8 one (RFC 6266 / 5987). */
function sendFile(reply: FastifyReply, file: ExportFile) {
  const ascii = file.filename
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/**
 * A statement's PDF and "All sales" CSV for the label (a member; another label's statement is 404),
 * and the payee's public link: the statement, its PDF and CSV (contracts:
 * packages/core/src/contracts/royalty-statements.ts).
 */
export async function statementDocumentRoutes(app: App, ctx: AppContext) {
  const memberDocument = async (member: Member, id: string) => {
    requireCatalogue(member);
    const doc = await ctx.database.withOrg(member.organizationId, (tx) =>
      loadStatementDocument(tx, member.organizationId, id),
    );
    if (!doc) throw notFound('Statement not found');
    return doc;
  };

  route(app, ctx, statements.downloadStatementPdf, async ({ member, params, reply }) =>
    sendFile(reply, await statementFile(await memberDocument(member, params.id), 'pdf', ctx.storage.driver)),
  );
  route(app, ctx, statements.downloadStatementCsv, async ({ member, params, reply }) =>
    sendFile(reply, await statementFile(await memberDocument(member, params.id), 'csv', ctx.storage.driver)),
  );

  // ---- the payee, by link (no session: the token is the credential) ------------------------------

  route(app, ctx, statements.openStatementByLink, async ({ params, req }) =>
    toPublicStatement(await openStatementLink(ctx, req, params.token, 'open')),
  );
  route(app, ctx, statements.downloadStatementPdfByLink, async ({ params, req, reply }) =>
    sendFile(
      reply,
      await statementFile(await openStatementLink(ctx, req, params.token, 'pdf'), 'pdf', ctx.storage.driver),
    ),
  );
  route(app, ctx, statements.downloadStatementCsvByLink, async ({ params, req, reply }) =>
    sendFile(
      reply,
      await statementFile(await openStatementLink(ctx, req, params.token, 'csv'), 'csv', ctx.storage.driver),
    ),
  );
}
