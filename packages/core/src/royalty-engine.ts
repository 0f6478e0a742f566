/**
 * The royalty engine (issue 16, decision 0028): one period's receipts, ledger entries and balances in,
 * one statement per payee out. Pure and exact: the server aggregates the statement lines in SQL, loads
 * the deals, rates and balances, calls computePeriod and stores what it returns.
 *
 * The rules, in the order a period is computed:
 * - Sign: a balance above 0 is owed to the payee. Earnings, reserve releases and positive adjustments
 *   add to it; advances, recoupable costs, payments and reserves held subtract. The summaries show
 *   advances, costs, payments and reserves as positive amounts (as the entries give them):
 *   closing = opening + earnings + released + adjustments + cross-collateral
 *             - advances - costs - reserves held - payments.
 * - Conversion first, exactly: an amount in another currency than the payee's is multiplied by the
 *   period's rate (1 from = rate to), never the inverse of the opposite pair (a division is not
 *   exact). A pair the rates lack is reported in missing_rates, once, and the run then has no
 *   statements: the server refuses it, naming each pair.
 * - Royalty deal: a receipt line earns (converted basis amount) x rate% x share%. The basis is the
 *   net, or the gross when the deal says so and the line has one (else its net). The rate is the
 *   most specific of the deal's: sale type and territory, then sale type, then territory, then the
 *   default. Every deal that covers a recording earns on it (an original and a remix deal both do).
 * - Profit share: pool = converted net receipts - the deal's recoupable costs of the period (every
 *   such cost, whichever payee it names: the cost is the deal's). Each payee earns pool x profit
 *   share% x share%, shown as the receipt lines (their net x profit share% x share%) less
 *   pool_costs_minor, the payee's part of the costs. Those costs are therefore not charged again:
 *   costs_minor is 0 on a profit-share deal. A negative pool (costs above receipts) gives negative
 *   earnings, carried in the balance like an unrecouped cost, rather than being dropped or deferred:
 *   the next period's pool then pays it back first, as a profit share would.
 * - Non-recoupable costs never touch a payee (the label bears them); they need no exchange rate.
 * - Rounding (decision 0028's one rule), only where a statement shows a figure: per payee, the exact
 *   earnings of every line (and each profit-share deal's cost part) are allocated to minor units
 *   together by allocateToMinor's rule, so the lines sum exactly to the payee's rounded total; a deal's
 *   earnings are the sum of its allocated parts. An entry for one payee is rounded half to even; an
 *   entry split over a deal's payees (payee_id null) is allocated over their shares, so the parts sum
 *   to the rounded amount. Nothing is rounded before.
 * - Reserves: held on a deal's physical earnings (sale type 'physical'): roundToMinor(physical
 *   earnings x reserve%) per deal and payee, never below 0 (returns beyond sales hold nothing);
 *   released in full the next period (reserves_to_release, given back by the server).
 * - Cross-collateralisation, per payee: among the deals of one cross_collateral_group, the positive
 *   closings (largest first) are moved onto the negative ones (largest deficit first; ties by deal
 *   id) until no positive and negative remain together. cross_collateral_minor shows each move on
 *   both sides and sums to 0 per group.
 * - Payable: per deal max(0, closing) after the moves, and the payee's payable is their sum. Not
 *   max(0, sum of closings): a deal outside any group must not have its earnings withheld to recoup
 *   another deal's advance, which is what not cross-collateralising means; and per deal, the server
 *   can record a payment against each deal exactly.
 * - Determinism: statements by payee id, deals by id, lines by release, recording, store, territory,
 *   sale type and deal (null first, by code unit); lines of one key in several currencies are merged.
 */
import { canonicalDecimal, compareDecimals, currencyExponent, fromScaled, pow10 } from './money.ts';
import type { SaleType } from './royalty-sources.ts';

export type DealKind = 'royalty' | 'profit_share';
export type RateBasis = 'net' | 'gross';

/** A rate of a deal for a sale type and/or territory (null = any). rate: percent, exact ("50", "12.5"). */
export interface DealRate {
  sale_type: SaleType | null;
  territory: string | null;
  rate: string;
}

export interface EngineDeal {
  id: string;
  /** For statements: the contract's title and artist. */
  name: string;
  kind: DealKind;
  /** Gross falls back to net on a line without gross. Royalty deals only: a profit share is of net. */
  basis: RateBasis;
  /** Percent; royalty deals. */
  default_rate: string;
  /** Most specific wins: (sale_type + territory) > (sale_type) > (territory) > default. */
  rates: DealRate[];
  /** Percent of (receipts - recoupable costs), profit-share deals. */
  profit_share: string | null;
  /** Percent of a period's physical earnings held back, released the next period ("0" = none). */
  reserve_rate: string;
  /** Deals with the same group and payee cross-collateralise. */
  cross_collateral_group: string | null;
  recording_ids: string[];
  /** Percent, summing to 100. */
  payees: Array<{ payee_id: string; share: string }>;
}

export interface EnginePayee {
  id: string;
  name: string;
  currency: string;
}

/** Aggregated in SQL per these keys (release-only lines already spread over their tracks). */
export interface EngineReceipt {
  recording_id: string;
  release_id: string | null;
  sale_type: SaleType;
  territory: string | null;
  store: string | null;
  currency: string;
  quantity: number;
  net: string;
  gross: string | null;
}

