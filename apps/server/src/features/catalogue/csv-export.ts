/**
 * "Export CSV" (issue 14; decision 0026): the rows the tab's filters select, in its sort, through the
 * app's one CSV writer (core/csv.ts: formulas neutralised, line breaks kept, UTF-8 with a byte-order
 * mark). Counted once against the plan's monthly exports before anything is read; streamed from a
 * database cursor a thousand rows at a time, so memory stays flat whatever the label holds. The
 * importable columns come first under the import's own names, so an edited export imports back.
 */
import { PassThrough } from 'node:stream';
import {
  RECORDING_ORIGIN_LABELS,
  RELEASE_STATUS_LABELS,
  RELEASE_TYPE_LABELS,
} from '@music-review/core/catalogue';
import {
  CATALOGUE_CSV_EXPORT_TYPES,
  CSV_FIELDS,
  CSV_LIMITS,
  CSV_MESSAGES,
  type CsvKind,
  formatCsvDuration,
} from '@music-review/core/catalogue-csv';
import { CSV_BOM, type CsvValue, csvField } from '@music-review/core/csv';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { isoOrNull } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { requireCatalogue } from './catalogue.access.ts';
import {
  checkExportLimit,
  type ExportQuery,
  monthlyExportLimit,
  openExportCursor,
  recordExportUsage,
} from './csv-export.repo.ts';

type Row = Record<string, unknown>;
type Column = { header: string; value: (row: Row) => CsvValue };

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const labelOf = <T extends string>(labels: Record<T, string>, v: unknown) =>
  typeof v === 'string' && v in labels ? labels[v as T] : text(v);

/** The importable fields under their import names, each read from the row's column of the same name. */
function fieldColumns(kind: CsvKind, formats: Record<string, (v: unknown) => CsvValue> = {}): Column[] {
  return CSV_FIELDS[kind].map((f) => ({
    header: f.label,
    value: (row: Row) => {
      const v = row[f.key];
      const format = formats[f.key];
      if (format) return format(v);
      return typeof v === 'number' || typeof v === 'string'
        ? v
        : v === null || v === undefined
          ? null
          : String(v);
    },
  }));
}

const updated: Column = {
  header: 'Updated',
  value: (row) => isoOrNull(row.updated_at as Date | string | null),
};

const COLUMNS: Record<CsvKind, Column[]> = {
  recordings: [
    ...fieldColumns('recordings', {
      duration_seconds: (v) => formatCsvDuration(num(v)),
      explicit: (v) => (v ? 'yes' : 'no'),
    }),
    { header: 'Origin', value: (row) => labelOf(RECORDING_ORIGIN_LABELS, row.origin) },
    { header: 'Work', value: (row) => text(row.work_title) },
    { header: 'Work ISWC', value: (row) => text(row.work_iswc) },
    updated,
  ],
  releases: [
    ...fieldColumns('releases', {
      release_type: (v) => labelOf(RELEASE_TYPE_LABELS, v),
      status: (v) => labelOf(RELEASE_STATUS_LABELS, v),
    }),
    { header: 'Tracks', value: (row) => num(row.track_count) },
    updated,
  ],
  works: [
    ...fieldColumns('works'),
    { header: 'Writers', value: (row) => text(row.writers) },
    { header: 'Shares total (%)', value: (row) => (num(row.shares_bp) ?? 0) / 100 },
    { header: 'Recordings', value: (row) => num(row.recording_count) },
    updated,
  ],
};

const line = (values: readonly CsvValue[]) => `${values.map(csvField).join(',')}\r\n`;

/** Resolves once the reader has taken what was written, or the stream was closed. */
function drained(out: PassThrough) {
  return new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

class ExportAborted extends Error {}

export function createCatalogueCsvExport(ctx: AppContext) {
  const { database } = ctx;

  /** Writes the rows into `out` from a cursor, stopping when the reader goes away. */
  async function pump(organizationId: string, what: ExportQuery, out: PassThrough) {
    const columns = COLUMNS[what.kind];
    try {
      await database.withOrg(organizationId, async (tx) => {
        const cursor = await openExportCursor(tx, organizationId, what);
        out.write(CSV_BOM + line(columns.map((c) => c.header)));
        for (;;) {
          const rows = await cursor.fetch(CSV_LIMITS.batchRows);
          if (rows.length === 0) break;
          if (out.destroyed) throw new ExportAborted();
          if (!out.write(rows.map((row) => line(columns.map((c) => c.value(row)))).join('')))
            await drained(out);
        }
      });
      out.end();
    } catch (error) {
      if (!(error instanceof ExportAborted)) out.destroy(error as Error);
    }
  }

  return {
    /**
     * GET /api/v1/catalogue/export/{kind}: counts the export (403 plan_limit_reached past the plan's
     * monthly limit), then answers the stream the rows are written into.
     */
    async open(member: Member, what: ExportQuery) {
      const { organizationId } = member;
      await database.withOrg(organizationId, async (tx) => {
        requireCatalogue(member);
        const type = CATALOGUE_CSV_EXPORT_TYPES[what.kind];
        if (!(await checkExportLimit(tx, organizationId, type)))
          throw new AppError(
            'plan_limit_reached',
            CSV_MESSAGES.exportLimit(await monthlyExportLimit(tx, organizationId)),
          );
        await recordExportUsage(tx, organizationId, type);
      });
      const out = new PassThrough();
      void pump(organizationId, what, out);
      const day = new Date().toISOString().slice(0, 10);
      return { body: out, filename: `catalogue-${what.kind}-${day}.csv` };
    },
  };
}
