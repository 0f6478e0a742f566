/**
 * The demo label's statements (issue 16): the last two quarters from two distributors (DistroKid in
 * USD, Believe in EUR), written at seed time in their own layouts and imported through the real
 * import (read, checked, loaded with COPY, matched). A few lines match nothing, to resolve on the
 * "Unmatched" tab: a live version nobody catalogued, a Japanese title, a bundle's UPC. The latest
 * DistroKid quarter gives Analytics' "Missing income" two alerts (DEMO_INCOME_ALERTS), and the
 * periods' exchange rates include the label's reporting currency, so Analytics converts the EUR.
 */

import type { BuiltInSource } from '@music-review/core/royalty-sources';
import { SOURCE_DEFINITIONS, sourceMappingForHeaders } from '@music-review/core/royalty-sources';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type Database, queryRows } from '../../platform/db/index.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { buildKey } from '../../platform/storage/keys.ts';
import { assignNextIsrc } from '../catalogue/catalogue.demo.ts';
import * as deals from './deals.repo.ts';
import { loadStatement, plainRunner } from './import-job.ts';
import * as repo from './imports.repo.ts';
import * as periods from './periods.repo.ts';
import { publishPeriodWork, runPeriodWork } from './periods.service.ts';
import { type FixtureLine, statementFileText } from './statement-fixtures.ts';
import { afterPublish } from './statement-links.ts';

const STORES = ['Spotify', 'Apple Music', 'YouTube', 'Deezer'] as const;
const TERRITORIES = ['US', 'GB', 'DE', 'NL', 'JP'] as const;

/** The two quarters before the current one, oldest first, as their months ('YYYY-MM'). */
export function demoQuarters(today: Date): string[][] {
  const currentQuarterStart = Math.floor(today.getUTCMonth() / 3) * 3;
  return [2, 1].map((back) => {
    const first = new Date(Date.UTC(today.getUTCFullYear(), currentQuarterStart - back * 3, 1));
    return [0, 1, 2].map((m) => {
      const d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + m, 1));
      return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    });
  });
}

type Track = {
  title: string;
  artist: string;
  isrc: string;
  upc: string | null;
  release: string | null;
  /** Streams times this (12 for the best sellers). */
  weight?: number;
};

/**
 * What changes in the latest DistroKid quarter, so that "Missing income" (core analytics-income.ts
 * INCOME_ALERT_RULES) has one alert of each kind: a store that reported a recording every month of
 * the quarter before stops (missing), and a territory's income of another falls to a quarter (a drop
 * of more than half). Two of the best-selling back-catalogue recordings, under no royalty terms, so
 * the statements under review stay as they were.
 */
export const DEMO_INCOME_ALERTS = {
  missing: { title: 'Overpass', store: 'Deezer' },
  drop: { title: 'Salt & Ivory', territory: 'DE' },
} as const;

/**
 * Whole streams and downloads, deterministic per track, store, territory and month; `isLatest`
 * applies DEMO_INCOME_ALERTS.
 */
function linesFor(
  tracks: Track[],
  months: string[],
  currency: 'USD' | 'EUR',
  seed: number,
  isLatest = false,
): FixtureLine[] {
  const { missing, drop } = DEMO_INCOME_ALERTS;
  const lines: FixtureLine[] = [];
  tracks.forEach((track, t) => {
    months.forEach((month, m) => {
      STORES.forEach((store, s) => {
        TERRITORIES.forEach((territory, c) => {
          if ((t + s + c + m + seed) % 3 === 0) return; // not every track sells everywhere every month
          if (isLatest && track.title === missing.title && store === missing.store) return;
          let streams =
            40 + ((t * 131 + s * 17 + c * 29 + m * 7 + seed * 3) % 900) * (track.weight ?? (t < 3 ? 12 : 1));
          if (isLatest && track.title === drop.title && territory === drop.territory)
            streams = Math.max(1, Math.floor(streams / 4));
          // 0.0032 a stream in USD, 0.0029 in EUR: exact decimal strings.
          const rate = currency === 'USD' ? 32n : 29n;
          const net = BigInt(streams) * rate;
          lines.push({
            saleMonth: month,
            store,
            territory,
            isrc: track.isrc,
            ...(track.upc ? { upc: track.upc } : {}),
            releaseTitle: track.release ?? track.title,
            trackTitle: track.title,
            artist: track.artist,
            saleType: 'stream',
            quantity: streams,
            net: `${net / 10_000n}.${String(net % 10_000n).padStart(4, '0')}`,
            currency,
          });
        });
      });
    });
  });
  return lines;
}