/** A ledger entry dated in the period (earnings and reserves are the engine's own). */
export interface EngineEntry {
  deal_id: string;
  /** null = split over the deal's payees by share (allocated to the minor unit). */
  payee_id: string | null;
  kind: 'advance' | 'cost' | 'adjustment' | 'payment';
  /** Exact decimal in `currency`: advances, costs and payments positive (they reduce the balance); adjustments signed (+ credits the payee). */
  amount: string;
  currency: string;
  /** Costs: a non-recoupable cost does not touch the payee. */
  recoupable: boolean;
}

export interface EngineInput {
  /** 'YYYY-MM' months, inclusive. */
  period: { id: string; start: string; end: string };
  deals: EngineDeal[];
  payees: EnginePayee[];
  receipts: EngineReceipt[];
  /** The period's exchange rates: 1 from = rate to. */
  rates: Array<{ from: string; to: string; rate: string }>;
  /** Balances before the period, in the payee's currency. */
  openings: Array<{ deal_id: string; payee_id: string; balance_minor: bigint }>;
  /** Reserves held the previous period. */
  reserves_to_release: Array<{ deal_id: string; payee_id: string; amount_minor: bigint }>;
  entries: EngineEntry[];
}

export interface StatementLine {
  release_id: string | null;
  recording_id: string;
  store: string | null;
  territory: string | null;
  sale_type: SaleType;
  quantity: number;
  /** The basis amount the rate applied to, exact, in the payee's currency. */
  receipts: string;
  earnings_minor: bigint;
  deal_id: string;
  /** The percent applied: the deal's rate for this line, or its profit share. */
  rate: string;
  /** The payee's share of the deal, percent. */
  share: string;
}

export interface DealSummary {
  deal_id: string;
  deal_name: string;
  opening_minor: bigint;
  earnings_minor: bigint;
  advances_minor: bigint;
  costs_minor: bigint;
  reserves_held_minor: bigint;
  reserves_released_minor: bigint;
  payments_minor: bigint;
  adjustments_minor: bigint;
  cross_collateral_minor: bigint;
  closing_minor: bigint;
  /** max(0, closing) after cross-collateralisation. */
  payable_minor: bigint;
  /** Profit share: the deal's pool (net receipts - recoupable costs), exact, payee currency; null on royalty deals. */
  pool: string | null;
  /** Profit share: the deal's recoupable costs taken from the pool, exact, payee currency; null on royalty deals. */
  pool_costs: string | null;
  /** Profit share: the payee's part of those costs, already out of earnings_minor (earnings = lines - this). */
  pool_costs_minor: bigint;
}

export interface PayeeStatement {
  payee_id: string;
  payee_name: string;
  currency: string;
  deals: DealSummary[];
  lines: StatementLine[];
  opening_minor: bigint;
  earnings_minor: bigint;
  advances_minor: bigint;
  costs_minor: bigint;
  reserves_held_minor: bigint;
  reserves_released_minor: bigint;
  payments_minor: bigint;
  adjustments_minor: bigint;
  closing_minor: bigint;
  /** The sum of the deals' payable (max(0, closing) each, after cross-collateralisation). */
  payable_minor: bigint;
}

export interface EngineResult {
  statements: PayeeStatement[];
  /** Currency pairs a receipt or entry needed and the rates lacked: the run refuses (message per pair). */
  missing_rates: Array<{ from: string; to: string }>;
  /** Receipts of recordings under no deal, per currency (exact): the label keeps them; shown in the run summary. */
  uncontracted: Array<{ currency: string; net: string }>;
}

// ---------------------------------------------------------------------------------------------------
// Exact arithmetic in bigint units. Every amount is parsed once and carried as an integer count of
// 10^-scale at one scale per kind, fixed for the run from the most decimals its input has:
// - R: receipts' net and gross and entries' amounts;
// - A = R + C (C: the exchange rates'): amounts in the payee's currency;
// - F = P + S + 4 (P: the percentages', S: the shares'): rate% x share% as one factor;
// - E = A + F: exact earnings.
// A product of two amounts at their scales is exact at the sum of the scales, and amounts at one
// scale add exactly, so nothing is rounded before allocateUnitsToMinor, as with the decimal strings
// (money.ts) the results are identical to. Only the figures a statement shows become text.

/** A decimal's units and scale: "-1.25" -> { units: -125n, scale: 2 }. */
interface Units {
  units: bigint;
  scale: number;
}

/** The common form (SQL's numeric text): read without money.ts's general grammar. */
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** A decimal's units, or undefined for text money.ts refuses (unitsOf then throws its message). */
function tryUnits(text: string): Units | undefined {
  let plain = text;
  if (!PLAIN_DECIMAL.test(plain)) {
    try {
      plain = canonicalDecimal(text); // "3.5E-05", "+7", ".5"
    } catch {
      return undefined;
    }
  }
  const point = plain.indexOf('.');
  if (point < 0) return { units: BigInt(plain), scale: 0 };
  return { units: BigInt(plain.slice(0, point) + plain.slice(point + 1)), scale: plain.length - point - 1 };
}

/** A decimal's units; throws money.ts's message on text that is not a decimal. */
function unitsOf(text: string): Units {
  const parsed = tryUnits(text);
  if (parsed) return parsed;
  canonicalDecimal(text); // throws, naming the text
  throw new Error(`Not a decimal number: "${text}"`);
}

/** The decimals of a decimal's text (0 for text that is not one: it throws where it is used). */
function scaleOf(text: string | null): number {
  if (text === null) return 0;
  if (PLAIN_DECIMAL.test(text)) {
    const point = text.indexOf('.');
    return point < 0 ? 0 : text.length - point - 1;
  }
  return tryUnits(text)?.scale ?? 0;
}

