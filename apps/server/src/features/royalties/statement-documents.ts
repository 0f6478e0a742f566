/**
 * A payee's statement as documents (issue 16): the PDF (the label's name, logo and colour; the
 * figures; per contract; earnings by release, track, store and territory) through the app's one PDF
 * writer (Unicode fonts), and the "All sales" CSV through the one CSV writer (formulas neutralised).
 * Both read the statement as the run stored it (decision 0029: nothing is recomputed from current
 * terms); amounts are the engine's minor units, shown with formatMinor.
 */

import type { PublicStatementDto } from '@music-review/core/contracts/royalty-statements';
import { type CsvValue, toCsv } from '@music-review/core/csv';
import {
  canonicalDecimal,
  currencyExponent,
  formatMinor,
  fromScaled,
  roundToMinor,
} from '@music-review/core/money';
import { periodName } from '@music-review/core/royalties';
import { parseStatement } from '@music-review/core/royalty-engine';
import {
  ALL_SALES_HEADERS,
  monthsText,
  STATEMENT_FIGURES,
  STATEMENT_SALE_TYPE_LABELS,
  STATEMENT_TEXTS,
  statementFileName,
} from '@music-review/core/royalty-statements';
import { rgb } from 'pdf-lib';
import type { OrgTx } from '../../platform/db/index.ts';
import { PdfWriter } from '../../platform/pdf/pdf-writer.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { readStream } from '../../platform/storage/finalize-upload.ts';
import { parseKey } from '../../platform/storage/keys.ts';
import * as deals from './deals.repo.ts';
import * as repo from './periods.repo.ts';

/** A statement as its documents and the payee's page show it, with what only the server uses. */
export type StatementDocument = PublicStatementDto & {
  id: string;
  organization_id: string;
  period_id: string;
  look: { app_name: string | null; logo_key: string | null; primary_color: string | null };
};

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Buffer | string;
}

const byText = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');

/**
 * The statement `id` of the label, as its documents show it, or undefined. Lines come sorted by
 * release, track, store and territory.
 */
export async function loadStatementDocument(
  tx: OrgTx,
  org: string,
  id: string,
): Promise<StatementDocument | undefined> {
  const row = await repo.findStatement(tx, org, id);
  if (!row) return undefined;
  const period = await repo.findPeriod(tx, org, row.period_id);
  if (!period) return undefined;
  const cadence = await repo.cadenceOf(tx, org);
  const label = await repo.statementLabelOf(tx, org);
  const st = parseStatement(row.detail);
  const contractTitles = new Map((await deals.listDeals(tx, org)).map((d) => [d.id, d.contract_title]));
  const catalogue = await repo.statementCatalogueOf(
    tx,
    org,
    [...new Set(st.lines.map((l) => l.recording_id))],
    [...new Set(st.lines.flatMap((l) => (l.release_id ? [l.release_id] : [])))],
  );
  const figures = (f: (typeof st.deals)[number] | typeof st) => ({
    opening_minor: f.opening_minor.toString(),
    earnings_minor: f.earnings_minor.toString(),
    advances_minor: f.advances_minor.toString(),
    costs_minor: f.costs_minor.toString(),
    reserves_held_minor: f.reserves_held_minor.toString(),
    reserves_released_minor: f.reserves_released_minor.toString(),
    payments_minor: f.payments_minor.toString(),
    adjustments_minor: f.adjustments_minor.toString(),
    closing_minor: f.closing_minor.toString(),
    payable_minor: f.payable_minor.toString(),
  });
  const lines = st.lines.map((l) => {
    const release = l.release_id ? catalogue.releases.get(l.release_id) : undefined;
    const recording = catalogue.recordings.get(l.recording_id);
    return {
      release_title: release?.title ?? null,
      upc: release?.upc ?? null,
      track_title: recording?.title ?? null,
      isrc: recording?.isrc ?? null,
      store: l.store,
      territory: l.territory,
      sale_type: l.sale_type,
      quantity: l.quantity,
      receipts: l.receipts,
      rate: l.rate,
      share: l.share,
      earnings_minor: l.earnings_minor.toString(),
    };
  });
  lines.sort(
    (a, b) =>
      byText(a.release_title, b.release_title) ||
      byText(a.track_title, b.track_title) ||
      byText(a.store, b.store) ||
      byText(a.territory, b.territory) ||
      byText(a.sale_type, b.sale_type),
  );
  return {
    id: row.id,
    organization_id: org,
    period_id: row.period_id,
    look: {
      app_name: label?.app_name ?? null,
      logo_key: label?.logo_key ?? null,
      primary_color: label?.primary_color ?? null,
    },
    label_name: label?.name ?? '',
    payee_name: row.payee_name,
    currency: row.currency,
    period_name: periodName(period.start_month, cadence),
    start_month: period.start_month,
    end_month: period.end_month,
    published_at: period.published_at ? new Date(period.published_at).toISOString() : null,
    ...figures(st),
    deals: st.deals.map((d) => ({
      contract_title: contractTitles.get(d.deal_id) ?? d.deal_name ?? 'Contract',
      ...figures(d),
      cross_collateral_minor: d.cross_collateral_minor.toString(),
    })),
    lines,
  };
}

