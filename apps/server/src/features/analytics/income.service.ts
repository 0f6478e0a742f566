/**
 * The statement lines behind a figure or an alert, and catalogue value (issue 17 points 4 and 5;
 * decision 0030). Imported statements only; the label's own recordings, releases and imports only
 * (another label's id is not found).
 */
import { convertSums, displayDecimal } from '@music-review/core/analytics';
import {
  ANALYTICS_INCOME_MESSAGES,
  ANALYTICS_INCOME_TEXTS,
  catalogueValueMonths,
} from '@music-review/core/analytics-income';
import { sumDecimals } from '@music-review/core/money';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import { sourceName } from './alerts.service.ts';
import { analyticsCache } from './analytics-cache.ts';
import { conversionTable, fxJoin, loadCurrencySetup } from './currency.ts';
import * as lines from './lines.repo.ts';
import * as value from './value.repo.ts';

export interface LinesQuery {
  recording_id?: string | undefined;
  release_id?: string | undefined;
  import_id?: string | undefined;
  source?: string | undefined;
  store?: string | undefined;
  territory?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-01$/;

/** The cursor of the next page: the last line's sale month, import and line number, opaque. */
export const encodeCursor = (c: lines.LinesCursor) =>
  Buffer.from(`${c.month}|${c.importId}|${c.line}`, 'utf8').toString('base64url');

function decodeCursor(text: string): lines.LinesCursor {
  const [month = '', importId = '', line = ''] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (!DAY.test(month) || !UUID.test(importId) || !/^\d{1,9}$/.test(line))
    throw validationError({ cursor: ANALYTICS_INCOME_MESSAGES.badCursor });
  return { month, importId, line: Number(line) };
}

/** The filter checked (anchored, months in order) and turned into the repository's terms. */
export function linesFilter(query: LinesQuery): lines.LinesFilter {
  if (!query.recording_id && !query.release_id && !query.import_id)
    throw validationError({ recording_id: ANALYTICS_INCOME_MESSAGES.linesNeedAnchor });
  if (query.from && query.to && query.from > query.to)
    throw validationError({ from: ANALYTICS_INCOME_MESSAGES.monthOrder });
  return {
    recordingId: query.recording_id,
    releaseId: query.release_id,
    importId: query.import_id,
    source: query.source,
    store: query.store,
    territory: query.territory,
    from: query.from,
    to: query.to,
  };
}

/** 404 when the filter names a recording, release or import that is not the label's. */
/**
 * 404 when the filter names a recording, release or import that is not the label's; answers the
 * filter with a release's default tracks filled in.
 */
export async function ownedFilter(tx: OrgTx, org: string, filter: lines.LinesFilter) {
  const found = await lines.findAnchors(tx, org, filter);
  if (!found.recording) throw notFound(ANALYTICS_INCOME_MESSAGES.recordingNotFound);
  if (!found.release) throw notFound(ANALYTICS_INCOME_MESSAGES.releaseNotFound);
  if (!found.import) throw notFound(ANALYTICS_INCOME_MESSAGES.importNotFound);
  return filter.releaseId
    ? { ...filter, defaultReleaseOf: await lines.defaultReleaseTracks(tx, org, filter.releaseId) }
    : filter;
}

export const toLineDto = (row: lines.AnalyticsLineRow) => ({
  import_id: row.import_id,
  import_file_name: row.import_file_name,
  source: row.source,
  source_name: sourceName(row.source, row.source_name),
  line_number: row.line_number,
  sale_month: row.sale_month,
  store: row.store,
  territory: row.territory,
  isrc: row.isrc,
  upc: row.upc,
  track_title: row.track_title,
  release_title: row.release_title,
  artist: row.artist,
  sale_type: row.sale_type,
  quantity: row.quantity,
  net: row.net,
  currency: row.currency,
  recording_id: row.recording_id,
  release_id: row.release_id,
});

type Amount = { currency: string; net: string; not_converted: string };

const amountsOf = (amounts: Amount[] | null) => {
  const list = amounts ?? [];
  return {
    amounts: list.map((a) => ({ currency: a.currency, net: a.net })),
    not_converted: list
      .filter((a) => a.not_converted !== '0')
      .map((a) => ({ currency: a.currency, net: a.not_converted })),
  };
};

/**
 * Catalogue value of the label: the twelve months ending at its latest sale month, per artist and
 * per release, ranked by income in the reporting currency (`limit` rows each; null: all of them).
 */
export async function readCatalogueValue(tx: OrgTx, org: string, limit: number | null) {
  const setup = await loadCurrencySetup(tx, org);
  const held = await value.importedMonths(tx, org);
  const latest = held.reduce<string | null>(
    (max, m) => (max === null || m.month > max ? m.month : max),
    null,
  );
  const empty = { net: '0', amounts: [], not_converted: [], quantity: 0 };
  if (latest === null)
    return {
      from: null,
      to: null,
      currency: setup.reporting,
      total: empty,
      artists: [],
      artist_count: 0,
      releases: [],
      release_count: 0,
      rates: [],
    };
  const months = catalogueValueMonths(latest);
  const table = conversionTable(
    setup,
    held.filter((m) => m.month >= months.from && m.month <= months.to),
  );
  const rows = await value.catalogueValue(tx, org, { ...months, fxJoin: fxJoin(table), limit });

  const monthRows = rows.filter((r) => r.kind === 'month');
  const sums = monthRows.flatMap((r) =>
    (r.amounts ?? []).map((a) => ({ month: r.key as string, currency: a.currency, net: a.net })),
  );
  const converted = convertSums(sums, setup.reporting, setup.periods);
  const perCurrency = new Map<string, string[]>();
  for (const s of sums) perCurrency.set(s.currency, [...(perCurrency.get(s.currency) ?? []), s.net]);

  const artists = rows.filter((r) => r.kind === 'artist');
  const releases = rows.filter((r) => r.kind === 'release');
  return {
    ...months,
    currency: setup.reporting,
    total: {
      net: displayDecimal(converted.income),
      amounts: [...perCurrency.keys()].sort().map((currency) => ({
        currency,
        net: sumDecimals(perCurrency.get(currency) ?? []),
      })),
      not_converted: [...converted.notConverted.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, net]) => ({ currency, net })),
      quantity: monthRows.reduce((n, r) => n + Number(r.quantity), 0),
    },
    artists: artists.map((r, i) => ({
      rank: i + 1,
      artist: r.key ?? '',
      recordings: r.recordings,
      net: displayDecimal(r.converted),
      ...amountsOf(r.amounts),
      quantity: Number(r.quantity),
    })),
    artist_count: artists[0]?.count ?? 0,
    releases: releases.map((r, i) => ({
      rank: i + 1,
      release_id: r.key,
      title: r.key === null ? ANALYTICS_INCOME_TEXTS.notOnRelease : (r.title ?? ''),
      display_artist: r.display_artist ?? '',
      upc: r.upc,
      release_date: r.release_date,
      net: displayDecimal(r.converted),
      ...amountsOf(r.amounts),
      quantity: Number(r.quantity),
    })),
    release_count: releases[0]?.count ?? 0,
    rates: converted.ratesUsed,
  };
}