/** The most decimals of the texts. */
function maxScale(texts: Iterable<string | null>, from = 0): number {
  let scale = from;
  for (const text of texts) {
    const decimals = scaleOf(text);
    if (decimals > scale) scale = decimals;
  }
  return scale;
}

/**
 * A decimal as units at a scale of at least its decimals (no object per amount: read for every
 * receipt); throws money.ts's message on text that is not one.
 */
function unitsAt(text: string, scale: number): bigint {
  let units: bigint;
  let decimals: number;
  if (PLAIN_DECIMAL.test(text)) {
    const point = text.indexOf('.');
    units = BigInt(point < 0 ? text : text.slice(0, point) + text.slice(point + 1));
    decimals = point < 0 ? 0 : text.length - point - 1;
  } else ({ units, scale: decimals } = unitsOf(text));
  return decimals === scale ? units : units * pow10(scale - decimals);
}

/** Half-to-even division of n by a positive d: the rounding of decision 0028 in integer form. */
function divideHalfEven(n: bigint, d: bigint): bigint {
  let q = n / d; // truncates toward zero
  const r = n - q * d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice > d || (twice === d && q % 2n !== 0n)) q += n < 0n ? -1n : 1n;
  return q;
}

/** roundToMinor of units at a scale, in minor units of a currency with that exponent. */
function unitsToMinor(units: bigint, scale: number, exponent: number): bigint {
  return scale <= exponent ? units * pow10(exponent - scale) : divideHalfEven(units, pow10(scale - exponent));
}

/**
 * allocateToMinor (money.ts) of parts given as units at one scale, with the identical result: each
 * part rounded down, then the minor units left over one each to the largest remainders, ties to the
 * earlier part. Exported for its test, which compares both on random parts.
 */
export function allocateUnitsToMinor(parts: readonly bigint[], scale: number, currency: string): bigint[] {
  const exponent = currencyExponent(currency);
  if (scale <= exponent) {
    const factor = pow10(exponent - scale);
    return parts.map((part) => part * factor);
  }
  const divisor = pow10(scale - exponent);
  const floors: bigint[] = new Array(parts.length);
  const remainders: bigint[] = new Array(parts.length);
  let total = 0n;
  let floorsTotal = 0n;
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    let floor = part / divisor; // toward zero, then down for a negative remainder
    let remainder = part - floor * divisor;
    if (remainder < 0n) {
      floor -= 1n;
      remainder += divisor;
    }
    floors[index] = floor;
    remainders[index] = remainder;
    total += part;
    floorsTotal += floor;
  }
  let leftover = divideHalfEven(total, divisor) - floorsTotal;
  if (leftover > 0n) {
    // At most one unit per part with a remainder (the remainders sum to less than their count), so
    // the parts without one never get a unit and need no sorting.
    const order: number[] = [];
    for (let index = 0; index < parts.length; index++) if (remainders[index]! > 0n) order.push(index);
    order.sort((a, b) => {
      const ra = remainders[a]!;
      const rb = remainders[b]!;
      return ra === rb ? a - b : ra > rb ? -1 : 1;
    });
    for (const index of order) {
      if (leftover === 0n) break;
      floors[index] = floors[index]! + 1n;
      leftover--;
    }
  }
  return floors;
}

/** Null first, then by UTF-16 code unit (not locale: the order must not depend on the machine). */
function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

function compareMinor(a: bigint, b: bigint): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/** A receipt's basis in one payee currency (units at A), shared by the lines of the payees paid in it. */
interface Converted {
  units: bigint;
  /** Its canonical text, made once when a statement shows it. */
  text: string | undefined;
}

/** A line being summed: its exact earnings become earnings_minor once the payee's parts are allocated. */
interface LineSum {
  line: StatementLine;
  ledger: Ledger;
  /** The first receipt's basis: the line's receipts when it is the only one (most lines, summed in SQL). */
  first: Converted;
  /** Units at A, summed from the second receipt on (null while there is one). */
  receipts: bigint | null;
  /** rate% x share%, units at F: the same for every receipt of a line (one key, deal and payee). */
  factor: bigint;
  /**
   * Units at E, kept only if a receipt came with another factor (a payee listed twice in a deal);
   * else receipts x factor, multiplied when allocated: no bigint kept per line meanwhile.
   */
  exact: bigint | null;
}

/** One payee's ledgers and their lines, in statement order (the receipts are read in key order). */
interface PayeeRun {
  payee: EnginePayee;
  ledgers: Ledger[];
  sums: LineSum[];
}

/** One deal's ledger for one payee during the run. */
interface Ledger {
  deal: EngineDeal;
  payee: EnginePayee;
  run: PayeeRun;
  share: string;
  opening: bigint;
  advances: bigint;
  costs: bigint;
  payments: bigint;
  adjustments: bigint;
  released: bigint;
  /** Exact earnings of the physical lines (units at E), the reserve's base. */
  physical: bigint;
  /** Profit share, payee currency, exact (units at A). */
  poolReceipts: bigint;
  poolCosts: bigint;
  /** The allocated earnings of its lines. */
  lineEarnings: bigint;
}

/** A percentage a deal applies, with its factor for each of the deal's payees (units at F, made on first use). */
interface RateChoice {
  percent: string;
  factors: bigint[] | undefined;
}

