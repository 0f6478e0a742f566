// The royalty engine alone (issue 16, decision 0028): computePeriod over the receipts the server
// sums in SQL for a period of 1,000,000 statement lines, about 100,000 receipts (per recording,
// release, sale type, territory, store and currency) for 1,000 payees under 700 deals of 1-3 payees
// each. Amounts carry the many decimals of SQL sums; five currencies, converted at rates of up to 10
// decimals into payees' USD, EUR, GBP and JPY. Some deals have rates per sale type and territory,
// reserves, profit shares (with costs), cross-collateral groups and remix deals on the same
// recordings; 2 % of the receipts are of recordings under no deal. Single-threaded CPU work: one
// warm-up run, then the median of 5 runs, wall time and the process's CPU time (which includes the
// garbage collector's threads, and varies less than wall time on a busy machine: see the load average).
// Aim: under 1.5 s per run (the whole period run, issue 16: under 10 s end to end).
// Usage: npm run bench -- royalty-engine (BENCH_ROYALTY_RECEIPTS changes the receipt count).
import { loadavg } from 'node:os';
import {
  computePeriod,
  type EngineDeal,
  type EngineEntry,
  type EngineInput,
  type EngineReceipt,
} from '@music-review/core/royalty-engine';
import type { SaleType } from '@music-review/core/royalty-sources';

const RECEIPTS = Number(process.env.BENCH_ROYALTY_RECEIPTS ?? 100_000);
const PAYEES = 1_000;
const DEALS = 700;
const RECORDINGS = 7_000;
const RELEASES = 700;
const RUNS = 5;
const AIM_MS = 1_500;

const SALE_TYPES: SaleType[] = ['stream', 'download', 'physical'];
const TERRITORIES = ['US', 'GB', 'DE', 'FR', 'JP', 'SE', 'BR', 'AU', null];
const STORES = ['Spotify', 'Apple Music', 'Amazon', 'YouTube', 'Deezer', 'Tidal', 'Bandcamp', null];
const RECEIPT_CURRENCIES = ['USD', 'EUR', 'GBP', 'SEK', 'JPY'];
const PAYEE_CURRENCIES = ['USD', 'USD', 'USD', 'EUR', 'GBP', 'JPY'];
const RATES: Record<string, Record<string, string>> = {
  USD: { EUR: '0.9211', GBP: '0.786243', SEK: '10.4518', JPY: '151.37' },
  EUR: { USD: '1.0856', GBP: '0.8535124', SEK: '11.3471', JPY: '164.3301' },
  GBP: { USD: '1.2719', EUR: '1.1716', SEK: '13.2946', JPY: '192.5373916' },
  SEK: { USD: '0.0956777', EUR: '0.0881284', GBP: '0.0752185', JPY: '14.4826' },
  JPY: { USD: '0.0066063', EUR: '0.0060853', GBP: '0.0051938', SEK: '0.0690481234' },
};

