import type { Readable } from 'node:stream';
import * as csv from '@music-review/core/contracts/catalogue-csv';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createCatalogueCsvExport } from './csv-export.ts';
import { createCatalogueCsvImportService } from './csv-import.service.ts';

/** A CSV attachment with an ASCII fallback name and the UTF-8 one (RFC 6266 / 5987). */
function sendCsv(reply: FastifyReply, file: { body: Readable; filename: string; size?: number }) {
  const ascii = file.filename
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(file.body);
}

/** "Import CSV" and "Export CSV" of the catalogue (contracts: packages/core/src/contracts/catalogue-csv.ts). */
export async function catalogueCsvRoutes(app: App, ctx: AppContext) {
  const imports = createCatalogueCsvImportService(ctx);
  const exports = createCatalogueCsvExport(ctx);

  route(app, ctx, csv.presignCatalogueCsvUpload, ({ member, body }) => imports.presignUpload(member, body));
  route(app, ctx, csv.analyseCatalogueCsv, ({ member, body }) =>
    imports.analyse(member, body.kind, body.key),
  );
  route(app, ctx, csv.startCatalogueCsvDryRun, ({ member, body }) => imports.startDryRun(member, body));
  route(app, ctx, csv.startCatalogueCsvImport, ({ member, body }) => imports.startImport(member, body));
  route(app, ctx, csv.downloadCatalogueCsvFailedRows, async ({ member, params, reply }) =>
    sendCsv(reply, await imports.openFailedRows(member, params.id)),
  );

  route(app, ctx, csv.exportRecordingsCsv, async ({ member, query, reply }) =>
    sendCsv(reply, await exports.open(member, { kind: 'recordings', query })),
  );
  route(app, ctx, csv.exportReleasesCsv, async ({ member, query, reply }) =>
    sendCsv(reply, await exports.open(member, { kind: 'releases', query })),
  );
  route(app, ctx, csv.exportWorksCsv, async ({ member, query, reply }) =>
    sendCsv(reply, await exports.open(member, { kind: 'works', query })),
  );
}