interface DealPlan {
  deal: EngineDeal;
  isRoyalty: boolean;
  onGross: boolean;
  /** The royalty rates by specificity; empty maps when the deal has only its default. */
  bySaleAndTerritory: Map<string, Map<string, RateChoice>>;
  bySale: Map<string, RateChoice>;
  byTerritory: Map<string, RateChoice>;
  /** The default rate, or the profit share. */
  fallback: RateChoice;
  /** The deal's payees in order, as deal.payees. */
  ledgers: Ledger[];
  shares: string[];
}

/** The rate of a royalty deal for a line: the most specific of its rates, else its default. */
function rateChoice(plan: DealPlan, saleType: SaleType, territory: string | null): RateChoice {
  if (!plan.isRoyalty || plan.deal.rates.length === 0) return plan.fallback;
  return (
    (territory !== null ? plan.bySaleAndTerritory.get(saleType)?.get(territory) : undefined) ??
    plan.bySale.get(saleType) ??
    (territory !== null ? plan.byTerritory.get(territory) : undefined) ??
    plan.fallback
  );
}

function dealPlan(deal: EngineDeal, ledgers: Ledger[]): DealPlan {
  const choice = (percent: string): RateChoice => ({ percent, factors: undefined });
  const plan: DealPlan = {
    deal,
    isRoyalty: deal.kind === 'royalty',
    onGross: deal.kind === 'royalty' && deal.basis === 'gross',
    bySaleAndTerritory: new Map(),
    bySale: new Map(),
    byTerritory: new Map(),
    fallback: choice(deal.kind === 'royalty' ? deal.default_rate : deal.profit_share!),
    ledgers,
    shares: deal.payees.map((payee) => payee.share),
  };
  if (!plan.isRoyalty) return plan;
  for (const rate of deal.rates) {
    if (rate.sale_type !== null && rate.territory !== null) {
      let byTerritory = plan.bySaleAndTerritory.get(rate.sale_type);
      if (!byTerritory) {
        byTerritory = new Map();
        plan.bySaleAndTerritory.set(rate.sale_type, byTerritory);
      }
      byTerritory.set(rate.territory, choice(rate.rate));
    } else if (rate.sale_type !== null) plan.bySale.set(rate.sale_type, choice(rate.rate));
    else if (rate.territory !== null) plan.byTerritory.set(rate.territory, choice(rate.rate));
  }
  return plan;
}

/** The entry of a nested map, made on first use. */
function child<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/**
 * The receipts of `indexes` in statement order (release, recording, store, territory, sale type; null
 * first, by code unit), and for each position the number of its key among the distinct keys: a
 * stable counting sort per field, least significant first, on each field's rank among its distinct
 * values. The lines then come out in order and the receipts of one key (in several currencies) next
 * to each other: no comparison sort per payee, no text key per receipt.
 */
function orderReceipts(
  receipts: readonly EngineReceipt[],
  indexes: Int32Array,
): { order: Int32Array; keyOf: Int32Array } {
  const count = indexes.length;
  const fields: Array<(receipt: EngineReceipt) => string | null> = [
    (receipt) => receipt.sale_type,
    (receipt) => receipt.territory,
    (receipt) => receipt.store,
    (receipt) => receipt.recording_id,
    (receipt) => receipt.release_id,
  ];
  const allRanks: Int32Array[] = [];
  let order = indexes;
  for (const field of fields) {
    // Each value's number in the order first seen, then its rank among the sorted distinct values.
    const seen = new Map<string | null, number>();
    const distinct: Array<string | null> = [];
    const ranks = new Int32Array(receipts.length); // by receipt index
    for (const index of indexes) {
      const value = field(receipts[index]!);
      let number = seen.get(value);
      if (number === undefined) {
        number = distinct.length;
        distinct.push(value);
        seen.set(value, number);
      }
      ranks[index] = number;
    }
    const sorted = distinct
      .map((_, number) => number)
      .sort((a, b) => compareText(distinct[a]!, distinct[b]!));
    const rankOfNumber = new Int32Array(distinct.length);
    for (let rank = 0; rank < sorted.length; rank++) rankOfNumber[sorted[rank]!] = rank;
    for (const index of indexes) ranks[index] = rankOfNumber[ranks[index]!]!;
    allRanks.push(ranks);
    const starts = new Int32Array(distinct.length + 1);
    for (const index of indexes) starts[ranks[index]! + 1] = starts[ranks[index]! + 1]! + 1;
    for (let rank = 0; rank < distinct.length; rank++) starts[rank + 1] = starts[rank + 1]! + starts[rank]!;
    const next = new Int32Array(count);
    for (const index of order) {
      const rank = ranks[index]!;
      next[starts[rank]!] = index;
      starts[rank] = starts[rank]! + 1;
    }
    order = next;
  }
  const keyOf = new Int32Array(count);
  for (let position = 1; position < count; position++) {
    const a = order[position - 1]!;
    const b = order[position]!;
    let same = true;
    for (const ranks of allRanks) if (ranks[a] !== ranks[b]) same = false;
    keyOf[position] = same ? keyOf[position - 1]! : keyOf[position - 1]! + 1;
  }
  return { order, keyOf };
}

/** The scales of a run (see above). */
interface Scales {
  /** Amounts in the payee's currency. */
  A: number;
  /** rate% x share% factors. */
  F: number;
  /** Exact earnings, A + F. */
  E: number;
  /** Shares (percent) of an entry split over a deal's payees. */
  S: number;
}

