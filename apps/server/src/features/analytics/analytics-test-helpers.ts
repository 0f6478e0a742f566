/**
 * The analytics tests' data set (issue 17): a small catalogue and three statements imported through
 * the real import job, with every line written here so a test can compute each figure by hand.
 * Other analytics suites may reuse it: `buildAnalyticsDataSet` answers the ids it made.
 *
 * Catalogue (release dates decide the lifecycle buckets):
 * - "Night Drive EP" by Nova Lane, released 2024-03-15, UPC `UPCS.nightDriveEp`: tracks "Night
 *   Drive" (GBAAA2400001) and "Morning Light" (GBAAA2400002);
 * - "Old Songs" by Kai Moss, released 2020-01-20, UPC `UPCS.oldSongs`: "Old Song" (GBAAA2000003);
 * - "Fresh Cut" by Nova Lane, released 2025-05-02, UPC `UPCS.freshCut`: "Fresh Cut" (GBAAA2500005);
 * - "Demo Tape" by Kai Moss (GBAAA2500004), on no release.
 *
 * Statements (DistroKid's layout; Spotify and Apple Music stream, iTunes sells downloads):
 *
 * | file     | line | month   | store       | track / release       | codes     | qty  | ctry | net       |
 * | -------- | ---- | ------- | ----------- | --------------------- | --------- | ---- | ---- | --------- |
 * | 2024 USD | L1   | 2024-04 | Spotify     | Night Drive           | ISRC, UPC | 1000 | US   | 3.5       |
 * |          | L2   | 2024-05 | iTunes      | Night Drive           | ISRC, UPC | 2    | GB   | 1.4       |
 * |          | L3   | 2024-05 | Spotify     | Old Song              | ISRC, UPC | 500  | GB   | 1.25      |
 * | 2025 USD | M1   | 2025-01 | Spotify     | Night Drive           | ISRC, UPC | 2000 | US   | 7         |
 * |          | M2   | 2025-03 | Apple Music | Old Song              | ISRC, UPC | 800  | US   | 2.4       |
 * |          | M3   | 2025-02 | Spotify     | Demo Tape             | ISRC      | 100  | GB   | 0.3       |
 * |          | C1   | 2025-04 | Spotify     | Night Drive           | ISRC, UPC | 3000 | US   | 10.5      |
 * |          | C2   | 2025-04 | Apple Music | Old Song              | ISRC, UPC | 1000 | GB   | 3         |
 * |          | C3   | 2025-05 | iTunes      | Night Drive EP (whole)| UPC       | 1    | US   | 6         |
 * |          | C4   | 2025-05 | Spotify     | Fresh Cut             | ISRC, UPC | 4000 | GB   | 12        |
 * |          | C5   | 2025-06 | iTunes      | Morning Light         | ISRC, UPC | 3    | GB   | 2.97      |
 * |          | C6   | 2025-06 | Spotify     | Unknown Song (unmatched) | ISRC   | 600  | US   | 1.8       |
 * |          | C7   | 2025-06 | Spotify     | Night Drive           | ISRC only | 1000 | GB   | 3.2       |
 * |          | C8   | 2025-06 | Apple Music | Demo Tape             | ISRC      | 200  | US   | 0.5       |
 * | EUR      | E1   | 2025-01 | Spotify     | Night Drive           | ISRC, UPC | 1000 | US   | EUR 2     |
 * |          | E2   | 2025-05 | Spotify     | Old Song              | ISRC, UPC | 500  | GB   | EUR 1.5   |
 *
 * Two more imports never count: one waiting for a decision (a bad line; its good line 2025-07,
 * USD 100) and one discarded (a bad line; its good line 2025-06, USD 50).
 * Periods (quarterly): 2024-Q4 with EUR→USD 1.2, 2025-Q1 without rates, 2025-Q2 with EUR→USD 1.1.
 */
import { gs1CheckDigit } from '@music-review/core/music-codes';
import { type ColumnMapping, SOURCE_DEFINITIONS } from '@music-review/core/royalty-sources';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import type { TestServer } from '../../test/harness.ts';
import { DISTROKID_HEADER, financeApi, tableText } from '../royalties/royalties-test-helpers.ts';

type Headers = { authorization: string };

const upc = (first11: string) => `${first11}${gs1CheckDigit(first11)}`;

/** The releases' 12-digit UPCs (valid check digits). */
export const UPCS = {
  nightDriveEp: upc('60244500001'),
  oldSongs: upc('60244500002'),
  freshCut: upc('60244500003'),
} as const;

/** The ISRC of the line that matches nothing (resolve it to move its income). */
export const UNMATCHED_ISRC = 'USXYZ2500009';

/** A DistroKid row: sale month, store, artist, title, ISRC, UPC, quantity, Song/Album, country, net. */
function dk(
  month: string,
  store: string,
  artist: string,
  title: string,
  isrc: string,
  upcCode: string,
  quantity: string,
  kind: 'Song' | 'Album',
  country: string,
  net: string,
) {
  return [
    `${month}-28`,
    month,
    store,
    artist,
    title,
    isrc,
    upcCode,
    quantity,
    '100%',
    kind,
    country,
    '0',
    net,
  ];
}

