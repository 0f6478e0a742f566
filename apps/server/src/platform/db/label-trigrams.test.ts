import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { type Database, queryRows } from './index.ts';
import { labelTrigramKeys } from './label-trigrams.ts';

const ORG = '4f0c2a9e-7d1b-4c3e-9a55-0b6e2f8d1c47';

/**
 * Texts of every kind the indexes on search_trigrams hold: titles and artists in several scripts,
 * punctuation, case, spaces, none at all, and a null.
 */
const TEXTS: (string | null)[] = [
  'Golden Ocean Whisper',
  'Maya Torres feat. Kenji Tanaka',
  "Don't Stop (Live at Wembley) [2024 Remaster]",
  'AC/DC',
  'a',
  'ab',
  '',
  '   ',
  '!!! ??? ---',
  'Pipe | in | a | title',
  'Ünïcödé Çafé',
  '東京タワー Ab',
  'Сплин — Романс',
  'سلام عليكم',
  '🎵 Emoji 🎶 Song',
  'x'.repeat(300),
  'ISRC GB-ABC-24-00001',
  null,
];

describe('search_trigrams (migrations 0007 and 0029)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('gives the keys its first definition gave, for every kind of text', async () => {
    const rows = await queryRows<{ value: string | null; now: string[]; first: string[] }>(
      database.global,
      sql`select v.value,
            search_trigrams(${ORG}::uuid, v.value) as now,
            array(select left(${ORG}::uuid::text, 8) || t from unnest(public.show_trgm(v.value)) t) as first
          from jsonb_array_elements_text(${JSON.stringify(TEXTS.filter((t) => t !== null))}::jsonb) as v(value)
          union all
          select null, search_trigrams(${ORG}::uuid, null),
            array(select left(${ORG}::uuid::text, 8) || t from unnest(public.show_trgm(null)) t)`,
    );
    expect(rows).toHaveLength(TEXTS.length);
    for (const row of rows) expect(row.now, JSON.stringify(row.value)).toEqual(row.first);
    // Not vacuous: the titles have keys, each with the label's prefix.
    const golden = rows.find((r) => r.value === 'Golden Ocean Whisper')!;
    expect(golden.now.length).toBeGreaterThan(10);
    expect(golden.now.every((key) => key.startsWith(ORG.slice(0, 8)))).toBe(true);
  });

  it('holds every key labelTrigramKeys asks for in a text that contains the query', async () => {
    const title = 'Golden Ocean Whisper';
    const keys = labelTrigramKeys(ORG, 'cean whis');
    expect(keys.length).toBeGreaterThan(0);
    const [row] = await queryRows<{ contains: boolean; other: boolean }>(
      database.global,
      sql`select search_trigrams(${ORG}::uuid, ${title}) @> ${sql.param(keys)}::text[] as contains,
            search_trigrams(${ORG}::uuid, 'Silver River') @> ${sql.param(keys)}::text[] as other`,
    );
    expect(row).toEqual({ contains: true, other: false });
  });
});