/** percent% x share% as units at F: factorUnits("50", "60", F) is 0.3. */
function factorUnits(percent: string, share: string, F: number): bigint {
  const p = unitsOf(percent);
  const s = unitsOf(share);
  return p.units * s.units * pow10(F - p.scale - s.scale - 4);
}

/** Computes every payee's statement for one period. Throws on input that names an unknown deal or payee. */
export function computePeriod(input: EngineInput): EngineResult {
  const payees = new Map(input.payees.map((payee) => [payee.id, payee]));
  const deals = new Map(input.deals.map((deal) => [deal.id, deal]));
  for (const deal of input.deals)
    if (deal.kind === 'profit_share' && deal.profit_share === null)
      throw new Error(`Deal ${deal.id} is a profit share without a profit share percentage.`);

  // The exchange rates by pair, read on first use (units at C).
  const rates = new Map<string, Map<string, { text: string; units: bigint | undefined }>>();
  for (const { from, to, rate } of input.rates) {
    const byTo = child(rates, from, () => new Map());
    const known = byTo.get(to);
    if (known !== undefined && compareDecimals(known.text, rate) !== 0)
      throw new Error(`Two different exchange rates for ${from} to ${to}: ${known.text} and ${rate}.`);
    byTo.set(to, { text: rate, units: undefined });
  }

  // The run's scales, from the most decimals of each kind.
  let R = maxScale(input.entries.map((entry) => entry.amount));
  for (const receipt of input.receipts) R = Math.max(R, scaleOf(receipt.net), scaleOf(receipt.gross));
  const C = maxScale(input.rates.map((rate) => rate.rate));
  const P = maxScale(
    input.deals.flatMap((deal) => [deal.default_rate, deal.profit_share, ...deal.rates.map((r) => r.rate)]),
  );
  const S = maxScale(input.deals.flatMap((deal) => deal.payees.map((payee) => payee.share)));
  const A = R + C;
  const F = P + S + 4;
  const scales: Scales = { A, F, E: A + F, S };

  const missing = new Map<string, { from: string; to: string }>();
  const sameCurrency = pow10(C);
  /** 1 from in `to`, units at C; null (and the pair noted) when the period has no rate for it. */
  const rateUnits = (from: string, to: string): bigint | null => {
    if (from === to) return sameCurrency;
    const rate = rates.get(from)?.get(to);
    if (rate === undefined) {
      missing.set(`${from}\u0000${to}`, { from, to });
      return null;
    }
    rate.units ??= unitsAt(rate.text, C);
    return rate.units;
  };
  /** An entry's amount in `to`, units at A; null when the rate is missing. */
  const convertEntry = (entry: EngineEntry, to: string): bigint | null => {
    const rate = rateUnits(entry.currency, to);
    return rate === null ? null : unitsAt(entry.amount, R) * rate;
  };

  const runs = new Map<string, PayeeRun>();
  const ledgers = new Map<string, Ledger>();
  const ledgerFor = (dealId: string, payeeId: string): Ledger => {
    const key = `${dealId}\u0000${payeeId}`;
    let ledger = ledgers.get(key);
    if (ledger) return ledger;
    const deal = deals.get(dealId);
    if (!deal) throw new Error(`Unknown deal ${dealId} in the period's input.`);
    const payee = payees.get(payeeId);
    if (!payee) throw new Error(`Unknown payee ${payeeId} in the period's input.`);
    const run = child(runs, payeeId, () => ({ payee, ledgers: [], sums: [] }));
    ledger = {
      deal,
      payee,
      run,
      share: deal.payees.find((p) => p.payee_id === payeeId)?.share ?? '0',
      opening: 0n,
      advances: 0n,
      costs: 0n,
      payments: 0n,
      adjustments: 0n,
      released: 0n,
      physical: 0n,
      poolReceipts: 0n,
      poolCosts: 0n,
      lineEarnings: 0n,
    };
    ledgers.set(key, ledger);
    run.ledgers.push(ledger);
    return ledger;
  };
  // Deals indexed by recording, by deal id (the order of a payee's lines of one key), each with its
  // rates and its payees' ledgers: no search per receipt.
  const dealsByRecording = new Map<string, DealPlan[]>();
  for (const deal of input.deals) {
    const plan = dealPlan(
      deal,
      deal.payees.map(({ payee_id }) => ledgerFor(deal.id, payee_id)),
    );
    for (const recordingId of new Set(deal.recording_ids))
      child(dealsByRecording, recordingId, (): DealPlan[] => []).push(plan);
  }
  for (const plans of dealsByRecording.values()) plans.sort((a, b) => compareText(a.deal.id, b.deal.id));
  for (const opening of input.openings)
    ledgerFor(opening.deal_id, opening.payee_id).opening += opening.balance_minor;
  for (const reserve of input.reserves_to_release)
    ledgerFor(reserve.deal_id, reserve.payee_id).released += reserve.amount_minor;

  // Receipts: one line per (receipt key, deal) for each payee of each deal covering the recording.
  const uncontracted = new Map<string, bigint>();
  const covered: number[] = [];
  for (let index = 0; index < input.receipts.length; index++) {
    const receipt = input.receipts[index]!;
    if (dealsByRecording.has(receipt.recording_id)) {
      covered.push(index);
      continue;
    }
    const net = unitsAt(receipt.net, R);
    uncontracted.set(receipt.currency, (uncontracted.get(receipt.currency) ?? 0n) + net);
  }
  const { order, keyOf } = orderReceipts(input.receipts, Int32Array.from(covered));
  // The lines of the current key (over every deal and payee), where its next receipts merge.
  const keySums: LineSum[] = [];
  // The basis converted once per payee currency (a deal's payees mostly share one), per receipt.
  const convertedOnGross: boolean[] = [];
  const convertedCurrency: string[] = [];
  const convertedAmount: Array<Converted | null> = [];
  for (let position = 0; position < order.length; position++) {
    const receipt = input.receipts[order[position]!]!;
    const covering = dealsByRecording.get(receipt.recording_id)!;
    if (position === 0 || keyOf[position] !== keyOf[position - 1]) keySums.length = 0;
    let converted = 0;
    for (const plan of covering) {
      const choice = rateChoice(plan, receipt.sale_type, receipt.territory);
      const onGross = plan.onGross && receipt.gross !== null;
      const payeeLedgers = plan.ledgers;
      for (let index = 0; index < payeeLedgers.length; index++) {
        const ledger = payeeLedgers[index]!;
        const currency = ledger.payee.currency;
        let amount: Converted | null | undefined;
        for (let c = 0; c < converted; c++)
          if (convertedCurrency[c] === currency && convertedOnGross[c] === onGross) {
            amount = convertedAmount[c];
            break;
          }
        if (amount === undefined) {
          const rate = rateUnits(receipt.currency, currency);
          amount =
            rate === null
              ? null
              : { units: unitsAt(onGross ? receipt.gross! : receipt.net, R) * rate, text: undefined };
          convertedOnGross[converted] = onGross;
          convertedCurrency[converted] = currency;
          convertedAmount[converted] = amount;
          converted++;
        }
        if (amount === null) continue;
        if (choice.factors === undefined)
          choice.factors = plan.shares.map((share) => factorUnits(choice.percent, share, F));
        const factor = choice.factors[index]!;
        let sum: LineSum | undefined;
        for (const known of keySums)
          if (known.ledger === ledger) {
            sum = known;
            break;
          }
        if (sum) {
          // The same key again (another currency): merged.
          sum.line.quantity += receipt.quantity;
          const receipts = sum.receipts ?? sum.first.units;
          if (sum.exact !== null || factor !== sum.factor)
            sum.exact = (sum.exact ?? receipts * sum.factor) + amount.units * factor;
          sum.receipts = receipts + amount.units;
        } else {
          sum = {
            line: {
              release_id: receipt.release_id,
              recording_id: receipt.recording_id,
              store: receipt.store,
              territory: receipt.territory,
              sale_type: receipt.sale_type,
              quantity: receipt.quantity,
              receipts: '',
              earnings_minor: 0n,
              deal_id: plan.deal.id,
              rate: choice.percent,
              share: plan.shares[index]!,
            },
            ledger,
            first: amount,
            receipts: null,
            factor,
            exact: null,
          };
          keySums.push(sum);
          // In statement order: by key, then by deal id (the recording's deals are in that order).
          ledger.run.sums.push(sum);
        }
        if (!plan.isRoyalty) ledger.poolReceipts += amount.units;
      }
    }
  }

  // Entries.
  for (const entry of input.entries) {
    const deal = deals.get(entry.deal_id);
    if (!deal) throw new Error(`Unknown deal ${entry.deal_id} in the period's input.`);
    if (entry.kind === 'cost' && !entry.recoupable) continue;
    if (entry.kind === 'cost' && deal.kind === 'profit_share') {
      // The deal's cost, taken from the pool of each payee (in each payee's currency).
      for (const { payee_id } of deal.payees) {
        const ledger = ledgerFor(deal.id, payee_id);
        const amount = convertEntry(entry, ledger.payee.currency);
        if (amount !== null) ledger.poolCosts += amount;
      }
      continue;
    }
    const field = ENTRY_FIELDS[entry.kind];
    if (entry.payee_id !== null) {
      const ledger = ledgerFor(deal.id, entry.payee_id);
      const amount = convertEntry(entry, ledger.payee.currency);
      if (amount !== null) ledger[field] += unitsToMinor(amount, A, currencyExponent(ledger.payee.currency));
      continue;
    }
    // Split by share, allocated per payee currency so each currency's parts sum to its rounded amount.
    const byCurrency = new Map<string, Array<{ ledger: Ledger; part: bigint }>>();
    for (const { payee_id, share } of deal.payees) {
      const ledger = ledgerFor(deal.id, payee_id);
      const amount = convertEntry(entry, ledger.payee.currency);
      if (amount === null) continue;
      // amount x share%: the share at S, a percentage, so the part is at A + S + 2.
      const part = amount * unitsAt(share, S);
      child(byCurrency, ledger.payee.currency, () => []).push({ ledger, part });
    }
    for (const [currency, group] of byCurrency) {
      const minors = allocateUnitsToMinor(
        group.map((g) => g.part),
        A + S + 2,
        currency,
      );
      group.forEach((g, index) => {
        g.ledger[field] += minors[index]!;
      });
    }
  }

  const missingRates = [...missing.values()].sort(
    (a, b) => compareText(a.from, b.from) || compareText(a.to, b.to),
  );
  const uncontractedTotals = [...uncontracted.entries()]
    .sort(([a], [b]) => compareText(a, b))
    .map(([currency, net]) => ({ currency, net: fromScaled(net, R) }));
  if (missingRates.length > 0)
    return { statements: [], missing_rates: missingRates, uncontracted: uncontractedTotals };

  const statements = [...runs.values()]
    .map((run) => payeeStatement(run, scales))
    .sort((a, b) => compareText(a.payee_id, b.payee_id));
  return { statements, missing_rates: missingRates, uncontracted: uncontractedTotals };
}

