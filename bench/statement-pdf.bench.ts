// Royalty statement PDFs (issue 16): renderStatementPdf, the builder the download and the payee's
// link use, over a statement held in memory (no database): a Cyrillic payee under 3 contracts,
// 300 earnings lines across 20 releases (one of them Japanese, so the regular and bold Noto Sans SC
// are embedded beside Noto Sans), in 3 currencies' worth of stores and territories. One warm-up
// PDF (the fonts are read on first use), then 3 rounds of 100 PDFs one after the other: PDFs per
// second and ms per PDF, median round, with the process's CPU time (which varies less than wall
// time on a busy machine: see the load average). The first PDF is read back with pdf.js to check
// that the names come out as written.
// Aim: at least 20 statement PDFs per second.
// Usage: npm run bench -- statement-pdf (BENCH_STATEMENT_PDFS changes the PDFs per round).
import { loadavg } from 'node:os';
import {
  renderStatementPdf,
  type StatementDocument,
} from '@music-review/server/src/features/royalties/statement-documents.ts';
import { pdfText } from '@music-review/server/src/test/pdf-text.ts';

const PDFS = Number(process.env.BENCH_STATEMENT_PDFS ?? 100);
const ROUNDS = 3;
const RELEASES = 20;
const LINES = 300;
const AIM_PER_SECOND = 20;

const PAYEE = 'Пётр Иванов';
const JAPANESE_RELEASE = '星の海 (夜明けの歌)';

const STORES = ['Spotify', 'Apple Music', 'Amazon Music', 'YouTube Music', 'Deezer', 'TIDAL'];
const TERRITORIES = ['US', 'GB', 'DE', 'JP', 'FR', 'BR', 'SE', 'AU', 'CA', 'PL'];
const SALE_TYPES = ['stream', 'stream', 'stream', 'download', 'physical'];

const zeros = {
  opening_minor: '0',
  earnings_minor: '0',
  advances_minor: '0',
  costs_minor: '0',
  reserves_held_minor: '0',
  reserves_released_minor: '0',
  payments_minor: '0',
  adjustments_minor: '0',
  closing_minor: '0',
  payable_minor: '0',
};

function statement(): StatementDocument {
  const lines: StatementDocument['lines'] = [];
  for (let i = 0; i < LINES; i++) {
    const release = i % RELEASES;
    const track = Math.floor(i / RELEASES) % 4;
    const quantity = 50 + ((i * 7919) % 20_000);
    // Receipts with the many decimals a store reports; earnings are 30 % of them, in cents.
    const receipts = `${Math.floor(quantity / 250)}.${String((i * 104_729) % 1_000_000).padStart(6, '0')}`;
    lines.push({
      release_title: release === 0 ? JAPANESE_RELEASE : `Harbour Nights, volume ${release + 1}`,
      upc: `0360002914${String(release).padStart(2, '0')}`,
      track_title: release === 0 ? `夜の海 ${track + 1}` : `Song number ${track + 1} & friends`,
      isrc: `GBNLR25${String(release * 10 + track).padStart(5, '0')}`,
      store: STORES[i % STORES.length]!,
      territory: TERRITORIES[(i * 3) % TERRITORIES.length]!,
      sale_type: SALE_TYPES[i % SALE_TYPES.length]!,
      quantity,
      receipts,
      rate: '30',
      share: '100',
      earnings_minor: String(Math.floor((Number(receipts) * 100 * 30) / 100)),
    });
  }
  lines.sort(
    (a, b) =>
      a.release_title!.localeCompare(b.release_title!) ||
      a.track_title!.localeCompare(b.track_title!) ||
      a.store!.localeCompare(b.store!) ||
      a.territory!.localeCompare(b.territory!),
  );
  const earnings = lines.reduce((sum, l) => sum + BigInt(l.earnings_minor), 0n);
  const third = earnings / 3n;
  const deal = (title: string, minor: bigint, advance: bigint) => ({
    contract_title: title,
    ...zeros,
    opening_minor: String(-advance),
    earnings_minor: String(minor),
    advances_minor: String(advance),
    closing_minor: String(minor - advance),
    cross_collateral_minor: '0',
    payable_minor: String(minor > advance ? minor - advance : 0n),
  });
  return {
    id: '00000000-0000-4000-8000-000000000001',
    organization_id: '00000000-0000-4000-8000-000000000002',
    period_id: '00000000-0000-4000-8000-000000000003',
    look: { app_name: null, logo_key: null, primary_color: '#2f5d8a' },
    label_name: 'Northern Lights Records',
    payee_name: PAYEE,
    currency: 'USD',
    period_name: 'H1 2026',
    start_month: '2026-01',
    end_month: '2026-06',
    published_at: '2026-07-15T09:00:00.000Z',
    ...zeros,
    earnings_minor: String(earnings),
    closing_minor: String(earnings),
    payable_minor: String(earnings),
    deals: [
      deal('Recording Agreement: Harbour Nights', third, 0n),
      deal('Licence: 星の海', third, 50_000n),
      deal('Remix Agreement', earnings - 2n * third, 0n),
    ],
    lines,
  };
}

async function main() {
  const doc = statement();
  const load = loadavg().map((n) => n.toFixed(2));

  const firstStart = performance.now();
  const first = await renderStatementPdf(doc);
  const firstMs = performance.now() - firstStart;
  const { pages } = await pdfText(first);
  const text = pages.join('\n');
  for (const expected of [PAYEE, JAPANESE_RELEASE, 'Licence: 星の海', '夜の海 1 (GBNLR2500000)'])
    if (!text.includes(expected)) throw new Error(`The statement PDF does not read "${expected}" back`);

  const perSecond: number[] = [];
  const msPerPdf: number[] = [];
  const cpuPerPdf: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    for (let i = 0; i < PDFS; i++) await renderStatementPdf(doc);
    const ms = performance.now() - start;
    const used = process.cpuUsage(startCpu);
    perSecond.push((PDFS * 1000) / ms);
    msPerPdf.push(ms / PDFS);
    cpuPerPdf.push((used.user + used.system) / 1000 / PDFS);
  }
  const medianOf = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  const rate = medianOf(perSecond);

  console.info(
    `\nStatement PDFs: ${LINES} lines, ${RELEASES} releases, ${doc.deals.length} contracts, ` +
      `${pages.length} pages, ${(first.length / 1024).toFixed(0)} KiB; Node ${process.version}, ` +
      `load average ${load.join(' ')}\n`,
  );
  console.info(`First PDF (reads the fonts): ${firstMs.toFixed(0)} ms\n`);
  console.info(
    '| rounds x PDFs | median PDFs/s | median ms per PDF | min-max PDFs/s | median CPU ms per PDF |',
  );
  console.info('| ---: | ---: | ---: | ---: | ---: |');
  console.info(
    `| ${ROUNDS} x ${PDFS} | ${rate.toFixed(1)} | ${medianOf(msPerPdf).toFixed(1)} | ` +
      `${Math.min(...perSecond).toFixed(1)}-${Math.max(...perSecond).toFixed(1)} | ${medianOf(cpuPerPdf).toFixed(1)} |`,
  );
  console.info(
    `\nAim: at least ${AIM_PER_SECOND} statement PDFs per second: ${rate >= AIM_PER_SECOND ? 'met' : 'NOT met'} ` +
      `(median ${rate.toFixed(1)}/s)`,
  );
}

await main();