/** What the payee's page receives: the statement, nothing else of the label. */
export function toPublicStatement(doc: StatementDocument): PublicStatementDto {
  const { id: _id, organization_id: _org, period_id: _period, look: _look, ...rest } = doc;
  return rest;
}

// ---- PDF ----------------------------------------------------------------------------------------

const A4_WIDTH = 595.28;
const A4_HEIGHT = 841.89;

const money = (minor: string, currency: string) => formatMinor(BigInt(minor), currency);
/** An amount in a table whose header names the currency: "1,234.56". */
const amount = (minor: bigint, currency: string) => formatMinor(minor, currency).slice(currency.length + 1);

function colourOf(hex: string | null) {
  const match = hex ? /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim()) : null;
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((h) => Number.parseInt(h, 16) / 255) as [number, number, number];
  return rgb(r, g, b);
}

/**
 * The label's logo for the PDF: one of its own uploaded images (PNG or JPEG; PDFs embed no other
 * format), at most 2 MB. Anything else, or a read that fails, leaves the logo out: a statement is
 * never refused for its decoration.
 */
export async function loadLogo(
  driver: StorageDriver,
  doc: Pick<StatementDocument, 'organization_id' | 'look'>,
): Promise<{ bytes: Uint8Array; kind: 'png' | 'jpeg' } | null> {
  const key = doc.look.logo_key;
  const parsed = key ? parseKey(key) : null;
  if (!key || !parsed || parsed.organizationId !== doc.organization_id || parsed.type !== 'images')
    return null;
  try {
    const object = await driver.getStream(key);
    if (!object) return null;
    const kind =
      object.contentType === 'image/png' ? 'png' : object.contentType === 'image/jpeg' ? 'jpeg' : null;
    if (!kind || object.size > 2 * 1024 * 1024) {
      object.body.destroy();
      return null;
    }
    return { bytes: await readStream(object.body), kind };
  } catch {
    return null;
  }
}