const ENTRY_FIELDS = {
  advance: 'advances',
  cost: 'costs',
  payment: 'payments',
  adjustment: 'adjustments',
} as const satisfies Record<EngineEntry['kind'], keyof Ledger>;

/** One payee's statement from their ledgers: allocation, reserves, closings, cross-collateralisation. */
function payeeStatement({ payee, ledgers, sums }: PayeeRun, { A, F, E }: Scales): PayeeStatement {
  ledgers.sort((a, b) => compareText(a.deal.id, b.deal.id));
  const currency = payee.currency;
  const exponent = currencyExponent(currency);

  // Every exact part of the payee's earnings, allocated together: the lines (in statement order),
  // then each profit-share deal's cost part.
  const parts: bigint[] = new Array(sums.length);
  for (let index = 0; index < sums.length; index++) {
    const sum = sums[index]!;
    let exact: bigint;
    if (sum.receipts === null) {
      // One receipt (most lines, summed in SQL): its text is shared by the payees paid in its currency.
      sum.first.text ??= fromScaled(sum.first.units, A);
      sum.line.receipts = sum.first.text;
      exact = sum.exact ?? sum.first.units * sum.factor;
    } else {
      sum.line.receipts = fromScaled(sum.receipts, A);
      exact = sum.exact ?? sum.receipts * sum.factor;
    }
    parts[index] = exact;
    if (sum.line.sale_type === 'physical') sum.ledger.physical += exact;
  }
  const costParts = ledgers.map((ledger) =>
    ledger.deal.kind === 'profit_share' && ledger.poolCosts !== 0n
      ? -(ledger.poolCosts * factorUnits(ledger.deal.profit_share!, ledger.share, F))
      : null,
  );
  for (const part of costParts) if (part !== null) parts.push(part);
  const minors = allocateUnitsToMinor(parts, E, currency);
  for (let index = 0; index < sums.length; index++) {
    const sum = sums[index]!;
    sum.line.earnings_minor = minors[index]!;
    sum.ledger.lineEarnings += minors[index]!;
  }

  let nextCostPart = sums.length;
  const summaries: DealSummary[] = ledgers.map((ledger, index) => {
    const isProfitShare = ledger.deal.kind === 'profit_share';
    const poolCostsMinor = costParts[index] === null ? 0n : -minors[nextCostPart++]!;
    const earnings = ledger.lineEarnings - poolCostsMinor;
    // Physical earnings x reserve%: units at E + the reserve's decimals + 2.
    const reserve = unitsOf(ledger.deal.reserve_rate);
    const heldExact = ledger.physical * reserve.units;
    const held = heldExact > 0n ? unitsToMinor(heldExact, E + reserve.scale + 2, exponent) : 0n;
    const closing =
      ledger.opening +
      earnings +
      ledger.released +
      ledger.adjustments -
      ledger.advances -
      ledger.costs -
      held -
      ledger.payments;
    return {
      deal_id: ledger.deal.id,
      deal_name: ledger.deal.name,
      opening_minor: ledger.opening,
      earnings_minor: earnings,
      advances_minor: ledger.advances,
      costs_minor: ledger.costs,
      reserves_held_minor: held,
      reserves_released_minor: ledger.released,
      payments_minor: ledger.payments,
      adjustments_minor: ledger.adjustments,
      cross_collateral_minor: 0n,
      closing_minor: closing,
      payable_minor: 0n,
      pool: isProfitShare ? fromScaled(ledger.poolReceipts - ledger.poolCosts, A) : null,
      pool_costs: isProfitShare ? fromScaled(ledger.poolCosts, A) : null,
      pool_costs_minor: poolCostsMinor,
    };
  });

  crossCollateralise(summaries, ledgers);
  for (const summary of summaries)
    summary.payable_minor = summary.closing_minor > 0n ? summary.closing_minor : 0n;

  const total = (field: keyof DealSummary & `${string}_minor`): bigint =>
    summaries.reduce((sum, summary) => sum + summary[field], 0n);
  return {
    payee_id: payee.id,
    payee_name: payee.name,
    currency,
    deals: summaries,
    lines: sums.map((sum) => sum.line),
    opening_minor: total('opening_minor'),
    earnings_minor: total('earnings_minor'),
    advances_minor: total('advances_minor'),
    costs_minor: total('costs_minor'),
    reserves_held_minor: total('reserves_held_minor'),
    reserves_released_minor: total('reserves_released_minor'),
    payments_minor: total('payments_minor'),
    adjustments_minor: total('adjustments_minor'),
    closing_minor: total('closing_minor'),
    payable_minor: total('payable_minor'),
  };
}

