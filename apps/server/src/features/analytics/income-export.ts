/**
 * "Export CSV" of missing income, catalogue value and the lines a filter selects (decision 0030):
 * through the app's one CSV writer (core/csv.ts: formulas neutralised, UTF-8 with a byte-order
 * mark), each report counted against the plan's monthly exports before anything is read. Amounts
 * are written exactly: as numbers when the number is the same decimal, else as text.
 */
import { PassThrough, Readable } from 'node:stream';
import {
  ANALYTICS_INCOME_MESSAGES,
  ANALYTICS_INCOME_TEXTS,
  decimalCell,
  INCOME_EXPORT_TYPES,
  type IncomeExportReport,
} from '@music-review/core/analytics-income';
import { CSV_BOM, type CsvValue, csvField } from '@music-review/core/csv';
import { STATEMENT_SALE_TYPE_LABELS } from '@music-review/core/royalty-statements';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { AppError } from '../../platform/errors.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import { allAlerts } from './alerts.repo.ts';
import { toAlertDto } from './alerts.service.ts';
import {
  type LinesQuery,
  linesFilter,
  ownedFilter,
  readCatalogueValue,
  toLineDto,
} from './income.service.ts';
import { checkExportLimit, monthlyExportLimit, recordExportUsage } from './income-export.repo.ts';
import { eachLine, type LinesFilter } from './lines.repo.ts';

const row = (values: readonly CsvValue[]) => `${values.map(csvField).join(',')}\r\n`;
const money = (list: ReadonlyArray<{ currency: string; net: string }>) =>
  list.map((a) => `${a.currency} ${a.net}`).join('; ');

const LINE_HEADERS = [
  'Statement',
  'Source',
  'Line',
  'Sale month',
  'Store',
  'Territory',
  'ISRC',
  'UPC',
  'Track',
  'Release',
  'Artist',
  'Sale type',
  'Quantity',
  'Net',
  'Currency',
];

/** Resolves once the reader has taken what was written, or has gone away. */
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

/** Lines read and written a thousand at a time, so a recording's whole history never sits in memory. */
const LINES_BATCH = 1000;

export function createIncomeExport(ctx: AppContext) {
  const { database } = ctx;

  async function pumpLines(org: string, filter: LinesFilter, out: PassThrough) {
    try {
      await database.withOrg(org, async (tx) => {
        out.write(CSV_BOM + row(LINE_HEADERS));
        for await (const batch of eachLine(tx, org, filter, LINES_BATCH)) {
          if (out.destroyed) return;
          const text = batch
            .map(toLineDto)
            .map((l) =>
              row([
                l.import_file_name,
                l.source_name,
                l.line_number,
                l.sale_month,
                l.store,
                l.territory,
                l.isrc,
                l.upc,
                l.track_title,
                l.release_title,
                l.artist,
                STATEMENT_SALE_TYPE_LABELS[l.sale_type] ?? l.sale_type,
                l.quantity,
                decimalCell(l.net),
                l.currency,
              ]),
            )
            .join('');
          if (!out.write(text)) await drained(out);
        }
      });
      if (!out.destroyed) out.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  }

  return {
    /**
     * GET /api/v1/analytics/income/export: the filter checked and the ids found first (a refused
     * request uses no export), then the export counted (403 plan_limit_reached past the plan's
     * monthly limit), then the file.
     */
    async open(
      member: Member,
      query: LinesQuery & { report: IncomeExportReport },
    ): Promise<{ body: Readable; filename: string }> {
      requireCatalogue(member);
      const org = member.organizationId;
      const asked = query.report === 'lines' ? linesFilter(query) : null;
      const type = INCOME_EXPORT_TYPES[query.report];
      const filter = await database.withOrg(org, async (tx) => {
        const owned = asked ? await ownedFilter(tx, org, asked) : null;
        if (!(await checkExportLimit(tx, org, type)))
          throw new AppError(
            'plan_limit_reached',
            ANALYTICS_INCOME_MESSAGES.exportLimit(await monthlyExportLimit(tx, org)),
          );
        await recordExportUsage(tx, org, type);
        return owned;
      });
      const day = new Date().toISOString().slice(0, 10);

      if (filter) {
        const out = new PassThrough();
        void pumpLines(org, filter, out);
        return { body: out, filename: `statement-lines-${day}.csv` };
      }

      if (query.report === 'missing_income') {
        const alerts = (await database.withOrg(org, (tx) => allAlerts(tx, org))).map(toAlertDto);
        const text =
          CSV_BOM +
          row([
            'Alert',
            'Recording',
            'Artist',
            'ISRC',
            'Store or territory',
            'Name',
            'Code',
            'Source',
            'Statement',
            'Previous months',
            'Previous net',
            'Current months',
            'Current net',
            'Currency',
          ]) +
          alerts
            .map((a) =>
              row([
                ANALYTICS_INCOME_TEXTS.kindLabels[a.kind],
                a.recording.title,
                a.recording.display_artist,
                a.recording.isrc,
                ANALYTICS_INCOME_TEXTS.dimensionLabels[a.dimension],
                a.value_name,
                a.value,
                a.source_name,
                a.import_file_name,
                `${a.previous_from} to ${a.previous_to}`,
                decimalCell(a.previous_net),
                `${a.current_from} to ${a.current_to}`,
                decimalCell(a.current_net),
                a.currency,
              ]),
            )
            .join('');
        return { body: Readable.from([text]), filename: `missing-income-${day}.csv` };
      }

      const found = await database.withOrg(org, (tx) => readCatalogueValue(tx, org, null));
      const span = found.from && found.to ? `${found.from}-to-${found.to}` : day;
      const income = `Income (${found.currency})`;
      if (query.report === 'catalogue_value_artists') {
        const text =
          CSV_BOM +
          row(['Rank', 'Artist', 'Recordings', 'Units', income, 'Not converted', 'As reported']) +
          found.artists
            .map((a) =>
              row([
                a.rank,
                a.artist,
                a.recordings,
                a.quantity,
                decimalCell(a.net),
                money(a.not_converted),
                money(a.amounts),
              ]),
            )
            .join('');
        return { body: Readable.from([text]), filename: `catalogue-value-artists-${span}.csv` };
      }
      const text =
        CSV_BOM +
        row([
          'Rank',
          'Release',
          'Artist',
          'UPC',
          'Release date',
          'Units',
          income,
          'Not converted',
          'As reported',
        ]) +
        found.releases
          .map((r) =>
            row([
              r.rank,
              r.title,
              r.display_artist,
              r.upc,
              r.release_date,
              r.quantity,
              decimalCell(r.net),
              money(r.not_converted),
              money(r.amounts),
            ]),
          )
          .join('');
      return { body: Readable.from([text]), filename: `catalogue-value-releases-${span}.csv` };
    },
  };
}