/** What nobody catalogued: left on "Unmatched". */
function unmatchedLines(months: string[], currency: 'USD' | 'EUR'): FixtureLine[] {
  const month = months[1]!;
  const base = { saleMonth: month, saleType: 'stream' as const, currency };
  return [
    {
      ...base,
      store: 'Spotify',
      territory: 'US',
      isrc: 'QZDEM2600001',
      releaseTitle: 'Night Drive (Live at Paradiso)',
      trackTitle: 'Night Drive (Live at Paradiso)',
      artist: 'Nova Lane',
      quantity: 18_250,
      net: currency === 'USD' ? '58.4' : '52.925',
    },
    {
      ...base,
      store: 'Apple Music',
      territory: 'JP',
      isrc: 'JPDEM2600002',
      releaseTitle: '夜明けの歌',
      trackTitle: '夜明けの歌',
      artist: '宇多 ミラ',
      quantity: 4_100,
      net: currency === 'USD' ? '13.12' : '11.89',
    },
    {
      ...base,
      store: 'Deezer',
      territory: 'FR',
      upc: '5063000000018',
      releaseTitle: 'Summer Sampler 2026',
      trackTitle: 'Summer Sampler 2026',
      artist: 'Various Artists',
      saleType: 'download',
      quantity: 3,
      net: currency === 'USD' ? '2.1' : '1.89',
    },
  ];
}