const ND = ['Nova Lane', 'Night Drive', 'GBAAA2400001'] as const;
const OLD = ['Kai Moss', 'Old Song', 'GBAAA2000003'] as const;
const DEMO = ['Kai Moss', 'Demo Tape', 'GBAAA2500004'] as const;

/** The statements' text, by file (see the table above). */
export function analyticsStatements() {
  const usd2024 = [
    dk('2024-04', 'Spotify', ...ND, UPCS.nightDriveEp, '1000', 'Song', 'US', '3.5'),
    dk('2024-05', 'iTunes', ...ND, UPCS.nightDriveEp, '2', 'Song', 'GB', '1.4'),
    dk('2024-05', 'Spotify', ...OLD, UPCS.oldSongs, '500', 'Song', 'GB', '1.25'),
  ];
  const usd2025 = [
    dk('2025-01', 'Spotify', ...ND, UPCS.nightDriveEp, '2000', 'Song', 'US', '7'),
    dk('2025-03', 'Apple Music', ...OLD, UPCS.oldSongs, '800', 'Song', 'US', '2.4'),
    dk('2025-02', 'Spotify', ...DEMO, '', '100', 'Song', 'GB', '0.3'),
    dk('2025-04', 'Spotify', ...ND, UPCS.nightDriveEp, '3000', 'Song', 'US', '10.5'),
    dk('2025-04', 'Apple Music', ...OLD, UPCS.oldSongs, '1000', 'Song', 'GB', '3'),
    dk('2025-05', 'iTunes', 'Nova Lane', 'Night Drive EP', '', UPCS.nightDriveEp, '1', 'Album', 'US', '6'),
    dk(
      '2025-05',
      'Spotify',
      'Nova Lane',
      'Fresh Cut',
      'GBAAA2500005',
      UPCS.freshCut,
      '4000',
      'Song',
      'GB',
      '12',
    ),
    dk(
      '2025-06',
      'iTunes',
      'Nova Lane',
      'Morning Light',
      'GBAAA2400002',
      UPCS.nightDriveEp,
      '3',
      'Song',
      'GB',
      '2.97',
    ),
    dk('2025-06', 'Spotify', 'Someone Else', 'Unknown Song', UNMATCHED_ISRC, '', '600', 'Song', 'US', '1.8'),
    dk('2025-06', 'Spotify', ...ND, '', '1000', 'Song', 'GB', '3.2'),
    dk('2025-06', 'Apple Music', ...DEMO, '', '200', 'Song', 'US', '0.5'),
  ];
  const eur = [
    dk('2025-01', 'Spotify', ...ND, UPCS.nightDriveEp, '1000', 'Song', 'US', '2'),
    dk('2025-05', 'Spotify', ...OLD, UPCS.oldSongs, '500', 'Song', 'GB', '1.5'),
  ];
  const bad = (month: string, net: string) => [
    dk(month, 'Spotify', ...ND, UPCS.nightDriveEp, '5000', 'Song', 'US', net),
    dk(month, 'Spotify', ...ND, UPCS.nightDriveEp, '5000', 'Song', 'US', 'lots'),
  ];
  const eurHeader = DISTROKID_HEADER.map((h) => (h === 'Earnings (USD)' ? 'Earnings (EUR)' : h));
  return {
    usd2024: tableText([DISTROKID_HEADER, ...usd2024]),
    usd2025: tableText([DISTROKID_HEADER, ...usd2025]),
    eur: tableText([eurHeader, ...eur]),
    pending: tableText([DISTROKID_HEADER, ...bad('2025-07', '100')]),
    discarded: tableText([DISTROKID_HEADER, ...bad('2025-06', '50')]),
  };
}

/** DistroKid's columns with the earnings in euros: a custom source the label maps once. */
export const EUR_MAPPING: ColumnMapping = {
  ...SOURCE_DEFINITIONS.distrokid.mapping,
  columns: { ...SOURCE_DEFINITIONS.distrokid.mapping.columns, net: 'Earnings (EUR)' },
  default_currency: 'EUR',
};