/** The statement's PDF: A4, every text in the Unicode fonts of the app's PDF writer. */
export async function renderStatementPdf(
  doc: StatementDocument,
  logo: { bytes: Uint8Array; kind: 'png' | 'jpeg' } | null = null,
): Promise<Uint8Array> {
  const c = doc.currency;
  const labelName = doc.look.app_name?.trim() || doc.label_name;
  const pdf = await PdfWriter.create({
    title: `Royalty statement ${doc.period_name}: ${doc.payee_name}`,
    footer: labelName,
  });
  const colour = colourOf(doc.look.primary_color);
  if (colour)
    pdf.currentPage.drawRectangle({ x: 0, y: A4_HEIGHT - 10, width: A4_WIDTH, height: 10, color: colour });
  if (logo) {
    try {
      await pdf.image(logo.bytes, logo.kind, 160, 48);
    } catch {
      // A damaged image is left out, like a missing one.
    }
  }
  pdf.heading(labelName, 1);
  pdf.heading(`Royalty statement ${doc.period_name}`, 2);
  pdf.keyValues([
    ['Payee', doc.payee_name],
    ['Period', `${doc.period_name} (${monthsText(doc.start_month, doc.end_month)})`],
    ['Currency', c],
    ...(doc.published_at ? [['Published', doc.published_at.slice(0, 10)] as const] : []),
  ]);

  pdf.heading('Summary');
  pdf.keyValues([
    ...STATEMENT_FIGURES.map(([field, label]) => [label, money(doc[field], c)] as const),
    [STATEMENT_TEXTS.payable, money(doc.payable_minor, c)],
  ]);

  if (doc.deals.length > 0) {
    pdf.heading(STATEMENT_TEXTS.contracts);
    for (const deal of doc.deals) {
      pdf.heading(deal.contract_title, 3);
      pdf.keyValues([
        // The figures that moved, always the balances: a contract's page stays short.
        ...STATEMENT_FIGURES.filter(
          ([field]) => field === 'opening_minor' || field === 'closing_minor' || deal[field] !== '0',
        ).map(([field, label]) => [label, money(deal[field], c)] as const),
        ...(deal.cross_collateral_minor !== '0'
          ? [['Cross-collateral', money(deal.cross_collateral_minor, c)] as const]
          : []),
        [STATEMENT_TEXTS.payable, money(deal.payable_minor, c)],
      ]);
    }
  }

  pdf.heading(STATEMENT_TEXTS.earnings);
  if (doc.lines.length === 0) pdf.paragraph(STATEMENT_TEXTS.noLines, { muted: true });
  // One table per release (lines come sorted by release): a long statement runs across pages.
  let start = 0;
  while (start < doc.lines.length) {
    const release = doc.lines[start]!.release_title;
    let end = start;
    let total = 0n;
    while (end < doc.lines.length && doc.lines[end]!.release_title === release) {
      total += BigInt(doc.lines[end]!.earnings_minor);
      end++;
    }
    const upc = doc.lines[start]!.upc;
    pdf.heading(`${release ?? 'Tracks without a release'}${upc ? ` · UPC ${upc}` : ''}`, 3);
    pdf.table(
      [
        { header: 'Track', width: 3 },
        { header: 'Store', width: 1.7 },
        { header: 'Territory', width: 1.4 },
        { header: 'Type', width: 1.3 },
        { header: 'Quantity', width: 1.2 },
        { header: `Receipts (${c})`, width: 1.7 },
        { header: `Earnings (${c})`, width: 1.7 },
      ],
      doc.lines
        .slice(start, end)
        .map((l) => [
          l.isrc ? `${l.track_title ?? 'Unknown track'} (${l.isrc})` : (l.track_title ?? 'Unknown track'),
          l.store ?? '',
          l.territory ?? '',
          STATEMENT_SALE_TYPE_LABELS[l.sale_type] ?? l.sale_type,
          String(l.quantity),
          amount(roundToMinor(l.receipts, c), c),
          amount(BigInt(l.earnings_minor), c),
        ]),
    );
    pdf.paragraph(`Release total: ${formatMinor(total, c)}`, { size: 9.5, bold: true });
    start = end;
  }
  return pdf.toBytes();
}

// ---- CSV ----------------------------------------------------------------------------------------

/**
 * An exact decimal as a number cell when the number's text is the same decimal (so the spreadsheet
 * sums it and a negative amount is not marked as text); else the text, exact, through the writer.
 */
function numeric(decimal: string): CsvValue {
  const n = Number(decimal);
  const text = String(n);
  return Number.isFinite(n) && !/e/i.test(text) && canonicalDecimal(text) === canonicalDecimal(decimal)
    ? n
    : decimal;
}

/** The "All sales" CSV: one row per line of the statement, UTF-8 with a byte-order mark. */
export function statementCsv(doc: StatementDocument): string {
  const c = doc.currency;
  const exponent = currencyExponent(c);
  const months = monthsText(doc.start_month, doc.end_month);
  const rows: CsvValue[][] = [
    [...ALL_SALES_HEADERS],
    ...doc.lines.map((l) => [
      months,
      l.store,
      l.territory,
      l.isrc,
      l.upc,
      l.release_title,
      l.track_title,
      STATEMENT_SALE_TYPE_LABELS[l.sale_type] ?? l.sale_type,
      l.quantity,
      numeric(l.receipts),
      c,
      numeric(l.rate),
      numeric(l.share),
      numeric(fromScaled(BigInt(l.earnings_minor), exponent)),
    ]),
  ];
  return toCsv(rows, { bom: true });
}

export async function statementFile(
  doc: StatementDocument,
  format: 'pdf' | 'csv',
  driver: StorageDriver,
): Promise<ExportFile> {
  if (format === 'csv')
    return {
      filename: statementFileName(doc.period_name, doc.payee_name, 'csv', 'all sales'),
      contentType: 'text/csv; charset=utf-8',
      body: statementCsv(doc),
    };
  return {
    filename: statementFileName(doc.period_name, doc.payee_name, 'pdf'),
    contentType: 'application/pdf',
    body: Buffer.from(await renderStatementPdf(doc, await loadLogo(driver, doc))),
  };
}
