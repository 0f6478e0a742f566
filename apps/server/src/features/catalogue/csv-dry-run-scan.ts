/**
 * What a dry run learnt of the file, kept for the import that follows it (decision 0038). Before its
 * first batch writes anything, an import must know that the whole file reads, how many rows it has
 * and which rows repeat a code (csv-rows.ts); the dry run has just read all of it to find out. It
 * keeps that beside the upload with the SHA-256 of the bytes it read, the kind and the mapping. The
 * import hashes the upload (a read without parsing) and takes the scan only when all three match;
 * otherwise (no dry run, the file uploaded again since, another mapping) it reads the file once
 * more, as without a dry run.
 */
import { createHash } from 'node:crypto';
import type { CsvKind, CsvMapping } from '@music-review/core/catalogue-csv';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { readStream } from '../../platform/storage/finalize-upload.ts';
import { buildKey, parseKey } from '../../platform/storage/keys.ts';
import { CSV_UPLOAD_PREFIX } from './csv-file.ts';
import type { FileScan } from './csv-rows.ts';

/** Raised whenever the rules by which a row claims a code (csv-rows.ts) change: an older scan is then not used. */
const VERSION = 1;
const SCAN_PREFIX = 'catalogue-csv-scan-';
/** Far above what 100,000 rows' repeated codes take; a larger object is not ours and is ignored. */
const MAX_SAVED_BYTES = 32 * 1024 * 1024;

interface SavedScan {
  version: number;
  kind: CsvKind;
  mapping: [string, string][];
  sha256: string;
  rows: number;
  /** Only the codes named on more than one row: a code named once is its row's own. */
  repeated: [string, number][];
}

/** `{org}/files/catalogue-csv-scan-{random}/dry-run.json` for the upload `{org}/files/catalogue-csv-upload-{random}/{name}`. */
export function dryRunScanKey(uploadKey: string): string | null {
  const parsed = parseKey(uploadKey);
  if (!parsed?.id.startsWith(CSV_UPLOAD_PREFIX)) return null;
  const id = `${SCAN_PREFIX}${parsed.id.slice(CSV_UPLOAD_PREFIX.length)}`;
  return buildKey(parsed.organizationId, 'files', id, 'dry-run.json');
}

const mappingEntries = (mapping: CsvMapping) =>
  Object.entries(mapping).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const sameMapping = (a: [string, string][], b: [string, string][]) =>
  a.length === b.length && a.every(([field, header], i) => b[i]?.[0] === field && b[i]?.[1] === header);

/** The SHA-256 of an object's bytes, read as a stream; null when there is no such object. */
export async function sha256Of(driver: StorageDriver, key: string): Promise<string | null> {
  const object = await driver.getStream(key);
  if (!object) return null;
  const hash = createHash('sha256');
  for await (const chunk of object.body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Keeps a finished dry run's scan; `repeated` are the codes more than one row names. */
export async function saveDryRunScan(
  driver: StorageDriver,
  input: { kind: CsvKind; key: string; mapping: CsvMapping },
  sha256: string,
  scan: FileScan,
  repeated: ReadonlySet<string>,
): Promise<void> {
  const key = dryRunScanKey(input.key);
  if (!key) return;
  const saved: SavedScan = {
    version: VERSION,
    kind: input.kind,
    mapping: mappingEntries(input.mapping),
    sha256,
    rows: scan.rows,
    repeated: [...repeated].map((code) => [code, scan.firstRowOf.get(code)!]),
  };
  await driver.put(key, Buffer.from(JSON.stringify(saved)), { contentType: 'application/json' });
}

/**
 * The dry run's scan of exactly this file, kind and mapping, or null. Its map holds only the codes
 * more than one row names: duplicateProblems finds no earlier row for any other code, as with the
 * whole map, since a code named once is first named by the row that names it.
 */
export async function loadDryRunScan(
  driver: StorageDriver,
  input: { kind: CsvKind; key: string; mapping: CsvMapping },
): Promise<FileScan | null> {
  const key = dryRunScanKey(input.key);
  if (!key) return null;
  const object = await driver.getStream(key);
  if (!object) return null;
  if (object.size > MAX_SAVED_BYTES) {
    object.body.destroy();
    return null;
  }
  let saved: SavedScan;
  try {
    saved = JSON.parse((await readStream(object.body)).toString('utf8')) as SavedScan;
  } catch {
    return null;
  }
  if (
    saved?.version !== VERSION ||
    saved.kind !== input.kind ||
    !Array.isArray(saved.mapping) ||
    !Array.isArray(saved.repeated) ||
    !saved.repeated.every(
      (entry) => Array.isArray(entry) && typeof entry[0] === 'string' && Number.isInteger(entry[1]),
    ) ||
    !Number.isInteger(saved.rows) ||
    !sameMapping(saved.mapping, mappingEntries(input.mapping))
  )
    return null;
  if ((await sha256Of(driver, input.key)) !== saved.sha256) return null;
  return { rows: saved.rows, firstRowOf: new Map(saved.repeated) };
}

/** Removes the kept scan with its upload. */
export async function deleteDryRunScan(driver: StorageDriver, uploadKey: string): Promise<void> {
  const key = dryRunScanKey(uploadKey);
  if (key) await driver.delete(key);
}
