/**
 * A period's receipts (decision 0029, amended 2026-11-26): lines matched to a release only are
 * summed per release, sale type, territory, store and currency first, and each sum is spread over
 * the release's tracks in equal parts to 12 decimals, the last track taking the rest. The figures
 * are worked out by hand in the comments. PGlite and PostgreSQL.
 */
import { canonicalDecimal, sumDecimals } from '@music-review/core/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertImport } from './imports.repo.ts';
import { periodReceipts } from './periods.repo.ts';

describe('the receipts a period run reads', () => {
  let server: TestServer;
  let org: string;
  let importId: string;
  const id: Record<string, string> = {};

  beforeAll(async () => {
    server = await createTestServer();
    const label = await adminWithLabel(server.app, 'Spread Records');
    org = label.organization.id;
    await server.database.withOrg(org, async (tx) => {
      for (const title of ['One', 'Two', 'Three', 'Elsewhere']) {
        const [row] = await queryRows<{ id: string }>(
          tx,
          sql`insert into recordings (organization_id, title, display_artist) values (${org}, ${title}, 'Ada Wex') returning id`,
        );
        id[title] = row!.id;
      }
      const [release] = await queryRows<{ id: string }>(
        tx,
        sql`insert into releases (organization_id, title, display_artist, upc)
            values (${org}, 'Tidal Album', 'Ada Wex', '5063000000025') returning id`,
      );
      id.album = release!.id;
      await tx.execute(sql`insert into release_tracks (organization_id, release_id, recording_id, track_number)
          values (${org}, ${id.album}, ${id.One}, 1), (${org}, ${id.album}, ${id.Two}, 2), (${org}, ${id.album}, ${id.Three}, 3)`);
      importId = await insertImport(tx, org, {
        fileName: 'q1.tsv',
        storageKey: `${org}/files/q1.tsv`,
        sizeBytes: 1,
        source: 'distrokid',
        mappingId: null,
        mapping: {},
        createdBy: label.reviewer.id,
      });
      const line = (n: number, recording: string | null, store: string, quantity: number, net: string) =>
        sql`(${org}, ${importId}, ${n}, '2026-01-01', ${recording}, ${id.album}, ${store}, 'US', 'stream', ${quantity}, ${net}, 'USD', '')`;
      await tx.execute(sql`insert into statement_lines (organization_id, import_id, line_number, sale_month,
            recording_id, release_id, store, territory, sale_type, quantity, net, currency, raw)
          values ${sql.join(
            [
              line(1, null, 'Spotify', 10, '1.00'),
              line(2, null, 'Spotify', 11, '0.01'),
              line(3, id.One!, 'Spotify', 5, '0.50'),
              line(4, null, 'Apple Music', 2, '0.02'),
            ],
            sql`, `,
          )}`);
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('sums a release’s lines first, then spreads each sum over its tracks; the parts add up exactly', async () => {
    const rows = await server.database.withOrg(org, (tx) =>
      periodReceipts(tx, org, [importId], '2026-01', '2026-03'),
    );
    const title = new Map(Object.entries(id).map(([k, v]) => [v, k]));
    const got = rows
      .map((r) => [title.get(r.recording_id), r.store, r.quantity, canonicalDecimal(r.net)] as const)
      .sort((a, b) => `${a[1]}${a[0]}`.localeCompare(`${b[1]}${b[0]}`));
    // Spotify, release only: 10 + 11 = 21 streams, 1.00 + 0.01 = 1.01 net, over 3 tracks:
    //   21 / 3 = 7 each; trunc(1.01 / 3, 12) = 0.336666666666 for tracks 1 and 2, and track 3 takes
    //   1.01 - 2 × 0.336666666666 = 0.336666666668. (Line by line it was 3 + 3 streams for tracks
    //   1 and 2 and 4 + 5 for track 3.)
    //   Track 1 also has its own line: 5 streams, 0.50 → 12 streams, 0.836666666666.
    // Apple Music, release only: 2 streams, 0.02: 2 / 3 = 0, 0 and the rest 2;
    //   trunc(0.02 / 3, 12) = 0.006666666666 twice, and 0.02 - 0.013333333332 = 0.006666666668.
    expect(got).toEqual([
      ['One', 'Apple Music', 0, '0.006666666666'],
      ['Three', 'Apple Music', 2, '0.006666666668'],
      ['Two', 'Apple Music', 0, '0.006666666666'],
      ['One', 'Spotify', 12, '0.836666666666'],
      ['Three', 'Spotify', 7, '0.336666666668'],
      ['Two', 'Spotify', 7, '0.336666666666'],
    ]);
    // Exactly: the parts add up to the lines, store by store (1.01 + 0.50 and 0.02).
    const total = (store: string) =>
      canonicalDecimal(sumDecimals(rows.filter((r) => r.store === store).map((r) => r.net)));
    expect([total('Spotify'), total('Apple Music')]).toEqual(['1.51', '0.02']);
  });
});
