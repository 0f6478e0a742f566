/**
 * "Import CSV", the file itself (issue 14, "Bad input"; decision 0026): the upload's limits, and what
 * the analysis of a file's start answers, or refuses with a message naming why: a wrong delimiter, a
 * byte-order mark, Windows-1252 text, quoted line breaks, 200 columns, an empty file, a 500 MB file,
 * a binary file renamed .csv. Nothing is written to the catalogue by any of them. PGlite and PostgreSQL.
 */
import { Readable } from 'node:stream';
import { CSV_LIMITS, CSV_MESSAGES } from '@music-review/core/catalogue-csv';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { parseCsvStream } from './csv-file.ts';
import { catalogueLabel, createCsvTestServer, csvApi, csvText } from './csv-test-helpers.ts';

const MB = 1024 * 1024;

describe('analysing an uploaded CSV', () => {
  let server: TestServer;
  let api: ReturnType<typeof csvApi>;
  let label: Awaited<ReturnType<typeof catalogueLabel>>;

  const recordingCount = async () =>
    (
      await queryRows<{ n: number }>(
        server.database.asOwner('tests build rows directly'),
        sql`select count(*)::int as n from recordings where organization_id = ${label.organization.id}`,
      )
    )[0]!.n;

  const refusal = async (body: Buffer | string, status: number, message: string) => {
    const key = await api.upload(label.headers, body);
    const res = await api.analyse(label.headers, key);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toBe(message);
    return res;
  };

  beforeAll(async () => {
    server = await createCsvTestServer();
    api = csvApi(server);
    label = await catalogueLabel(server, 'Analyse Records');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('reads a UTF-8 file with a byte-order mark: headers, sample rows and the suggested mapping', async () => {
    const file = `\uFEFF${csvText([
      ['Track Title', 'Artist', 'ISRC', 'Notes'],
      ['Night Drive', 'Nova Lane', 'GB-ABC-26-00001', ''],
      ['Ünder Glass', 'Zoë Ray', '', 'remaster'],
    ])}`;
    const key = await api.upload(label.headers, file);
    const res = await api.analyse(label.headers, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      key,
      encoding: 'utf-8-bom',
      delimiter: ',',
      notes: [],
      headers: ['Track Title', 'Artist', 'ISRC', 'Notes'],
      sample_rows: [
        ['Night Drive', 'Nova Lane', 'GB-ABC-26-00001', ''],
        ['Ünder Glass', 'Zoë Ray', '', 'remaster'],
      ],
      mapping: { title: 'Track Title', display_artist: 'Artist', isrc: 'ISRC' },
      mapping_source: 'suggested',
    });
  });

  it('reads Windows-1252 text separated by semicolons, and says so', async () => {
    // The en dash is byte 0x96 in Windows-1252 (a control code in Latin-1): put it in by hand.
    const text = csvText(
      [
        ['Titel', 'Artist', 'Genre'],
        ['Café Olé', 'Zoë', 'Chanson – live'],
      ],
      ';',
    );
    const bytes = Buffer.from(text.replace('–', '\x96'), 'latin1');
    const key = await api.upload(label.headers, bytes);
    const res = await api.analyse(label.headers, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
      notes: [CSV_MESSAGES.windows1252, 'Its columns are separated by semicolons.'],
      headers: ['Titel', 'Artist', 'Genre'],
      sample_rows: [['Café Olé', 'Zoë', 'Chanson – live']],
      mapping: { display_artist: 'Artist', genre: 'Genre' },
    });
  });

  it.each([
    ['\t', 'tabs'],
    ['|', 'vertical bars'],
  ])('finds the delimiter %j and names it', async (delimiter, name) => {
    const key = await api.upload(
      label.headers,
      csvText(
        [
          ['Title', 'Artist'],
          ['A, B', 'C'],
        ],
        delimiter,
      ),
    );
    const res = await api.analyse(label.headers, key);
    expect(res.json()).toMatchObject({
      delimiter,
      notes: [`Its columns are separated by ${name}.`],
      sample_rows: [['A, B', 'C']],
    });
  });

  it('keeps a quoted line break inside its cell, so the rows stay whole', async () => {
    const key = await api.upload(label.headers, 'Title,Artist\r\n"Night\r\nDrive",Nova\r\nSecond,Row\r\n');
    const res = await api.analyse(label.headers, key);
    expect(res.json().sample_rows).toEqual([
      ['Night\r\nDrive', 'Nova'],
      ['Second', 'Row'],
    ]);
  });

  it('refuses a file whose columns are separated by something else, saying how they must be separated', async () => {
    await refusal(csvText([['Title:Artist'], ['Night Drive:Nova']]), 400, CSV_MESSAGES.oneColumn);
  });

  it('refuses an empty file before the upload, and a file of blank lines after it', async () => {
    const res = await api.post(label.headers, '/api/v1/catalogue/csv/uploads', {
      kind: 'recordings',
      filename: 'empty.csv',
      size_bytes: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: CSV_MESSAGES.empty,
      fields: { file: CSV_MESSAGES.empty },
    });
    await refusal('\r\n\r\n  \r\n', 400, CSV_MESSAGES.empty);
  });

  it('refuses a file with a header row and nothing else', async () => {
    await refusal('Title,Artist,ISRC\r\n\r\n', 400, CSV_MESSAGES.headerOnly);
  });

  it('refuses a binary file renamed .csv, and names a spreadsheet workbook', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.alloc(200, 7),
    ]);
    await refusal(png, 415, 'This file is not a CSV text file');
    const xlsx = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(300, 1)]);
    await refusal(xlsx, 415, CSV_MESSAGES.workbook);
  });

  it('takes 200 columns and refuses 201, naming the count', async () => {
    const columns = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? 'Title' : `Extra ${i}`));
    const ok = await api.upload(label.headers, csvText([columns(200), columns(200).map(() => 'x')]));
    const res = await api.analyse(label.headers, ok);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().headers).toHaveLength(200);
    await refusal(
      csvText([columns(201), columns(201).map(() => 'x')]),
      400,
      'This file has 201 columns; an import reads at most 200. Remove the columns you do not need and try again.',
    );
  });

  it('refuses a 500 MB file before a byte is sent, and a store refuses a PUT declaring more than the limit', async () => {
    const res = await api.post(label.headers, '/api/v1/catalogue/csv/uploads', {
      kind: 'recordings',
      filename: 'huge.csv',
      size_bytes: 500 * MB,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(
      'This file is 500 MB; an import takes files up to 100 MB. Split it into smaller files.',
    );
    // A URL for a small file, then a PUT that says it carries 500 MB: refused before it is read.
    const presign = await api.post(label.headers, '/api/v1/catalogue/csv/uploads', {
      kind: 'recordings',
      filename: 'small.csv',
      size_bytes: 10,
    });
    const url = new URL(presign.json().upload_url);
    const put = await server.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'text/csv', 'content-length': String(500 * MB) },
      payload: Readable.from([Buffer.from('Title\r\nA\r\n')]),
    });
    expect(put.statusCode).toBe(413);
  });

  it('stops reading a stream at the limit (an object store cannot refuse a large upload itself)', async () => {
    let produced = 0;
    const endless = Readable.from(
      (function* () {
        yield Buffer.from('Title\r\n');
        for (;;) {
          produced += 1000;
          yield Buffer.from(`${'x'.repeat(998)}\r\n`);
        }
      })(),
    );
    const read = async () => {
      for await (const _ of parseCsvStream(endless, { delimiter: ',', maxBytes: 50_000 })) {
        // reading
      }
    };
    await expect(read()).rejects.toMatchObject({ code: 'payload_too_large' });
    expect(produced).toBeLessThan(100_000);
    expect(CSV_LIMITS.maxBytes).toBe(100 * MB);
  });

  it('answers 404 for another label’s upload and for a key that is not an import upload', async () => {
    const key = await api.upload(label.headers, csvText([['Title'], ['A']]));
    const other = await catalogueLabel(server, 'Other Records');
    const res = await api.analyse(other.headers, key);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(CSV_MESSAGES.uploadNotFound);
    for (const what of ['dry-runs', 'imports']) {
      const start = await api.post(other.headers, `/api/v1/catalogue/csv/${what}`, {
        kind: 'recordings',
        key,
        mapping: { title: 'Title' },
      });
      expect(start.statusCode).toBe(404);
    }
    const notImport = await api.analyse(label.headers, `${label.organization.id}/images/x/cover.png`);
    expect(notImport.statusCode).toBe(404);
  });

  it('is for plans with the catalogue only', async () => {
    const starter = await adminWithLabel(server.app, 'Starter Label');
    const res = await api.post(starter.headers, '/api/v1/catalogue/csv/uploads', {
      kind: 'recordings',
      filename: 'a.csv',
      size_bytes: 10,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('plan_required');
    const colleague = await memberOf(server.app, label.inviteCode);
    const key = await api.upload(colleague.headers, csvText([['Title'], ['A']]));
    expect((await api.analyse(colleague.headers, key)).statusCode).toBe(200);
  });

  it('wrote nothing to the catalogue through all of this', async () => {
    expect(await recordingCount()).toBe(0);
  });
});