/** The catalogue of the data set, made directly in the label's tables. */
export async function addAnalyticsCatalogue(server: TestServer, org: string) {
  return server.database.withOrg(org, async (tx) => {
    const recording = async (title: string, artist: string, isrc: string) => {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into recordings (organization_id, title, display_artist, isrc, origin)
            values (${org}, ${title}, ${artist}, ${isrc}, 'manual') returning id`,
      );
      return row!.id;
    };
    const release = async (title: string, artist: string, code: string, date: string, tracks: string[]) => {
      const [row] = await queryRows<{ id: string }>(
        tx,
        sql`insert into releases (organization_id, title, display_artist, upc, release_date, status)
            values (${org}, ${title}, ${artist}, ${code}, ${date}::date, 'released') returning id`,
      );
      for (const [index, recordingId] of tracks.entries())
        await tx.execute(
          sql`insert into release_tracks (organization_id, release_id, recording_id, disc_number, track_number)
              values (${org}, ${row!.id}, ${recordingId}, 1, ${index + 1})`,
        );
      return row!.id;
    };
    const recordings = {
      nightDrive: await recording('Night Drive', 'Nova Lane', 'GBAAA2400001'),
      morningLight: await recording('Morning Light', 'Nova Lane', 'GBAAA2400002'),
      oldSong: await recording('Old Song', 'Kai Moss', 'GBAAA2000003'),
      demoTape: await recording('Demo Tape', 'Kai Moss', 'GBAAA2500004'),
      freshCut: await recording('Fresh Cut', 'Nova Lane', 'GBAAA2500005'),
    };
    const releases = {
      nightDriveEp: await release('Night Drive EP', 'Nova Lane', UPCS.nightDriveEp, '2024-03-15', [
        recordings.nightDrive,
        recordings.morningLight,
      ]),
      oldSongs: await release('Old Songs', 'Kai Moss', UPCS.oldSongs, '2020-01-20', [recordings.oldSong]),
      freshCut: await release('Fresh Cut', 'Nova Lane', UPCS.freshCut, '2025-05-02', [recordings.freshCut]),
    };
    return { recordings, releases };
  });
}

/** Adds the period holding `month` and sets its rates; answers its id. */
async function addPeriod(
  server: TestServer,
  headers: Headers,
  month: string,
  rates: Array<{ from: string; to: string; rate: string }>,
) {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/v1/finance/periods',
    headers,
    payload: { month },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: string }>().id;
  if (rates.length > 0) {
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/finance/periods/${id}/rates`,
      headers,
      payload: { rates },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return id;
}

/**
 * Upload, analyse, start and wait for the end of an import, like financeApi's importFile, but
 * waiting without expect.poll so that it also runs in a beforeAll.
 */
export async function importStatement(
  server: TestServer,
  headers: Headers,
  text: string,
  filename: string,
  options: { source?: string; mapping?: ColumnMapping; mapping_name?: string } = {},
) {
  const api = financeApi(server);
  const key = await api.upload(headers, text, filename);
  const analysed = await api.analyse(headers, key);
  expect(analysed.statusCode, analysed.body).toBe(200);
  const source = options.source ?? analysed.json<{ detected_source: string | null }>().detected_source;
  const started = await api.post(headers, '/api/v1/finance/imports', { key, source, ...options });
  expect(started.statusCode, started.body).toBe(202);
  const id = started.json<{ id: string }>().id;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = await api.getImport(headers, id);
    if (!['queued', 'reading'].includes(found.status)) return found;
    if (Date.now() > deadline) throw new Error(`import ${filename} did not finish: ${found.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The whole data set for a label on a plan with finance: catalogue, the three counted statements,
 * the two that never count, and the periods with their rates. Answers every id made.
 */
export async function buildAnalyticsDataSet(
  server: TestServer,
  label: { headers: Headers; organization: { id: string } },
) {
  const api = financeApi(server);
  const { headers } = label;
  const catalogue = await addAnalyticsCatalogue(server, label.organization.id);
  const files = analyticsStatements();
  const usd2024 = await importStatement(server, headers, files.usd2024, 'distrokid-2024.tsv');
  const usd2025 = await importStatement(server, headers, files.usd2025, 'distrokid-2025.tsv');
  const eur = await importStatement(server, headers, files.eur, 'distrokid-eur-2025.tsv', {
    source: 'custom',
    mapping: EUR_MAPPING,
    mapping_name: 'DistroKid EUR',
  });
  for (const imported of [usd2024, usd2025, eur])
    expect(imported, JSON.stringify(imported)).toMatchObject({ status: 'imported' });
  expect([usd2024.line_count, usd2025.line_count, eur.line_count]).toEqual([3, 11, 2]);
  expect(usd2025.matched_lines).toBe(10);

  const pending = await importStatement(server, headers, files.pending, 'distrokid-pending.tsv');
  expect(pending.status).toBe('needs_decision');
  const toDiscard = await importStatement(server, headers, files.discarded, 'distrokid-discarded.tsv');
  expect(toDiscard.status).toBe('needs_decision');
  const discarded = await api.post(headers, `/api/v1/finance/imports/${toDiscard.id}/discard`);
  expect(discarded.statusCode, discarded.body).toBe(200);

  const periods = {
    q4_2024: await addPeriod(server, headers, '2024-11', [{ from: 'EUR', to: 'USD', rate: '1.2' }]),
    q1_2025: await addPeriod(server, headers, '2025-02', []),
    q2_2025: await addPeriod(server, headers, '2025-05', [{ from: 'EUR', to: 'USD', rate: '1.1' }]),
  };
  return {
    ...catalogue,
    imports: {
      usd2024: usd2024.id,
      usd2025: usd2025.id,
      eur: eur.id,
      pending: pending.id,
      discarded: toDiscard.id,
    },
    periods,
  };
}

export type AnalyticsDataSet = Awaited<ReturnType<typeof buildAnalyticsDataSet>>;
