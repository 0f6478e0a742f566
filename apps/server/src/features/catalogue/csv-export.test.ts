/**
 * "Export CSV" (issue 14; decision 0026): the rows the tab's filters select, as an attachment,
 * through the app's safe CSV writer, counted against the plan's monthly exports (403 past them), and
 * an export that imports back unchanged, non-Latin text included. PGlite and PostgreSQL.
 */
import { CSV_MESSAGES } from '@music-review/core/catalogue-csv';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel } from '../../test/api-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { catalogueLabel, createCsvTestServer, csvApi, csvText } from './csv-test-helpers.ts';

type Headers = { authorization: string };

describe('exporting the catalogue as CSV', () => {
  let server: TestServer;
  let api: ReturnType<typeof csvApi>;
  let label: Awaited<ReturnType<typeof catalogueLabel>>;

  const owner = () => server.database.asOwner('tests build rows directly');
  const exportCsv = (headers: Headers, kind: string, query = '') =>
    server.app.inject({ method: 'GET', url: `/api/v1/catalogue/export/${kind}${query}`, headers });
  const rowsOf = (body: string) => parse(body, { bom: true }) as string[][];

  beforeAll(async () => {
    server = await createCsvTestServer();
    api = csvApi(server);
    label = await catalogueLabel(server, 'Export Records');
    const org = label.organization.id;
    await owner().execute(sql`insert into recordings (organization_id, title, display_artist, isrc, duration_seconds, explicit, recording_year, origin)
      values (${org}, 'Alpha', 'Nova Lane', 'GBFFF2400001', 205, true, 2024, 'manual'),
             (${org}, '=HYPERLINK("http://evil","click")', '@Nova', null, null, false, 2023, 'imported'),
             (${org}, 'Beta', '-Minus', 'GBFFF2400003', 3723, false, 2024, 'manual')`);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('answers the filtered rows in the list’s order as a UTF-8 attachment, formulas neutralised', async () => {
    const res = await exportCsv(label.headers, 'recordings', '?year=2024&sort=title&dir=desc');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="catalogue-recordings-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.body.startsWith('\uFEFFID,Title,Version,Display artist,ISRC,Duration,Explicit,')).toBe(true);
    const rows = rowsOf(res.body);
    expect(rows[0]).toEqual([
      'ID',
      'Title',
      'Version',
      'Display artist',
      'ISRC',
      'Duration',
      'Explicit',
      'Genre',
      'Subgenre',
      'Language',
      'BPM',
      'Key',
      'P-line year',
      'P-line owner',
      'Recording year',
      'Origin',
      'Work',
      'Work ISWC',
      'Updated',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[4], r[5], r[6], r[14], r[15]])).toEqual([
      ['Beta', "'-Minus", 'GBFFF2400003', '1:02:03', 'no', '2024', 'Added by hand'],
      ['Alpha', 'Nova Lane', 'GBFFF2400001', '3:25', 'yes', '2024', 'Added by hand'],
    ]);

    const all = await exportCsv(label.headers, 'recordings', '?missing=isrc');
    expect(all.body).toContain(`"'=HYPERLINK(""http://evil"",""click"")",,'@Nova,`);
    expect(rowsOf(all.body)).toHaveLength(2);
  });

  it('refuses a bad filter naming it, like the list does', async () => {
    const res = await exportCsv(label.headers, 'recordings', '?missing=everything');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('missing: isrc, work, split or any');
  });

  it('exports releases and works with what the app works out beside their fields', async () => {
    const org = label.organization.id;
    await owner().execute(sql`insert into releases (organization_id, title, display_artist, upc, catalogue_number, release_type, status, release_date)
      values (${org}, 'Night Album', 'Nova Lane', '012345678905', 'DMR001', 'album', 'released', '2024-05-01')`);
    await owner().execute(
      sql`insert into works (organization_id, title, iswc) values (${org}, 'Night Song', 'T0345246801')`,
    );
    const releases = rowsOf((await exportCsv(label.headers, 'releases', '?status=released')).body);
    expect(releases[0]!.slice(0, 8)).toEqual([
      'ID',
      'Title',
      'Version',
      'Display artist',
      'Type',
      'UPC/EAN',
      'Catalogue number',
      'Label',
    ]);
    expect(releases[1]).toEqual(
      expect.arrayContaining(['Night Album', 'Album', '012345678905', 'DMR001', '2024-05-01', 'Released']),
    );
    expect(releases[0]!.slice(-2)).toEqual(['Tracks', 'Updated']);
    const works = rowsOf((await exportCsv(label.headers, 'works', '?missing=shares')).body);
    expect(works.map((r) => r.slice(1, 6))).toEqual([
      ['Title', 'ISWC', 'Writers', 'Shares total (%)', 'Recordings'],
      ['Night Song', 'T0345246801', '', '0', '0'],
    ]);
  });

  it('streams thousands of rows, each once, and non-Latin text imports back unchanged', async () => {
    const other = await catalogueLabel(server, 'Round Trip Records');
    const titles = [
      '山田 花子の歌',
      'Жёлтый трамвай',
      'Ελληνικά',
      '🎵 Emoji',
      'Grzegorz Brzęczyszczykiewicz',
      'أغنية الليل',
    ];
    const rows = [['Title', 'Artist', 'ISRC']];
    for (let i = 0; i < 2600; i++)
      rows.push([`${titles[i % titles.length]} ${i}`, 'Ханна', `GBGGG24${String(i).padStart(5, '0')}`]);
    const imported = await api.importFile(other.headers, csvText(rows));
    expect(imported.result).toMatchObject({ created: 2600, failed: 0 });

    const res = await exportCsv(other.headers, 'recordings', '?sort=isrc');
    const exported = rowsOf(res.body);
    expect(exported).toHaveLength(2601);
    expect(exported.slice(1).map((r) => r[1])).toEqual(rows.slice(1).map((r) => r[0]));
    expect(new Set(exported.slice(1).map((r) => r[0])).size).toBe(2600);

    // The export, unedited, imports back as 2,600 unchanged rows keyed by their IDs.
    const again = await api.importFile(other.headers, res.rawPayload);
    expect(again.result).toMatchObject({ rows: 2600, created: 0, updated: 0, unchanged: 2600, failed: 0 });
  }, 120_000);

  it('counts each export against the plan’s monthly limit and refuses past it with the plan’s words', async () => {
    const limited = await catalogueLabel(server, 'Limited Records');
    // This test database's Pro plan allows two catalogue exports of each kind a month.
    await owner().execute(sql`update subscription_plans set monthly_export_limit = 2 where name = 'Pro'`);
    try {
      expect((await exportCsv(limited.headers, 'recordings')).statusCode).toBe(200);
      expect((await exportCsv(limited.headers, 'recordings')).statusCode).toBe(200);
      const refused = await exportCsv(limited.headers, 'recordings');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'plan_limit_reached',
        message: CSV_MESSAGES.exportLimit(2),
      });
      expect(CSV_MESSAGES.exportLimit(2)).toBe(
        'Your plan allows 2 catalogue CSV exports a month, and this month’s are used. Upgrade your plan or wait until next month.',
      );
      // Each kind has its own count.
      expect((await exportCsv(limited.headers, 'works')).statusCode).toBe(200);
      const usage = await queryRows<{ export_type: string; n: number }>(
        owner(),
        sql`select export_type, count(*)::int as n from export_usage where organization_id = ${limited.organization.id}
            group by export_type order by export_type`,
      );
      expect(usage).toEqual([
        { export_type: 'catalogue_recordings_csv', n: 2 },
        { export_type: 'catalogue_works_csv', n: 1 },
      ]);
    } finally {
      await owner().execute(sql`update subscription_plans set monthly_export_limit = -1 where name = 'Pro'`);
    }
  });

  it('exports only the label’s own rows, and only on a plan with the catalogue', async () => {
    const other = await catalogueLabel(server, 'Empty Records');
    expect(rowsOf((await exportCsv(other.headers, 'recordings')).body)).toHaveLength(1);
    const starter = await adminWithLabel(server.app, 'Starter Records');
    const res = await exportCsv(starter.headers, 'recordings');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('plan_required');
  });
});
