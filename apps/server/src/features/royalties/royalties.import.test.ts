/**
 * "Import statement" (issue 16; decision 0028): a distributor's file is recognised by its header
 * row, read as a job, every line kept with its raw row and exact amounts, matched by ISRC and UPC;
 * the same file twice is refused; a file with bad lines imports nothing until the member decides;
 * an unknown layout is mapped once and recognised next time; bad files get clear messages and leave
 * nothing behind. PGlite and PostgreSQL.
 */
import { FINANCE_MESSAGES } from '@music-review/core/royalties';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.ts';
import {
  addRecording,
  addRelease,
  createFinanceTestServer,
  DISTROKID_HEADER,
  financeApi,
  financeLabel,
  lineRows,
  tableText,
} from './royalties-test-helpers.ts';

type Label = Awaited<ReturnType<typeof financeLabel>>;

const distrokid = (rows: string[][]) => tableText([DISTROKID_HEADER, ...rows]);

describe('importing a distributor statement', () => {
  let server: TestServer;
  let api: ReturnType<typeof financeApi>;
  let label: Label;
  let other: Label;

  beforeAll(async () => {
    server = await createFinanceTestServer();
    api = financeApi(server);
    label = await financeLabel(server, 'Statement Records');
    other = await financeLabel(server, 'Other Records');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('recognises a DistroKid file, loads every line exactly with its raw row, and matches ISRC and UPC', async () => {
    const org = label.organization.id;
    const recording = await addRecording(server, org, 'Night Drive', 'Nova Lane', 'GBAAA2400001');
    const release = await addRelease(server, org, 'Night Drive EP', 'Nova Lane', '0602445123456');
    const file = distrokid([
      [
        '2024-04-15',
        '2024-01',
        'Spotify',
        'Nova Lane',
        'Night Drive',
        'GBAAA2400001',
        '602445123456',
        '1520',
        '100%',
        'Song',
        'US',
        '0',
        '4.123456789',
      ],
      [
        '2024-04-15',
        '2024-02',
        'YOUTUBE',
        'Nova Lane',
        'Night Drive',
        'gb-aaa-24-00001',
        '',
        '3',
        '100%',
        'Song',
        'DE',
        '0',
        '0.000123',
      ],
      [
        '2024-04-15',
        '2024-02',
        'iTunes',
        'Nova Lane',
        'Night Drive EP',
        '',
        '602445123456',
        '1',
        '100%',
        'Album',
        'GB',
        '0',
        '5.6',
      ],
      [
        '2024-04-15',
        '2024-03',
        'Spotify',
        'Someone Else',
        'Unknown Song',
        'USXYZ2400009',
        '',
        '-2',
        '100%',
        'Song',
        'FR',
        '0',
        '-0.01',
      ],
    ]);
    const key = await api.upload(label.headers, file, 'distrokid-2024q1.tsv');
    const analysed = await api.analyse(label.headers, key);
    expect(analysed.statusCode, analysed.body).toBe(200);
    expect(analysed.json()).toMatchObject({
      format: 'csv',
      delimiter: '\t',
      headers: DISTROKID_HEADER,
      detected_source: 'distrokid',
    });

    const imported = await api.importFile(label.headers, file, 'dk.tsv');
    expect(imported).toMatchObject({
      status: 'imported',
      source: 'distrokid',
      source_name: 'DistroKid',
      line_count: 4,
      bad_line_count: 0,
      matched_lines: 3,
      first_month: '2024-01',
      last_month: '2024-03',
    });
    // 4.123456789 + 0.000123 + 5.6 - 0.01 = 9.713579789, exactly.
    expect(imported.currencies).toEqual([{ currency: 'USD', lines: 4, net: '9.713579789' }]);

    const lines = await lineRows(server, label.organization.id, imported.id);
    expect(
      lines.map((l) => [l.line_number, l.isrc, l.net, l.quantity, l.store, l.territory, l.matched_by]),
    ).toEqual([
      [2, 'GBAAA2400001', '4.123456789', 1520, 'Spotify', 'US', 'isrc'],
      [3, 'GBAAA2400001', '0.000123', 3, 'YouTube', 'DE', 'isrc'],
      [4, null, '5.6', 1, 'iTunes', 'GB', 'upc'],
      // A return is a real line: negative quantity and amount kept.
      [5, 'USXYZ2400009', '-0.01', -2, 'Spotify', 'FR', null],
    ]);
    expect(lines[0]!.recording_id).toBe(recording);
    expect(lines[0]!.release_id).toBe(release);
    expect(lines[2]!.release_id).toBe(release);
    expect(lines[0]!.raw.split('\t')).toEqual(file.split('\r\n')[1]!.split('\t'));

    // Another label sees none of it.
    const theirs = await api.get(other.headers, `/api/v1/finance/imports/${imported.id}`);
    expect(theirs.statusCode).toBe(404);
    expect((await api.get(other.headers, '/api/v1/finance/imports')).json()).toMatchObject({ total: 0 });
  });

  it('refuses the same file twice, naming the first import', async () => {
    const file = distrokid([
      [
        '2024-07-15',
        '2024-06',
        'Deezer',
        'Nova Lane',
        'Night Drive',
        'GBAAA2400001',
        '',
        '10',
        '100%',
        'Song',
        'NL',
        '0',
        '0.05',
      ],
    ]);
    const first = await api.importFile(label.headers, file, 'june.tsv');
    expect(first.status).toBe('imported');
    const again = await api.importFile(label.headers, file, 'june-copy.tsv');
    expect(again.status).toBe('failed');
    expect(again.error).toBe(FINANCE_MESSAGES.duplicate('june.tsv', new Date().toISOString().slice(0, 10)));
    expect(await lineRows(server, label.organization.id, again.id)).toEqual([]);
    // Another label may import the same file.
    expect((await api.importFile(other.headers, file, 'june.tsv')).status).toBe('imported');
  });

  it('a file with bad lines imports nothing until the member decides; discard keeps nothing, accept keeps the good lines', async () => {
    const rows = [
      [
        '2024-10-15',
        '2024-09',
        'Spotify',
        'Nova Lane',
        'Night Drive',
        'GBAAA2400001',
        '',
        '7',
        '100%',
        'Song',
        'US',
        '0',
        '0.21',
      ],
      [
        '2024-10-15',
        '2024-09',
        'Spotify',
        'Nova Lane',
        'Night Drive',
        'NOT-AN-ISRC',
        '',
        '7',
        '100%',
        'Song',
        'US',
        '0',
        '0.21',
      ],
      [
        '2024-10-15',
        '2024-09',
        'Spotify',
        'Nova Lane',
        'Night Drive',
        'GBAAA2400001',
        '',
        '7',
        '100%',
        'Song',
        'US',
        '0',
        'lots',
      ],
    ];
    const file = distrokid(rows);
    const waiting = await api.importFile(label.headers, file, 'september.tsv');
    expect(waiting).toMatchObject({ status: 'needs_decision', line_count: 3, bad_line_count: 2 });
    expect(waiting.bad_lines.map((b) => [b.line, b.column])).toEqual([
      [3, 'ISRC'],
      [4, 'Earnings (USD)'],
    ]);
    for (const bad of waiting.bad_lines) expect(bad.message.length).toBeGreaterThan(5);
    // Nothing counts yet.
    const summary = (await api.get(label.headers, '/api/v1/finance/summary')).json();
    expect(summary.imports_waiting).toBe(1);

    const discarded = await api.post(label.headers, `/api/v1/finance/imports/${waiting.id}/discard`);
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(discarded.json()).toMatchObject({ status: 'discarded' });
    expect(await lineRows(server, label.organization.id, waiting.id)).toEqual([]);
    // Deciding twice is a conflict.
    expect((await api.post(label.headers, `/api/v1/finance/imports/${waiting.id}/accept`)).statusCode).toBe(
      409,
    );

    // The discarded file may be imported again; this time the good line is kept.
    const again = await api.importFile(label.headers, file, 'september.tsv');
    expect(again.status).toBe('needs_decision');
    const accepted = await api.post(label.headers, `/api/v1/finance/imports/${again.id}/accept`);
    expect(accepted.json()).toMatchObject({ status: 'imported' });
    expect((await lineRows(server, label.organization.id, again.id)).map((l) => l.line_number)).toEqual([2]);
    // Another label cannot decide on it.
    expect((await api.post(other.headers, `/api/v1/finance/imports/${again.id}/accept`)).statusCode).toBe(
      404,
    );
  });

  it('maps an unknown layout once, saves it by name, and recognises the next file with those columns', async () => {
    const header = ['Periode', 'Winkel', 'Land', 'ISRC code', 'Aantal', 'Netto', 'Valuta'];
    const file = tableText(
      [
        header,
        ['03/2024', 'Spotify', 'NL', 'GBAAA2400001', '1.234', '1.234,56', 'EUR'],
        ['03/2024', 'Deezer', 'BE', '', '2', '0,5', 'EUR'],
      ],
      ';',
    );
    const key = await api.upload(label.headers, file, 'eigen.csv');
    const analysed = await api.analyse(label.headers, key);
    expect(analysed.json()).toMatchObject({ detected_source: null, saved_mapping: null, delimiter: ';' });

    const missing = await api.post(label.headers, '/api/v1/finance/imports', { key, source: 'custom' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({
      mapping: expect.any(String),
      mapping_name: expect.any(String),
    });

    const mapping = {
      columns: {
        sale_month: 'Periode',
        store: 'Winkel',
        territory: 'Land',
        isrc: 'ISRC code',
        quantity: 'Aantal',
        net: 'Netto',
        currency: 'Valuta',
      },
      number_format: 'comma',
      date_format: 'auto',
      default_currency: null,
      default_sale_type: 'stream',
    };
    const wrong = await api.post(label.headers, '/api/v1/finance/imports', {
      key,
      source: 'custom',
      mapping: { ...mapping, columns: { ...mapping.columns, net: 'Bruto' } },
      mapping_name: 'Eigen distributeur',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.net).toBeTruthy();

    const started = await api.post(label.headers, '/api/v1/finance/imports', {
      key,
      source: 'custom',
      mapping,
      mapping_name: 'Eigen distributeur',
    });
    expect(started.statusCode, started.body).toBe(202);
    const imported = await api.settled(label.headers, started.json().id);
    expect(imported).toMatchObject({ status: 'imported', source_name: 'Eigen distributeur', line_count: 2 });
    // 1.234,56 + 0,5 = 1235.06 (European format read as the mapping says).
    expect(imported.currencies).toEqual([{ currency: 'EUR', lines: 2, net: '1235.06' }]);
    expect((await lineRows(server, label.organization.id, imported.id)).map((l) => l.quantity)).toEqual([
      1234, 2,
    ]);

    const next = await api.upload(
      label.headers,
      tableText([header, ['04/2024', 'Spotify', 'NL', '', '1', '0,10', 'EUR']], ';'),
      'eigen-april.csv',
    );
    const recognised = (await api.analyse(label.headers, next)).json();
    expect(recognised.saved_mapping).toMatchObject({
      name: 'Eigen distributeur',
      mapping: { columns: mapping.columns },
    });
    // Not for another label.
    const theirs = await api.upload(
      other.headers,
      tableText([header, ['04/2024', 'X', 'NL', '', '1', '1', 'EUR']], ';'),
      'x.csv',
    );
    expect((await api.analyse(other.headers, theirs)).json().saved_mapping).toBeNull();
  });

  it('gives each bad file a clear message and keeps nothing', async () => {
    const empty = await api.post(label.headers, '/api/v1/finance/imports/uploads', {
      filename: 'empty.csv',
      size_bytes: 0,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(FINANCE_MESSAGES.empty);

    const huge = await api.post(label.headers, '/api/v1/finance/imports/uploads', {
      filename: 'huge.csv',
      size_bytes: 3 * 1024 * 1024 * 1024,
    });
    expect(huge.statusCode).toBe(413);

    // UTF-16 without a byte-order mark: an encoding we cannot tell.
    const utf16 = Buffer.from(
      distrokid([
        ['2024-01-01', '2024-01', 'Spotify', 'A', 'B', '', '', '1', '100%', 'Song', 'US', '0', '1'],
      ]),
      'utf16le',
    );
    const odd = await api.analyse(label.headers, await api.upload(label.headers, utf16, 'odd.tsv'));
    expect(odd.statusCode).toBe(415);
    expect(odd.json().error.message).toMatch(/UTF-8|encoding/i);

    // A zip bomb posing as XLSX: 48 MB of zeros compressed to 48 kB (the reader refuses a ratio over 100 past its first 10 MB).
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(48 * 1024 * 1024) }, { level: 9 });
    const bombed = await api.analyse(
      label.headers,
      await api.upload(label.headers, Buffer.from(bomb), 'report.xlsx'),
    );
    expect(bombed.statusCode).toBe(415);

    const headerOnly = await api.analyse(
      label.headers,
      await api.upload(label.headers, distrokid([]), 'h.tsv'),
    );
    expect(headerOnly.statusCode).toBe(400);

    const unknownSource = await api.upload(
      label.headers,
      tableText(
        [
          ['a', 'b'],
          ['1', '2'],
        ],
        ',',
      ),
      'ab.csv',
    );
    const wrongLayout = await api.post(label.headers, '/api/v1/finance/imports', {
      key: unknownSource,
      source: 'apple',
    });
    expect(wrongLayout.statusCode).toBe(400);
    expect(wrongLayout.json().error.fields.source).toMatch(/Apple/);

    // Another label's upload key is not found.
    const mine = await api.upload(label.headers, distrokid([]), 'mine.tsv');
    expect((await api.analyse(other.headers, mine)).statusCode).toBe(404);
  });

  it('answers 403 plan_required on a plan without the catalogue', async () => {
    const starter = await financeLabel(server, 'Starter Records');
    const { setPlan } = await import('../../test/api-helpers.ts');
    await setPlan(server.database, starter.organization.id, 'Starter');
    const res = await api.get(starter.headers, '/api/v1/finance/imports');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('plan_required');
  });
});