export async function seedRoyaltiesDemo(
  database: Database,
  storage: StorageDriver,
  org: string,
  today = new Date(),
  ctx?: AppContext,
) {
  const [existing] = await database.withOrg(org, (tx) =>
    queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from royalty_imports where organization_id = ${org}`,
    ),
  );
  if ((existing?.n ?? 0) > 0) return;
  const { admin, tracks } = await database.withOrg(org, async (tx) => ({
    admin: (
      await queryRows<{ id: string }>(
        tx,
        sql`select id from reviewers where organization_id = ${org} and is_admin order by created_at limit 1`,
      )
    )[0],
    // One recording per ISRC (the catalogue's deliberate duplicates share one): the signed song's
    // first, then a fixed mix of years (by a hash of the ISRC), the same ones at every start.
    tracks: await queryRows<Track>(
      tx,
      sql`select r.title, r.display_artist as artist, r.isrc, rel.upc, rel.title as release
        from recordings r
        left join lateral (
          select x.upc, x.title from release_tracks t join releases x on x.id = t.release_id
          where t.recording_id = r.id order by x.release_date nulls last limit 1
        ) rel on true
        where r.organization_id = ${org} and r.isrc is not null
          and not exists (select 1 from recordings o where o.organization_id = r.organization_id
            and o.isrc = r.isrc and (o.song_id is not null, o.id) > (r.song_id is not null, r.id))
        order by (r.song_id is null), md5(r.isrc), r.id limit 16`,
    ),
  }));
  if (!admin || tracks.length === 0) return;
  // Signed songs under a signed agreement whose recording has no ISRC yet (Summer Static): the label
  // gave it the next of its range when it went out, as "Assign ISRC" does; it sells well. After the
  // 16 above, so their figures (the tests' hand-computed ones) stay as they are.
  tracks.push(
    ...(await database.withOrg(org, async (tx) => {
      const waiting = await queryRows<{ id: string; title: string; artist: string }>(
        tx,
        sql`select r.id, r.title, r.display_artist as artist from recordings r
            where r.organization_id = ${org} and r.isrc is null and r.song_id is not null
              and exists (select 1 from contracts c where c.song_id = r.song_id and c.status = 'signed')
            order by r.title, r.id`,
      );
      const added: Track[] = [];
      for (const r of waiting) {
        const isrc = await assignNextIsrc(tx, org, r.id, admin.id).catch(() => null);
        if (isrc)
          added.push({ title: r.title, artist: r.artist, isrc, upc: null, release: null, weight: 12 });
      }
      return added;
    })),
  );

  const files: Array<{ source: BuiltInSource; name: string; lines: FixtureLine[] }> = [];
  demoQuarters(today).forEach((months, q) => {
    const quarter = `${months[0]!.slice(0, 4)}-Q${Math.floor((Number(months[0]!.slice(5)) - 1) / 3) + 1}`;
    files.push({
      source: 'distrokid',
      name: `DistroKid ${quarter}.tsv`,
      lines: [
        ...linesFor(tracks, months, 'USD', q, q === 1),
        ...(q === 1 ? unmatchedLines(months, 'USD') : []),
      ],
    });
    files.push({
      source: 'believe',
      name: `Believe ${quarter}.csv`,
      lines: [
        ...linesFor(tracks.slice(0, 10), months, 'EUR', q + 5),
        ...(q === 1 ? unmatchedLines(months, 'EUR').slice(0, 1) : []),
      ],
    });
  });

  for (const [i, file] of files.entries()) {
    const text = statementFileText(file.source, file.lines);
    const key = buildKey(org, 'files', `statement-upload-demo${i + 1}`, file.name.replace(/\s+/g, '-'));
    await storage.put(key, Buffer.from(text, 'utf8'), { contentType: 'application/octet-stream' });
    const mapping = sourceMappingForHeaders(file.source, SOURCE_DEFINITIONS[file.source].headers);
    const importId = await database.withOrg(org, (tx) =>
      repo.insertImport(tx, org, {
        fileName: file.name,
        storageKey: key,
        sizeBytes: Buffer.byteLength(text),
        source: file.source,
        mappingId: null,
        mapping: mapping as unknown as Record<string, unknown>,
        createdBy: admin.id,
      }),
    );
    await loadStatement({ database, driver: storage }, org, importId, plainRunner(database, org));
  }
  await seedPeriodsDemo(database, org, admin.id, today, ctx);
}

/**
 * The signed contracts' terms (their rate, their payees): Lumen Vale's two agreements
 * cross-collateralised, the first with an advance and a recoupable cost. Then the two quarters as
 * periods: the older published (its earnings in the ledger, the advance partly recouped, the second
 * agreement's earnings moved onto it, each payee's link mailed when `ctx` is given), the newer computed
 * and waiting for review.
 */
async function seedPeriodsDemo(
  database: Database,
  org: string,
  adminId: string,
  today: Date,
  ctx?: AppContext,
) {
  const quarters = demoQuarters(today);
  const made = await database.withOrg(org, async (tx) => {
    const signed = await deals.contractsWithoutTerms(tx, org);
    const perArtist = new Map<string, number>();
    for (const c of signed) {
      const key = c.artist_name.trim().toLowerCase();
      perArtist.set(key, (perArtist.get(key) ?? 0) + 1);
    }
    const ids: string[] = [];
    for (const row of signed) {
      const contract = await deals.findContract(tx, org, row.contract_id);
      if (!contract) continue;
      const payees = await deals.defaultPayees(tx, org, contract.song_id, contract.artist_name);
      if (payees.length === 0) continue;
      const dealId = await deals.insertDeal(tx, org, {
        contractId: contract.id,
        defaultRate: String(contract.terms.royalty_rate ?? 18),
        crossCollateralize: (perArtist.get(contract.artist_name.trim().toLowerCase()) ?? 0) > 1,
        createdBy: adminId,
      });
      if (!dealId) continue;
      await deals.setSplitPayees(tx, org, dealId, payees);
      ids.push(dealId);
      if (ids.length > 1) continue;
      const first = payees[0]!;
      const entry = (kind: string, amount: string, date: string, reason: string) =>
        deals.insertEntry(tx, org, {
          dealId,
          payeeId: first.payee_id,
          kind,
          amount,
          currency: first.currency,
          entryDate: date,
          recoupable: true,
          reason,
          receiptKey: null,
          periodId: null,
          createdBy: adminId,
        });
      // The advance before the first quarter; mastering and a video in it.
      await entry('advance', '250', `${quarters[0]![0]}-01`, 'Advance on signature');
      await entry('cost', '120', `${quarters[0]![1]}-12`, 'Mastering (recoupable)');
    }
    if (ids.length > 0) await periods.saveCadence(tx, org, 'quarterly');
    return ids.length;
  });
  if (made === 0) return;
  const currencies = ['USD', 'EUR', 'GBP'];
  const rates: Record<string, string> = { USD: '1', EUR: '1.08', GBP: '1.27' };
  for (const [i, months] of quarters.entries()) {
    const id = await database.withOrg(org, async (tx) => {
      const periodId = await periods.insertPeriod(tx, org, months[0]!, months[2]!);
      // Into the payees' currencies, and the reporting currency Analytics shows income in.
      const targets = new Set([
        ...(await periods.dealPayeeCurrencies(tx, org)),
        await periods.reportingCurrencyOf(tx, org),
      ]);
      await periods.updatePeriod(tx, org, periodId, {
        importIds: await periods.importsWithSales(tx, org, months[0]!, months[2]!),
        // 1 from = rate to, from the USD value of each (made up, constant).
        rates: currencies.flatMap((from) =>
          [...targets]
            .filter((to) => to !== from && rates[to])
            .map((to) => ({ from, to, rate: (Number(rates[from]) / Number(rates[to])).toFixed(6) })),
        ),
        status: 'running',
        runBy: adminId,
      });
      return periodId;
    });
    await runPeriodWork(database, org, id);
    if (i === 0)
      await database.withOrg(org, async (tx) => {
        await periods.updatePeriod(tx, org, id, { status: 'approved', approvedBy: adminId });
        await publishPeriodWork(tx, org, id, adminId);
      });
    // With the app's context, the payee's link is mailed as publishing does (the dev mailbox when
    // no SMTP is set).
    if (i === 0 && ctx) await afterPublish(ctx, org, id);
  }
}
