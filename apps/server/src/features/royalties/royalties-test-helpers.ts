/**
 * Helpers of the finance tests: a test server whose job queue runs statement imports quickly, and
 * each step of an import as the web app takes it (upload, analyse, start, wait for the end).
 */
import type { ColumnMapping } from '@music-review/core/royalty-sources';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import type { TestServer } from '../../test/harness.ts';
import { createJobTestServer, proLabel } from '../../test/job-server.ts';
import { defineRoyaltyImportJob } from './import-job.ts';
import { defineRoyaltyRunJob } from './periods.service.ts';

type Headers = { authorization: string };

export type ImportDto = {
  id: string;
  file_name: string;
  source: string;
  source_name: string;
  status: string;
  line_count: number;
  bad_line_count: number;
  bad_lines: Array<{ line: number; column: string; message: string }>;
  currencies: Array<{ currency: string; lines: number; net: string }>;
  first_month: string | null;
  last_month: string | null;
  matched_lines: number;
  error: string | null;
  bytes_read: number;
  size_bytes: number;
};

/** The real app, its queue polling often, with the statement import job defined and started. */
export const createFinanceTestServer = (): Promise<TestServer> =>
  createJobTestServer(defineRoyaltyImportJob, defineRoyaltyRunJob);

/** An admin of a new label on a plan with the catalogue (and so finance). */
export const financeLabel = proLabel;

/** DistroKid's columns as it publishes them (the tests write its files by hand). */
export const DISTROKID_HEADER = [
  'Reporting Date',
  'Sale Month',
  'Store',
  'Artist',
  'Title',
  'ISRC',
  'UPC',
  'Quantity',
  'Team Percentage',
  'Song/Album',
  'Country of Sale',
  'Songwriter Royalties Withheld',
  'Earnings (USD)',
];

/** One DistroKid row (DISTROKID_HEADER's columns): a stream on Spotify in the US unless told. */
export function distroKidRow(row: {
  month: string;
  isrc: string;
  net: string;
  title?: string;
  artist?: string;
  upc?: string;
  quantity?: string;
}) {
  return [
    `${row.month}-28`,
    row.month,
    'Spotify',
    row.artist ?? 'Ada Wex',
    row.title ?? 'Tidal Glass',
    row.isrc,
    row.upc ?? '',
    row.quantity ?? '1000',
    '100%',
    'Song',
    'US',
    '0',
    row.net,
  ];
}

export function financeApi(server: TestServer) {
  const { app } = server;
  const post = (headers: Headers, url: string, payload?: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const get = (headers: Headers, url: string) => app.inject({ method: 'GET', url, headers });

  async function upload(headers: Headers, body: Buffer | string, filename: string) {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const presign = await post(headers, '/api/v1/finance/imports/uploads', {
      filename,
      size_bytes: bytes.length,
    });
    expect(presign.statusCode, presign.body).toBe(200);
    const { key, upload_url, content_type } = presign.json<{
      key: string;
      upload_url: string;
      content_type: string;
    }>();
    const url = new URL(upload_url);
    const put = await app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': content_type },
      payload: bytes,
    });
    expect(put.statusCode, put.body).toBe(200);
    return key;
  }

  const analyse = (headers: Headers, key: string) =>
    post(headers, '/api/v1/finance/imports/analyse', { key });

  const getImport = async (headers: Headers, id: string) =>
    (await get(headers, `/api/v1/finance/imports/${id}`)).json<ImportDto>();

  /** Waits until the import has left queued/reading; answers it. */
  async function settled(headers: Headers, id: string) {
    await expect
      .poll(async () => ['queued', 'reading'].includes((await getImport(headers, id)).status), {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(false);
    return getImport(headers, id);
  }

  /** Upload, analyse, start (the detected source unless told), wait for the end. */
  async function importFile(
    headers: Headers,
    body: Buffer | string,
    filename: string,
    options: { source?: string; mapping?: ColumnMapping; mapping_name?: string } = {},
  ) {
    const key = await upload(headers, body, filename);
    const analysed = await analyse(headers, key);
    expect(analysed.statusCode, analysed.body).toBe(200);
    const source = options.source ?? analysed.json<{ detected_source: string | null }>().detected_source;
    const started = await post(headers, '/api/v1/finance/imports', {
      key,
      source,
      ...(options.mapping ? { mapping: options.mapping } : {}),
      ...(options.mapping_name ? { mapping_name: options.mapping_name } : {}),
    });
    expect(started.statusCode, started.body).toBe(202);
    return settled(headers, started.json<ImportDto>().id);
  }

  return { post, get, upload, analyse, getImport, settled, importFile };
}

/** An import's lines straight from the database, read as its label. */
export function lineRows(server: TestServer, org: string, importId: string) {
  return server.database.withOrg(org, (tx) =>
    queryRows<{
      line_number: number;
      isrc: string | null;
      upc: string | null;
      net: string;
      quantity: number;
      currency: string;
      store: string | null;
      territory: string | null;
      sale_month: string;
      recording_id: string | null;
      release_id: string | null;
      matched_by: string | null;
      raw: string;
    }>(
      tx,
      sql`select line_number, isrc, upc, net::text as net, quantity, currency, store, territory,
          to_char(sale_month, 'YYYY-MM') as sale_month, recording_id, release_id, matched_by, raw
        from statement_lines where import_id = ${importId} order by line_number`,
    ),
  );
}

/** A recording or release of the label, made directly. */
export async function addRecording(
  server: TestServer,
  org: string,
  title: string,
  artist: string,
  isrc: string | null,
) {
  const [row] = await server.database.withOrg(org, (tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`insert into recordings (organization_id, title, display_artist, isrc, origin)
        values (${org}, ${title}, ${artist}, ${isrc}, 'manual') returning id`,
    ),
  );
  return row!.id;
}

export async function addRelease(
  server: TestServer,
  org: string,
  title: string,
  artist: string,
  upc: string | null,
) {
  const [row] = await server.database.withOrg(org, (tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`insert into releases (organization_id, title, display_artist, upc)
        values (${org}, ${title}, ${artist}, ${upc}) returning id`,
    ),
  );
  return row!.id;
}

/** A file's text: rows of cells joined by the delimiter, each line ended by CRLF. */
export const tableText = (rows: readonly (readonly string[])[], delimiter = '\t') =>
  `${rows.map((r) => r.join(delimiter)).join('\r\n')}\r\n`;
