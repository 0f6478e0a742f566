/**
 * COPY bulk loading inside withOrg: rows written by copyTextRow come back exactly (every character
 * COPY escapes, nulls, emoji, CJK), in several batches into one temporary table, under the app role
 * withOrg sets; tables that are not temporary are refused. Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../../test/harness.ts';
import { CopyTextBuffer, copyTextRow } from './copy.ts';
import { type Database, queryRows } from './index.ts';

const TEXTS = [
  'plain',
  'tab\there',
  'new\nline',
  'carriage\rreturn\r\n',
  'back\\slash \\\\ two',
  '\\N',
  '\\.',
  '\\',
  '',
  '  spaced  ',
  'emoji 🎵👩‍🎤',
  'CJK 東京 한국어',
  'quotes "double" \'single\'',
  'comma,semi;pipe|',
  null,
];

describe('copyTextRow', () => {
  it('writes one line of COPY text: tabs between values, \\N for null, specials escaped', () => {
    expect(copyTextRow(['a\tb', null, 1.5, true, false, 12n, 'x\\y\nz\r'])).toBe(
      'a\\tb\t\\N\t1.5\tt\tf\t12\tx\\\\y\\nz\\r\n',
    );
    expect(() => copyTextRow(['a\u0000b'])).toThrow(RangeError);
    expect(() => copyTextRow([Number.NaN])).toThrow(RangeError);
  });
});

describe('CopyTextBuffer', () => {
  it('writes the bytes copyTextRow writes, a joined value as the joined string, growing past its first size', () => {
    const out = new CopyTextBuffer(16);
    let expected = '';
    for (let i = 0; i < 200; i++) {
      const text = TEXTS[i % TEXTS.length]!;
      const cells = ['a\tb', text ?? '', '東京'];
      out
        .value(i)
        .value(text)
        .value(i % 2 === 0)
        .value(12n)
        .joined(cells, '\t')
        .endRow();
      expected += copyTextRow([i, text, i % 2 === 0, 12n, cells.join('\t')]);
    }
    expect(out.bytes().toString('utf8')).toBe(expected);
    out.reset();
    out.value('again').endRow();
    expect(out.bytes().toString('utf8')).toBe('again\n');
    expect(() => out.value('a\u0000b')).toThrow(RangeError);
  });
});

describe(`copyInto on ${testDbKind()}`, () => {
  let database: Database;
  const organizationId = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('loads 100,000 rows in batches into a temporary table and reads them back exactly, as the app role', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({
      n: i,
      text: TEXTS[i % TEXTS.length]!,
      amount: i % 3 === 0 ? null : `${BigInt(i) * 10n ** 12n}.000001`,
      flag: i % 2 === 0,
    }));
    const result = await database.withOrg(organizationId, async (tx) => {
      await tx.execute(
        sql`create temp table copy_probe (n integer, text text, amount numeric(30, 6), flag boolean) on commit drop`,
      );
      const counts: number[] = [];
      // Batches as text and as bytes (CopyTextBuffer), alternately.
      const out = new CopyTextBuffer();
      for (let at = 0; at < rows.length; at += 25_000) {
        const batch = rows.slice(at, at + 25_000);
        out.reset();
        for (const row of batch) out.value(row.n).value(row.text).value(row.amount).value(row.flag).endRow();
        const text =
          (at / 25_000) % 2 === 0
            ? batch.map((row) => copyTextRow([row.n, row.text, row.amount, row.flag])).join('')
            : out.bytes();
        counts.push(await database.copyInto(tx, 'copy_probe', ['n', 'text', 'amount', 'flag'], text));
      }
      const [who] = await queryRows<{ role: string; organization: string }>(
        tx,
        sql`select current_user as role, current_setting('app.organization_id') as organization`,
      );
      const back = await queryRows<{ n: number; text: string | null; amount: string | null; flag: boolean }>(
        tx,
        sql`select n, text, amount::text as amount, flag from copy_probe order by n`,
      );
      return { counts, who, back };
    });
    expect(result.counts).toEqual([25_000, 25_000, 25_000, 25_000]);
    // withOrg's binding holds after the copies (PGlite switches role for the COPY alone).
    expect(result.who).toEqual({ role: 'music_review_app', organization: organizationId });
    expect(result.back).toHaveLength(rows.length);
    const mismatches = result.back.filter((row, i) => {
      const expected = rows[i]!;
      return (
        row.n !== expected.n ||
        row.text !== expected.text ||
        row.amount !== expected.amount ||
        row.flag !== expected.flag
      );
    });
    expect(mismatches).toEqual([]);
    expect(result.back.slice(0, TEXTS.length).map((row) => row.text)).toEqual(TEXTS);
  });

  it('refuses a table that is not temporary, and rolls back the transaction', async () => {
    await expect(
      database.withOrg(organizationId, (tx) =>
        database.copyInto(tx, 'organizations', ['id'], copyTextRow([randomUUID()])),
      ),
    ).rejects.toThrow(/temporary tables only/);
  });

  it('fails on text COPY cannot read, leaving the table as it was', async () => {
    const outcome = await database.withOrg(organizationId, async (tx) => {
      await tx.execute(sql`create temp table copy_bad (n integer) on commit drop`);
      await tx.execute(sql`savepoint before_copy`);
      const error = await database.copyInto(tx, 'copy_bad', ['n'], 'not a number\n').then(
        () => null,
        (e: Error) => e,
      );
      await tx.execute(sql`rollback to savepoint before_copy`);
      const [count] = await queryRows<{ count: number }>(
        tx,
        sql`select count(*)::int as count from copy_bad`,
      );
      return { error, count: count?.count };
    });
    expect(outcome.error?.message).toMatch(/invalid input syntax for type integer/);
    expect(outcome.count).toBe(0);
  });
});
