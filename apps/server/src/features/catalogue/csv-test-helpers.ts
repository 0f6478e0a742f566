/**
 * Helpers of the CSV import and export tests: a test server whose job queue runs the CSV jobs
 * quickly, and each step of an import as the web app takes it (upload, analyse, dry run, import).
 */
import type { CsvKind, CsvMapping } from '@music-review/core/catalogue-csv';
import type { JobDto } from '@music-review/core/contracts/jobs';
import { isFinishedJob } from '@music-review/core/jobs';
import { expect } from 'vitest';
import type { TestServer } from '../../test/harness.ts';
import { createJobTestServer, proLabel } from '../../test/job-server.ts';
import { defineCatalogueCsvJobs } from './csv-jobs.ts';

type Headers = { authorization: string };

/** The real app, its queue polling often, with the CSV job kinds defined and started. */
export const createCsvTestServer = (): Promise<TestServer> => createJobTestServer(defineCatalogueCsvJobs);

/** An admin of a new label on a plan with the catalogue. */
export const catalogueLabel = proLabel;

export function csvApi(server: TestServer) {
  const { app } = server;
  const post = (headers: Headers, url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers, payload });
  /** Each upload's signed URL, for sending other bytes to it while it is valid (`putAgain`). */
  const uploadUrls = new Map<string, { path: string; contentType: string }>();

  async function put(path: string, contentType: string, bytes: Buffer) {
    const res = await app.inject({
      method: 'PUT',
      url: path,
      headers: { 'content-type': contentType },
      payload: bytes,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function upload(
    headers: Headers,
    body: Buffer | string,
    filename = 'catalogue.csv',
    kind: CsvKind = 'recordings',
  ) {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    const presign = await post(headers, '/api/v1/catalogue/csv/uploads', {
      kind,
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
    uploadUrls.set(key, { path: `${url.pathname}${url.search}`, contentType: content_type });
    await put(`${url.pathname}${url.search}`, content_type, bytes);
    return key;
  }

  /** Sends other bytes to an upload's signed URL, as a member may while it is valid. */
  async function putAgain(key: string, body: Buffer | string) {
    const target = uploadUrls.get(key);
    if (!target) throw new Error(`no upload ${key}`);
    await put(target.path, target.contentType, typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  }

  const analyse = (headers: Headers, key: string, kind: CsvKind = 'recordings') =>
    post(headers, '/api/v1/catalogue/csv/analyse', { kind, key });

  async function job(headers: Headers, id: string) {
    const res = await app.inject({ method: 'GET', url: `/api/v1/jobs/${id}`, headers });
    return res.json<JobDto>();
  }

  async function finished(headers: Headers, id: string) {
    await expect
      .poll(async () => isFinishedJob((await job(headers, id)).status), { timeout: 60_000, interval: 200 })
      .toBe(true);
    return job(headers, id);
  }

  /** Starts a dry run or an import and waits for its end; answers the job. */
  async function run(
    headers: Headers,
    what: 'dry-runs' | 'imports',
    key: string,
    mapping: CsvMapping,
    kind: CsvKind = 'recordings',
  ) {
    const res = await post(headers, `/api/v1/catalogue/csv/${what}`, { kind, key, mapping });
    expect(res.statusCode, res.body).toBe(202);
    return finished(headers, res.json<{ id: string }>().id);
  }

  /** Upload, analyse (its mapping taken as suggested unless given), then the dry run or import. */
  async function importFile(
    headers: Headers,
    body: Buffer | string,
    options: { kind?: CsvKind; mapping?: CsvMapping; what?: 'dry-runs' | 'imports' } = {},
  ) {
    const kind = options.kind ?? 'recordings';
    const key = await upload(headers, body, 'catalogue.csv', kind);
    const analysed = await analyse(headers, key, kind);
    expect(analysed.statusCode, analysed.body).toBe(200);
    const mapping = options.mapping ?? analysed.json<{ mapping: CsvMapping }>().mapping;
    return run(headers, options.what ?? 'imports', key, mapping, kind);
  }

  const failedRows = (headers: Headers, jobId: string) =>
    app.inject({ method: 'GET', url: `/api/v1/catalogue/csv/imports/${jobId}/failed-rows`, headers });

  return { upload, putAgain, analyse, job, run, importFile, failedRows, post };
}

/** A file's text: rows of cells joined by commas, each line ended by CRLF. */
export const csvText = (rows: readonly (readonly string[])[], delimiter = ',') =>
  `${rows.map((r) => r.join(delimiter)).join('\r\n')}\r\n`;