export function createIncomeService(ctx: AppContext) {
  const { database } = ctx;
  const cache = analyticsCache(ctx);
  return {
    /**
     * The lines behind a figure: not cached (a page of lines walks an anchored index; the cursor
     * makes pages many and rarely asked twice).
     */
    async lines(member: Member, query: LinesQuery & { cursor?: string | undefined; limit: number }) {
      requireCatalogue(member);
      const filter = linesFilter(query);
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        const owned = await ownedFilter(tx, org, filter);
        const rows = await lines.listLines(tx, org, owned, { after, limit: query.limit });
        const page = rows.slice(0, query.limit);
        const last = page.at(-1);
        const summary = await lines.summarizeLines(tx, org, owned);
        return {
          rows: page.map(toLineDto),
          next_cursor:
            rows.length > query.limit && last
              ? encodeCursor({ month: last.sale_day, importId: last.import_id, line: last.line_number })
              : null,
          ...summary,
        };
      });
    },

    /**
     * Kept per label and limit under the label's data version (analytics-cache.ts): the twelve
     * months end at the latest sale month, not today.
     */
    async catalogueValue(member: Member, query: { limit: number }) {
      requireCatalogue(member);
      const org = member.organizationId;
      return cache.answer(member, 'catalogue_value', { limit: query.limit }, () =>
        database.withOrg(org, (tx) => readCatalogueValue(tx, org, query.limit)),
      );
    },
  };
}
