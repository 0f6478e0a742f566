/**
 * The file of an import's failed rows (decision 0026): the file's own columns and a Reason column,
 * written with the app's one CSV writer (core/csv.ts: formulas neutralised, line breaks kept), UTF-8
 * with a byte-order mark. Each batch writes its failed rows as a part, named by the batch, before
 * its transaction commits: a batch tried again writes the same part again, so a resumed import
 * never loses or doubles a failed row. The parts are joined into one file at the end.
 */
import { Readable } from 'node:stream';
import { CSV_TEXTS } from '@music-review/core/catalogue-csv';
import { toCsv } from '@music-review/core/csv';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { buildKey } from '../../platform/storage/keys.ts';

const CONTENT_TYPE = 'text/csv';

/** The storage folder of a job's files: `{org}/files/catalogue-csv-job-{id}/…`. */
const jobFolder = (jobId: string) => `catalogue-csv-job-${jobId}`;

export const failedRowsKey = (organizationId: string, jobId: string) =>
  buildKey(organizationId, 'files', jobFolder(jobId), 'failed-rows.csv');

const partKey = (organizationId: string, jobId: string, batch: number) =>
  buildKey(organizationId, 'files', jobFolder(jobId), `failed-part-${String(batch).padStart(5, '0')}.csv`);

export interface FailedPart {
  batch: number;
  bytes: number;
}

/** Writes one batch's failed rows (cells as in the file, cut or padded to the header's width, then the reason). */
export async function writeFailedPart(
  driver: StorageDriver,
  organizationId: string,
  jobId: string,
  batch: number,
  width: number,
  rows: readonly { cells: readonly string[]; reason: string }[],
): Promise<FailedPart> {
  const body = Buffer.from(
    toCsv(rows.map((r) => [...Array.from({ length: width }, (_, i) => r.cells[i] ?? ''), r.reason])),
    'utf8',
  );
  await driver.put(partKey(organizationId, jobId, batch), body, { contentType: CONTENT_TYPE });
  return { batch, bytes: body.length };
}

/** Joins the parts under the header row into the failed rows file, streamed; then removes the parts. */
export async function assembleFailedRows(
  driver: StorageDriver,
  organizationId: string,
  jobId: string,
  headers: readonly string[],
  parts: readonly FailedPart[],
) {
  const head = Buffer.from(toCsv([[...headers, CSV_TEXTS.reasonColumn]], { bom: true }), 'utf8');
  async function* content() {
    yield head;
    for (const part of parts) {
      const object = await driver.getStream(partKey(organizationId, jobId, part.batch));
      if (!object) throw new Error(`failed rows part ${part.batch} is missing`);
      yield* object.body;
    }
  }
  const size = head.length + parts.reduce((sum, p) => sum + p.bytes, 0);
  await driver.put(failedRowsKey(organizationId, jobId), Readable.from(content()), {
    contentType: CONTENT_TYPE,
    size,
  });
  for (const part of parts) await driver.delete(partKey(organizationId, jobId, part.batch));
}