/** A small deterministic generator (mulberry32), so every run and machine sees the same period. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function period(): EngineInput {
  const next = random(16);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]) => list[int(list.length)]!;
  /** Like a SQL sum of statement lines: up to 10 decimals, a few returns. */
  const amount = () => {
    const units = BigInt(int(50_000_000)) * 100_000n + BigInt(int(100_000));
    const text = units.toString().padStart(11, '0');
    return `${next() < 0.01 ? '-' : ''}${text.slice(0, -10)}.${text.slice(-10)}`;
  };

  const payees = Array.from({ length: PAYEES }, (_, i) => ({
    id: `payee-${String(i).padStart(4, '0')}`,
    name: `Payee ${i}`,
    currency: pick(PAYEE_CURRENCIES),
  }));
  const shares = [['100'], ['60', '40'], ['33.3333', '33.3333', '33.3334']];
  let nextPayee = 0;
  const deals: EngineDeal[] = Array.from({ length: DEALS }, (_, i) => {
    const count = 1 + (i % 3);
    const profitShare = i % 10 === 9;
    const recordings = Array.from({ length: 10 }, (_, r) => `rec-${String(i * 10 + r).padStart(5, '0')}`);
    // One deal in seven is a remix deal on another deal's recordings.
    const remixOf = i % 7 === 6 ? `rec-${String(((i * 37) % DEALS) * 10).padStart(5, '0')}` : null;
    return {
      id: `deal-${String(i).padStart(4, '0')}`,
      name: `Contract ${i}`,
      kind: profitShare ? 'profit_share' : 'royalty',
      basis: i % 5 === 0 ? 'gross' : 'net',
      default_rate: pick(['15', '18.5', '20', '25', '50']),
      rates:
        i % 4 === 0
          ? [
              { sale_type: 'stream', territory: null, rate: '22.5' },
              { sale_type: null, territory: 'US', rate: '17' },
              { sale_type: 'physical', territory: 'JP', rate: '12.25' },
            ]
          : [],
      profit_share: profitShare ? '50' : null,
      reserve_rate: i % 6 === 0 ? '20' : '0',
      cross_collateral_group: i % 3 === 0 ? `artist-${i % 50}` : null,
      recording_ids: remixOf ? [...recordings.slice(0, 7), remixOf] : recordings.slice(0, 7),
      payees: shares[count - 1]!.map((share) => ({
        payee_id: payees[nextPayee++ % PAYEES]!.id,
        share,
      })),
    };
  });

  const receipts: EngineReceipt[] = Array.from({ length: RECEIPTS }, (_, i) => {
    // 2 % of the receipts are of recordings outside every deal.
    const recording = i % 50 === 49 ? RECORDINGS + int(1000) : int(DEALS) * 10 + int(7);
    const gross = amount();
    return {
      recording_id: `rec-${String(recording).padStart(5, '0')}`,
      release_id: next() < 0.05 ? null : `rel-${String(recording % RELEASES).padStart(4, '0')}`,
      sale_type: pick(SALE_TYPES),
      territory: pick(TERRITORIES),
      store: pick(STORES),
      currency: pick(RECEIPT_CURRENCIES),
      quantity: 1 + int(5000),
      net: amount(),
      gross: next() < 0.3 ? null : gross,
    };
  });

  const entries: EngineEntry[] = [];
  const openings: EngineInput['openings'] = [];
  for (const deal of deals) {
    entries.push({
      deal_id: deal.id,
      payee_id: null,
      kind: 'advance',
      amount: '2500',
      currency: 'USD',
      recoupable: true,
    });
    entries.push({
      deal_id: deal.id,
      payee_id: deal.payees[0]!.payee_id,
      kind: 'cost',
      amount: '123.456',
      currency: 'EUR',
      recoupable: next() < 0.8,
    });
    for (const { payee_id } of deal.payees)
      openings.push({ deal_id: deal.id, payee_id, balance_minor: BigInt(int(2_000_000) - 1_000_000) });
  }
  const rates = Object.entries(RATES).flatMap(([from, to]) =>
    Object.entries(to).map(([currency, rate]) => ({ from, to: currency, rate })),
  );
  return {
    period: { id: 'bench', start: '2024-01', end: '2024-03' },
    deals,
    payees,
    receipts,
    rates,
    openings,
    reserves_to_release: [],
    entries,
  };
}

function main() {
  const input = period();
  const load = loadavg().map((n) => n.toFixed(2));
  const times: number[] = [];
  // Process CPU time too: on a shared machine (see the load average) it varies less than wall time.
  const cpu: number[] = [];
  let statements = 0;
  let lines = 0;
  for (let run = 0; run <= RUNS; run++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    const result = computePeriod(input);
    const ms = performance.now() - start;
    const used = process.cpuUsage(startCpu);
    if (result.missing_rates.length > 0)
      throw new Error(`The benchmark's period lacks rates: ${JSON.stringify(result.missing_rates)}`);
    statements = result.statements.length;
    lines = result.statements.reduce((sum, statement) => sum + statement.lines.length, 0);
    if (run === 0) continue; // the first run warms up
    times.push(ms);
    cpu.push((used.user + used.system) / 1000);
  }
  const medianOf = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  const median = medianOf(times);
  console.info(
    `\nRoyalty engine: ${RECEIPTS.toLocaleString('en')} receipts, ${PAYEES} payees, ${DEALS} deals, ` +
      `${input.entries.length} entries, Node ${process.version}, load average ${load.join(' ')}\n`,
  );
  console.info(`${statements} statements, ${lines.toLocaleString('en')} statement lines\n`);
  console.info('| runs | median ms | min ms | max ms | median process CPU ms |');
  console.info('| ---: | ---: | ---: | ---: | ---: |');
  console.info(
    `| ${RUNS} | ${median.toFixed(0)} | ${Math.min(...times).toFixed(0)} | ${Math.max(...times).toFixed(0)} | ${medianOf(cpu).toFixed(0)} |`,
  );
  console.info(
    `\nAim: computePeriod under ${AIM_MS.toLocaleString('en')} ms: ${median < AIM_MS ? 'met' : 'NOT met'} (median ${median.toFixed(0)} ms)`,
  );
}

main();
