/**
 * "Import CSV" (issue 14; decision 0026): the dry run lists each row's problems and writes nothing;
 * the import creates or updates records by their codes, refuses a code another record holds (naming
 * it), never lets a row of another label through, and hands the failed rows back as a file that
 * imports once fixed. PGlite and PostgreSQL.
 */
import type { CsvDryRunResult, CsvImportResult } from '@music-review/core/catalogue-csv';
import { CSV_MESSAGES } from '@music-review/core/catalogue-csv';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { memberOf } from '../../test/api-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { catalogueLabel, createCsvTestServer, csvApi, csvText } from './csv-test-helpers.ts';

type Label = Awaited<ReturnType<typeof catalogueLabel>>;

describe('importing a CSV into the catalogue', () => {
  let server: TestServer;
  let api: ReturnType<typeof csvApi>;
  let label: Label;

  const owner = () => server.database.asOwner('tests build rows directly');
  const recordings = (org: string) =>
    queryRows<{
      id: string;
      title: string;
      display_artist: string;
      isrc: string | null;
      origin: string;
      duration_seconds: number | null;
      explicit: boolean;
      genre: string | null;
      row_version: number;
    }>(
      owner(),
      sql`select id, title, display_artist, isrc, origin, duration_seconds, explicit, genre, row_version
          from recordings where organization_id = ${org} order by title, id`,
    );
  const addRecording = async (org: string, title: string, isrc: string | null) => {
    const [row] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into recordings (organization_id, title, display_artist, isrc, origin)
          values (${org}, ${title}, 'Stored Artist', ${isrc}, 'manual') returning id`,
    );
    return row!.id;
  };

  beforeAll(async () => {
    server = await createCsvTestServer();
    api = csvApi(server);
    label = await catalogueLabel(server, 'Import Records');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('dry run: counts what would be created and updated, lists each bad row’s column and reason, writes nothing', async () => {
    const stored = await addRecording(label.organization.id, 'Old Title', 'GBAAA2400001');
    const file = csvText([
      ['Track Title', 'Artist', 'ISRC', 'Length', 'Explicit'],
      ['New One', 'Nova Lane', 'GB-AAA-24-00002', '3:05', 'no'],
      ['Old Title (2024 Remaster)', 'Nova Lane', 'GB-AAA-24-00001', '4:00', 'yes'],
      ['', 'Nobody', 'GB-AAA-24', 'long', 'maybe'],
      ['Twice', 'Nova Lane', 'GBAAA2400002', '', ''],
    ]);
    const job = await api.importFile(label.headers, file, { what: 'dry-runs' });
    expect(job.status, job.error ?? '').toBe('succeeded');
    // One pass over the file: the progress goes by its bytes, the message counts the rows.
    expect(job.progress_done).toBe(Buffer.byteLength(file));
    expect(job.progress_total).toBe(Buffer.byteLength(file));
    expect(job.progress_message).toBe('Checked 4 of 4 rows');
    expect(job.result as unknown as CsvDryRunResult).toEqual({
      kind: 'recordings',
      rows: 4,
      create: 1,
      update: 1,
      unchanged: 0,
      failed: 2,
      errors: [
        { row: 4, column: 'Track Title', message: 'Enter a title' },
        { row: 4, column: 'ISRC', message: MUSIC_CODE_MESSAGES.isrcLength },
        { row: 4, column: 'Length', message: 'Use minutes and seconds like 3:25, or seconds like 205' },
        { row: 4, column: 'Explicit', message: 'Use yes or no' },
        { row: 5, column: 'ISRC', message: 'Also on row 2 of this file' },
      ],
      encoding: 'utf-8',
      delimiter: ',',
    });
    const after = await recordings(label.organization.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: stored, title: 'Old Title', row_version: 1 });
  });

  it('saves the mapping for the label and kind, and offers it for the next file', async () => {
    const headers = ['Name of the song', 'Performer'];
    const key = await api.upload(label.headers, csvText([headers, ['A', 'B']]));
    const mapping = { title: 'Name of the song', display_artist: 'Performer' };
    const job = await api.run(label.headers, 'dry-runs', key, mapping);
    expect(job.status).toBe('succeeded');
    const next = await api.upload(
      label.headers,
      csvText([
        ['Performer', 'Name of the song', 'ISRC'],
        ['B', 'A', ''],
      ]),
    );
    const res = await api.analyse(label.headers, next);
    expect(res.json()).toMatchObject({
      mapping: { ...mapping, isrc: 'ISRC' },
      mapping_source: 'saved',
    });
    // Per kind: releases have not been mapped yet.
    const forReleases = await api.analyse(
      label.headers,
      await api.upload(label.headers, csvText([headers, ['A', 'B']]), 'r.csv', 'releases'),
      'releases',
    );
    expect(forReleases.json().mapping_source).toBe('suggested');
  });

  it('refuses a mapping without the required fields or naming a column the file lacks', async () => {
    const key = await api.upload(
      label.headers,
      csvText([
        ['Title', 'Artist'],
        ['A', 'B'],
      ]),
    );
    const res = await api.post(label.headers, '/api/v1/catalogue/csv/imports', {
      kind: 'recordings',
      key,
      mapping: { title: 'Title', isrc: 'Code' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'mapping.isrc': 'This file has no column “Code”',
      'mapping.display_artist': 'Choose the column that holds the Display artist',
    });
  });

  it('imports: rows keyed by ISRC update, others create (origin imported); audited per update and per batch', async () => {
    const org = label.organization.id;
    const stored = await addRecording(org, 'Keyed', 'GBBBB2400001');
    const file = csvText([
      ['Title', 'Artist', 'ISRC', 'Duration', 'Genre'],
      ['Keyed (New Name)', 'Nova Lane', 'gb-bbb-24-00001', '200', 'House'],
      ['Fresh', 'Nova Lane', 'GBBBB2400002', '3:20', ''],
      ['No Code', 'Nova Lane', '', '', 'Jazz'],
    ]);
    const job = await api.importFile(label.headers, file);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result as unknown as CsvImportResult).toEqual({
      kind: 'recordings',
      rows: 3,
      created: 2,
      updated: 1,
      unchanged: 0,
      failed: 0,
      failed_rows_file: false,
      encoding: 'utf-8',
      delimiter: ',',
    });
    const rows = await recordings(org);
    expect(rows.find((r) => r.id === stored)).toMatchObject({
      title: 'Keyed (New Name)',
      display_artist: 'Nova Lane',
      duration_seconds: 200,
      genre: 'House',
      origin: 'manual',
      row_version: 2,
    });
    expect(rows.find((r) => r.title === 'Fresh')).toMatchObject({
      isrc: 'GBBBB2400002',
      origin: 'imported',
      duration_seconds: 200,
    });
    expect(rows.find((r) => r.title === 'No Code')).toMatchObject({
      isrc: null,
      genre: 'Jazz',
      origin: 'imported',
    });
    const audit = await queryRows<{ action: string; changes: Record<string, unknown>; reviewer_id: string }>(
      owner(),
      sql`select action, changes, reviewer_id from catalogue_audit where entity_id = ${stored}`,
    );
    expect(audit).toEqual([
      {
        action: 'import',
        changes: {
          title: ['Keyed', 'Keyed (New Name)'],
          display_artist: ['Stored Artist', 'Nova Lane'],
          duration_seconds: [null, 200],
          genre: [null, 'House'],
        },
        reviewer_id: label.reviewer.id,
      },
    ]);
    const batches = await queryRows<{ entity_kind: string; changes: Record<string, unknown> }>(
      owner(),
      sql`select entity_kind, changes from catalogue_audit where entity_id = ${job.id}`,
    );
    expect(batches).toEqual([
      {
        entity_kind: 'import',
        changes: {
          kind: 'recordings',
          batch: 1,
          rows: [2, 4],
          created: 2,
          updated: 1,
          unchanged: 0,
          failed: 0,
        },
      },
    ]);
    // The same file again changes nothing it already holds.
    const again = await api.importFile(label.headers, file);
    expect(again.result).toMatchObject({ created: 1, updated: 0, unchanged: 2 });
    expect(again.result).toMatchObject({ rows: 3 });
  });

  it('refuses an ISRC another recording holds, naming that recording, and an ISRC two recordings share', async () => {
    const org = label.organization.id;
    const mine = await addRecording(org, 'Mine', 'GBCCC2400001');
    await addRecording(org, 'The Other One', 'GBCCC2400002');
    await addRecording(org, 'Twin A', 'GBCCC2400009');
    await addRecording(org, 'Twin B', 'GBCCC2400009');
    const file = csvText([
      ['ID', 'Title', 'Artist', 'ISRC'],
      [mine, 'Mine', 'A', 'GBCCC2400002'],
      ['', 'Which twin', 'A', 'GBCCC2400009'],
    ]);
    const job = await api.importFile(label.headers, file);
    expect(job.result).toMatchObject({ created: 0, updated: 0, failed: 2, failed_rows_file: true });
    const res = await api.failedRows(label.headers, job.id);
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows.map((r) => r.at(-1))).toEqual([
      'Reason',
      'ISRC: This ISRC is already used by the recording “The Other One”',
      'ISRC: This ISRC is used by 2 recordings (“Twin A”, “Twin B”): add the ID column to say which one, or fix it under Needs attention',
    ]);
    expect((await recordings(org)).find((r) => r.id === mine)?.isrc).toBe('GBCCC2400001');
  });

  it('hands the failed rows back with their reasons, neutralised, and imports them once fixed', async () => {
    const org = label.organization.id;
    const file = csvText([
      ['Title', 'Artist', 'ISRC', 'Comment'],
      ['Good One', 'Nova', 'GBDDD2400001', 'fine'],
      ['=HYPERLINK("http://evil")', 'Nova', 'GBDDD24000', 'bad code'],
      ['"Multi\r\nline"', '', 'GBDDD2400003', '-2+3'],
    ]);
    const job = await api.importFile(label.headers, file);
    expect(job.result).toMatchObject({ rows: 3, created: 1, failed: 2, failed_rows_file: true });

    const res = await api.failedRows(label.headers, job.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="recordings-failed-rows.csv"');
    expect(res.body.startsWith('\uFEFFTitle,Artist,ISRC,Comment,Reason\r\n')).toBe(true);
    expect(res.body).toContain(
      `"'=HYPERLINK(""http://evil"")",Nova,GBDDD24000,bad code,"ISRC: ${MUSIC_CODE_MESSAGES.isrcLength}"`,
    );
    expect(res.body).toContain(`"Multi\r\nline",,GBDDD2400003,'-2+3,Artist: Enter the display artist`);

    // Fixed in a spreadsheet and imported again: the Reason column is left aside, the formula mark taken off.
    const fixed = res.body
      .replace('GBDDD24000,', 'GBDDD2400002,')
      .replace('"Multi\r\nline",,', '"Multi\r\nline",Nova,');
    const again = await api.importFile(label.headers, fixed);
    expect(again.result).toMatchObject({ rows: 2, created: 2, failed: 0, failed_rows_file: false });
    const titles = (await recordings(org)).map((r) => r.title);
    expect(titles).toEqual(expect.arrayContaining(['Good One', '=HYPERLINK("http://evil")', 'Multi line']));
  });

  it('keys releases by UPC, then catalogue number, and refuses a catalogue number another release holds', async () => {
    const org = label.organization.id;
    const [byUpc] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into releases (organization_id, title, display_artist, upc, catalogue_number)
          values (${org}, 'By UPC', 'A', '012345678905', 'DMR001') returning id`,
    );
    const [byCat] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into releases (organization_id, title, display_artist, catalogue_number)
          values (${org}, 'By Cat', 'A', 'DMR002') returning id`,
    );
    const file = csvText([
      ['Release Title', 'Artist', 'UPC', 'Cat. No.', 'Type', 'Release date'],
      ['By UPC Renamed', 'A', '0-12345-67890-5', 'DMR001', 'Album', '2024-05-01'],
      ['By Cat Renamed', 'A', '', 'dmr002', 'EP', ''],
      ['New Release', 'B', '4006381333931', 'DMR003', '', '2024/6/1'],
      ['Clash', 'B', '', 'DMR002 ', 'Single', ''],
      ['Steals', 'B', '012345678905', 'DMR009', '', ''],
    ]);
    const job = await api.importFile(label.headers, file, { kind: 'releases' });
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result).toMatchObject({ rows: 5, created: 1, updated: 2, failed: 2 });
    const rows = await queryRows<{
      id: string;
      title: string;
      release_type: string;
      release_date: string | null;
      upc: string | null;
    }>(
      owner(),
      sql`select id, title, release_type, release_date::text as release_date, upc from releases where organization_id = ${org} order by title`,
    );
    expect(rows).toEqual([
      { id: byCat!.id, title: 'By Cat Renamed', release_type: 'ep', release_date: null, upc: null },
      {
        id: byUpc!.id,
        title: 'By UPC Renamed',
        release_type: 'album',
        release_date: '2024-05-01',
        upc: '012345678905',
      },
      {
        id: expect.any(String),
        title: 'New Release',
        release_type: 'single',
        release_date: '2024-06-01',
        upc: '4006381333931',
      },
    ]);
    const failed = parse((await api.failedRows(label.headers, job.id)).body, { bom: true }) as string[][];
    expect(failed.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      ['Clash', 'Cat. No.: Also on row 3 of this file'],
      ['Steals', 'UPC: Also on row 2 of this file'],
    ]);
  });

  it('keys works by ISWC and refuses one another work holds', async () => {
    const org = label.organization.id;
    const [work] = await queryRows<{ id: string }>(
      owner(),
      sql`insert into works (organization_id, title, iswc) values (${org}, 'Stored Work', 'T0345246801') returning id`,
    );
    await queryRows(
      owner(),
      sql`insert into works (organization_id, title, iswc) values (${org}, 'Other Work', 'T0000000010') returning id`,
    );
    const file = csvText([
      ['ID', 'Work Title', 'ISWC'],
      ['', 'Stored Work (renamed)', 'T-034.524.680-1'],
      ['', 'Brand New', ''],
      [work!.id, 'Stored Work', 'T-000.000.001-0'],
    ]);
    const job = await api.importFile(label.headers, file, { kind: 'works' });
    expect(job.result).toMatchObject({ rows: 3, created: 1, updated: 1, failed: 1 });
    const failed = parse((await api.failedRows(label.headers, job.id)).body, { bom: true }) as string[][];
    expect(failed[1]!.at(-1)).toBe('ISWC: This ISWC is already used by the work “Other Work”');
  });

  it('refuses a row naming another label’s record by its ID, and leaves that record alone', async () => {
    const other = await catalogueLabel(server, 'Other Label');
    const theirs = await addRecording(other.organization.id, 'Their Song', 'GBEEE2400001');
    const job = await api.importFile(
      label.headers,
      csvText([
        ['ID', 'Title', 'Artist'],
        [theirs, 'Taken Over', 'Me'],
      ]),
    );
    expect(job.result).toMatchObject({ created: 0, updated: 0, failed: 1 });
    const failed = parse((await api.failedRows(label.headers, job.id)).body, { bom: true }) as string[][];
    expect(failed[1]!.at(-1)).toBe('ID: No recording of this label has this ID');
    expect((await recordings(other.organization.id))[0]).toMatchObject({
      title: 'Their Song',
      row_version: 1,
    });
    // Their job and its failed rows are theirs alone: another label, and a colleague, get 404.
    expect((await api.failedRows(other.headers, job.id)).statusCode).toBe(404);
    const colleague = await memberOf(server.app, label.inviteCode);
    expect((await api.failedRows(colleague.headers, job.id)).statusCode).toBe(404);
    expect(
      (await server.app.inject({ method: 'GET', url: `/api/v1/jobs/${job.id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('stops before writing anything when the file breaks further on', async () => {
    const before = (await recordings(label.organization.id)).length;
    const rows = [['Title', 'Artist']];
    for (let i = 0; i < 1500; i++) rows.push([`Song ${i}`, 'A']);
    const broken = `${csvText(rows)}"Never closed,A\r\nMore,B\r\n`;
    const dryRun = await api.importFile(label.headers, broken, { what: 'dry-runs' });
    expect(dryRun).toMatchObject({ status: 'failed', error: CSV_MESSAGES.quoteNotClosed(1502) });
    // The import reads the whole file before its first batch (its attempts are retried, then fail).
    const job = await api.importFile(label.headers, broken);
    expect(job).toMatchObject({ status: 'failed', error: CSV_MESSAGES.quoteNotClosed(1502), attempts: 3 });
    expect((await recordings(label.organization.id)).length).toBe(before);

    // UTF-8, then a Windows-1252 byte: within the sample the analysis says so, further on the job does.
    const utf8 = (n: number) =>
      Buffer.from(
        csvText([['Title', 'Artist'], ...Array.from({ length: n }, () => ['Café', 'Zoë'])]),
        'utf8',
      );
    const latin = Buffer.from('Ol\xe9,Z\r\n', 'latin1');
    const early = await api.analyse(
      label.headers,
      await api.upload(label.headers, Buffer.concat([utf8(1), latin])),
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(CSV_MESSAGES.mixedEncoding(3));
    const late = await api.importFile(label.headers, Buffer.concat([utf8(20), latin]), { what: 'dry-runs' });
    expect(late).toMatchObject({ status: 'failed', error: CSV_MESSAGES.mixedEncoding(22) });
    expect((await recordings(label.organization.id)).length).toBe(before);
  }, 90_000);

  it('says which row has more values than the header has columns, and refuses control characters in a cell', async () => {
    const job = await api.importFile(
      label.headers,
      'Title,Artist\r\nFine,A\r\nToo,Many,Values\r\nBad\u0000Byte,A\r\nTrailing,A,,\r\n'.replace(
        '\u0000',
        '\u0001',
      ),
      { what: 'dry-runs' },
    );
    expect((job.result as unknown as CsvDryRunResult).errors).toEqual([
      {
        row: 3,
        column: null,
        message: 'This row has 3 values but the header has 2 columns: check the delimiter and the quotes',
      },
      { row: 4, column: 'Title', message: 'Contains a control character (U+0001), which is not allowed' },
    ]);
    expect(job.result).toMatchObject({ create: 2, failed: 2 });
  });
});