/** Moves positive closings onto negative ones within each cross-collateral group (summaries[i] is ledgers[i]'s). */
function crossCollateralise(summaries: DealSummary[], ledgers: Ledger[]): void {
  const groups = new Map<string, DealSummary[]>();
  summaries.forEach((summary, index) => {
    const group = ledgers[index]!.deal.cross_collateral_group;
    if (group === null) return;
    const list = groups.get(group);
    if (list) list.push(summary);
    else groups.set(group, [summary]);
  });
  for (const group of groups.values()) {
    // Largest surplus and largest deficit first; equal amounts by deal id.
    const surpluses = group
      .filter((summary) => summary.closing_minor > 0n)
      .sort((a, b) => compareMinor(b.closing_minor, a.closing_minor) || compareText(a.deal_id, b.deal_id));
    const deficits = group
      .filter((summary) => summary.closing_minor < 0n)
      .sort((a, b) => compareMinor(a.closing_minor, b.closing_minor) || compareText(a.deal_id, b.deal_id));
    let s = 0;
    let d = 0;
    while (s < surpluses.length && d < deficits.length) {
      const surplus = surpluses[s]!;
      const deficit = deficits[d]!;
      // The smaller of the two (Math.min takes no bigint).
      let move = surplus.closing_minor;
      if (-deficit.closing_minor < move) move = -deficit.closing_minor;
      surplus.closing_minor -= move;
      surplus.cross_collateral_minor -= move;
      deficit.closing_minor += move;
      deficit.cross_collateral_minor += move;
      if (surplus.closing_minor === 0n) s++;
      if (deficit.closing_minor === 0n) d++;
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Between runs

const TOTAL_FIELDS = [
  'opening_minor',
  'earnings_minor',
  'advances_minor',
  'costs_minor',
  'reserves_held_minor',
  'reserves_released_minor',
  'payments_minor',
  'adjustments_minor',
  'closing_minor',
  'payable_minor',
] as const satisfies ReadonlyArray<keyof PayeeStatement>;

const DEAL_FIELDS = [
  ...TOTAL_FIELDS,
  'cross_collateral_minor',
  'pool_costs_minor',
] as const satisfies ReadonlyArray<keyof DealSummary>;

export interface StatementDiff {
  payee_id: string;
  /** Payee totals by their name ("earnings_minor"); a deal's figures as "deals[<deal id>].earnings_minor". */
  changes: Array<{ field: string; before: bigint; after: bigint }>;
  added: boolean;
  removed: boolean;
}

/**
 * What changed between two runs of a period, per payee: the figures that differ (for "changed since
 * the last run"). A payee only in one run is added or removed, its figures compared with 0. Payees
 * without any change are left out; sorted by payee id.
 */
export function diffStatements(before: PayeeStatement[], after: PayeeStatement[]): StatementDiff[] {
  const earlier = new Map(before.map((statement) => [statement.payee_id, statement]));
  const later = new Map(after.map((statement) => [statement.payee_id, statement]));
  const ids = [...new Set([...earlier.keys(), ...later.keys()])].sort(compareText);
  const diffs: StatementDiff[] = [];
  for (const id of ids) {
    const a = earlier.get(id);
    const b = later.get(id);
    const changes: StatementDiff['changes'] = [];
    for (const field of TOTAL_FIELDS) {
      const x = a?.[field] ?? 0n;
      const y = b?.[field] ?? 0n;
      if (x !== y) changes.push({ field, before: x, after: y });
    }
    const dealsBefore = new Map((a?.deals ?? []).map((deal) => [deal.deal_id, deal]));
    const dealsAfter = new Map((b?.deals ?? []).map((deal) => [deal.deal_id, deal]));
    for (const dealId of [...new Set([...dealsBefore.keys(), ...dealsAfter.keys()])].sort(compareText)) {
      for (const field of DEAL_FIELDS) {
        const x = dealsBefore.get(dealId)?.[field] ?? 0n;
        const y = dealsAfter.get(dealId)?.[field] ?? 0n;
        if (x !== y) changes.push({ field: `deals[${dealId}].${field}`, before: x, after: y });
      }
    }
    if (changes.length > 0 || !a || !b) diffs.push({ payee_id: id, changes, added: !a, removed: !b });
  }
  return diffs;
}

/**
 * The recoupment forecast: whole periods until an unrecouped balance (below 0) recoups at the
 * average earnings of the last four periods (the array's last four, oldest first). Null when it is
 * recouped (balance >= 0) or when that average is not above 0 (it never would).
 */
export function recoupForecast(balance_minor: bigint, lastEarnings_minor: bigint[]): number | null {
  if (balance_minor >= 0n) return null;
  const recent = lastEarnings_minor.slice(-4);
  const sum = recent.reduce((total, earnings) => total + earnings, 0n);
  if (recent.length === 0 || sum <= 0n) return null;
  // ceil(-balance / (sum / n)) in integers: ceil(-balance * n / sum).
  const owed = -balance_minor * BigInt(recent.length);
  return Number((owed + sum - 1n) / sum);
}

// ---------------------------------------------------------------------------------------------------
// Storage: JSON has no bigint

type Jsonable<T> = T extends bigint
  ? string
  : T extends Array<infer U>
    ? Jsonable<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonable<T[K]> }
      : T;
/** A statement with every bigint as its decimal text (every field named *_minor), for a jsonb column. */
export type SerializedStatement = Jsonable<PayeeStatement>;

function mapMinor(value: unknown, convert: (minor: unknown, key: string) => unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => mapMinor(item, convert));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapMinor(v, convert, k)]));
  return key.endsWith('_minor') ? convert(value, key) : value;
}

export function serializeStatement(statement: PayeeStatement): SerializedStatement {
  return mapMinor(statement, (minor) => (minor as bigint).toString()) as SerializedStatement;
}

/** The statement serializeStatement stored; throws on a *_minor field that is not an integer's text. */
export function parseStatement(stored: SerializedStatement): PayeeStatement {
  return mapMinor(stored, (minor, key) => {
    if (typeof minor !== 'string' || !/^-?\d+$/.test(minor))
      throw new Error(
        `A stored statement has ${key} = ${JSON.stringify(minor)}, not an integer of minor units.`,
      );
    return BigInt(minor);
  }) as PayeeStatement;
}
