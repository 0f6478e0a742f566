import type { RecordingRowDto } from '@music-review/core/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, setPlan } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { BLOCK_ROWS, createBackgroundQueue, createListOrders, ORDER_FROM_OFFSET } from './list-order.ts';

type Account = Awaited<ReturnType<typeof adminWithLabel>>;
type Page = { rows: RecordingRowDto[]; total: number };

const BASE = '/api/v1/catalogue/recordings';
/** Enough recordings that pages from ORDER_FROM_OFFSET on exist: 1,000 and a bit. */
const LABEL_ROWS = ORDER_FROM_OFFSET + 100;
const SORTS = ['title', 'artist', 'year', 'isrc', 'updated'] as const;

// Pages deep in a list (from ORDER_FROM_OFFSET) are taken from the list's kept order (decision
// 0033); nearer the top they walk the sort's index. Both must give one and the same order.
describe('catalogue lists: pages deep in a list', () => {
  let server: TestServer;
  let admin: Account;
  let outsider: Account;

  const page = async (query: string) => {
    const res = await server.app.inject({ method: 'GET', url: `${BASE}?${query}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return res.json<Page>();
  };
  const owner = () => server.database.asOwner('tests build rows directly');
  /** A save through the API of what no list counts: it raises the data version only. */
  const saveGenre = async (row: RecordingRowDto, genre: string) => {
    const res = await server.app.inject({
      method: 'PATCH',
      url: `${BASE}/${row.id}`,
      headers: admin.headers,
      payload: { row_version: row.row_version, genre },
    });
    expect(res.statusCode).toBe(200);
  };

  /** A rename with the triggers off: no version rises, so whatever is kept is served as it was. */
  const renameQuietly = (id: string, title: string) =>
    server.database.asOwnerTransaction('tests change a row without raising the versions', async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update recordings set title = ${title} where id = ${id}`);
    });

  beforeAll(async () => {
    // Every deep page waits for its list's order (the default 20 ms wait would let a slow first
    // read walk instead, which answers the same but would not show the kept order at work).
    server = await createTestServer({ CATALOGUE_ORDER_WAIT_MS: '60000' });
    admin = await adminWithLabel(server.app, 'Deep Lists');
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    await setPlan(server.database, admin.organization.id, 'Label');
    // Titles repeat (ties broken by id), some years and ISRCs are missing (nulls sort last going
    // up, first going down), and the last changes are all different.
    await owner().execute(sql`insert into recordings
        (organization_id, title, display_artist, isrc, recording_year, origin, updated_at)
      select ${admin.organization.id}, 'Song ' || (i % 400), 'Artist ' || (i % 37),
        case when i % 7 = 0 then null else 'GBAAA26' || lpad(i::text, 5, '0') end,
        case when i % 5 = 0 then null else 1990 + i % 30 end, 'imported',
        now() - i * interval '1 minute'
      from generate_series(1, ${LABEL_ROWS}) i`);
    await owner().execute(sql`insert into recordings (organization_id, title, display_artist, origin)
      select ${outsider.organization.id}, 'Song ' || i, 'Theirs', 'imported' from generate_series(1, 50) i`);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('gives the same order as the index walk, for every sort both ways, with the whole total', async () => {
    for (const sort of SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        // 40 rows across the line: the first 20 walked, the rest from the kept order.
        const walked = await page(`sort=${sort}&dir=${dir}&offset=${ORDER_FROM_OFFSET - 20}&limit=40`);
        const ordered = await page(`sort=${sort}&dir=${dir}&offset=${ORDER_FROM_OFFSET}&limit=20`);
        expect(ordered.total, `${sort} ${dir}`).toBe(LABEL_ROWS);
        expect(
          ordered.rows.map((r) => r.id),
          `${sort} ${dir}`,
        ).toEqual(walked.rows.slice(20).map((r) => r.id));
        expect(ordered.rows[0]).toEqual(walked.rows[20]);
      }
    }
  });

  it('writes a row the same either way, to the millisecond of its last change', async () => {
    // The two ways read a row through different statements (the walk through the query builder,
    // which hands the timestamp over as PostgreSQL writes it; the kept order's prepared statement
    // as ISO text the database formats): the answer must not show which way a page came, and both
    // cut microseconds to the millisecond below.
    const walked = await page(`sort=title&offset=${ORDER_FROM_OFFSET - 1}&limit=2`);
    const target = walked.rows[1]!;
    await owner().execute(
      sql`update recordings set updated_at = '2026-03-04 05:06:07.129999+00' where id = ${target.id}`,
    );
    const again = await page(`sort=title&offset=${ORDER_FROM_OFFSET - 1}&limit=2`);
    const ordered = await page(`sort=title&offset=${ORDER_FROM_OFFSET}&limit=1`);
    expect(again.rows[1]!.updated_at).toBe('2026-03-04T05:06:07.129Z');
    expect(ordered.rows).toEqual([again.rows[1]]);
  });

  it('reaches every row of the label once, none of another label’s, and ends where the list ends', async () => {
    const seen = new Set<string>();
    for (let offset = 0; offset < LABEL_ROWS; offset += 200) {
      const { rows, total } = await page(`sort=title&offset=${offset}&limit=200`);
      expect(total).toBe(LABEL_ROWS);
      for (const row of rows) seen.add(row.id);
    }
    expect(seen.size).toBe(LABEL_ROWS);
    const [theirs] = await queryRows<{ n: number }>(
      owner(),
      sql`select count(*)::int as n from recordings where organization_id = ${outsider.organization.id}
          and id in (${sql.join(
            [...seen].map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
    );
    expect(theirs!.n).toBe(0);
    expect(await page(`sort=title&offset=${LABEL_ROWS - 10}&limit=50`)).toMatchObject({ total: LABEL_ROWS });
    expect((await page(`sort=title&offset=${LABEL_ROWS - 10}&limit=50`)).rows).toHaveLength(10);
    expect(await page(`sort=title&offset=${LABEL_ROWS}&limit=50`)).toEqual({ rows: [], total: LABEL_ROWS });
  });

  it('walks the index for a deep page while its list’s order is still being read, with the same answer', async () => {
    // A second server on the same database that never waits for an order.
    const eager = await createTestServer({ CATALOGUE_ORDER_WAIT_MS: '0' }, server.database);
    try {
      for (const query of ['sort=artist&dir=desc', 'sort=year', 'q=song&sort=isrc']) {
        const at = `${query}&offset=${ORDER_FROM_OFFSET + 7}&limit=30`;
        const res = await eager.app.inject({ method: 'GET', url: `${BASE}?${at}`, headers: admin.headers });
        expect(res.statusCode).toBe(200);
        expect(res.json<Page>(), query).toEqual(await page(at));
      }
    } finally {
      await eager.close();
    }
  });

  it('keeps the order of a search and a filter too', async () => {
    for (const query of ['q=song', 'origin=imported']) {
      const walked = await page(`${query}&sort=artist&offset=${ORDER_FROM_OFFSET - 10}&limit=30`);
      const ordered = await page(`${query}&sort=artist&offset=${ORDER_FROM_OFFSET}&limit=20`);
      expect(ordered.total).toBe(LABEL_ROWS);
      expect(ordered.rows.map((r) => r.id)).toEqual(walked.rows.slice(10).map((r) => r.id));
    }
  });

  it('keeps the order until a count changes and the rows until any change; then reads them again', async () => {
    const at = `sort=title&offset=${ORDER_FROM_OFFSET + 30}&limit=5`;
    const before = await page(at);
    // Asked alone, the page read its own rows and started reading its block: asked again, it waits
    // for that block and is kept with it.
    expect(await page(at)).toEqual(before);
    const target = before.rows[0]!;
    // A rename with the triggers off raises no version: what is kept is served (this page was not
    // asked before, but its rows were read with the block around them).
    await renameQuietly(target.id, 'Aaa renamed');
    const kept = await page(`sort=title&offset=${ORDER_FROM_OFFSET + 30}&limit=4`);
    expect(kept.rows[0]).toEqual(target);
    // A save that no count reads (a genre) raises the data version only: the rows are read again,
    // the order is kept, so the renamed row shows its new title in its old place.
    await saveGenre(before.rows[4]!, 'Soul');
    const reread = await page(`sort=title&offset=${ORDER_FROM_OFFSET + 30}&limit=3`);
    expect(reread.rows[0]).toMatchObject({ id: target.id, title: 'Aaa renamed' });
    // A recording added through the API comes first under its title: every row moves down one.
    const res = await server.app.inject({
      method: 'POST',
      url: BASE,
      headers: admin.headers,
      payload: { title: 'Aaa added', display_artist: 'New' },
    });
    expect(res.statusCode).toBe(201);
    expect((await page(`sort=title&offset=${ORDER_FROM_OFFSET + 40}&limit=3`)).total).toBe(LABEL_ROWS + 1);
    const top = await page('sort=title&limit=2');
    expect(top.rows.map((r) => r.title)).toEqual(['Aaa added', 'Aaa renamed']);
    // The rows after the renamed one had it above them already: one more above them now.
    const shifted = await page(`sort=title&offset=${ORDER_FROM_OFFSET + 32}&limit=4`);
    expect(shifted.rows.map((r) => r.id)).toEqual(before.rows.slice(1, 5).map((r) => r.id));
  });

  it('reads a page’s rows again by id after a save no count sees, and computes it again after one a count sees', async () => {
    for (const at of [
      'sort=title&offset=40&limit=5',
      `sort=title&offset=${ORDER_FROM_OFFSET + 60}&limit=5`,
    ]) {
      const before = await page(at);
      const target = before.rows[2]!;
      // A rename with the triggers off raises no version: the kept page is answered as it was.
      await renameQuietly(target.id, 'Zzz moved');
      expect(await page(at)).toEqual(before);
      // A genre saved (data version only): the same rows in the same places, each read again.
      await saveGenre(before.rows[0]!, 'Blues');
      const reread = await page(at);
      expect(reread.rows.map((r) => r.id)).toEqual(before.rows.map((r) => r.id));
      expect(reread.rows[0]).toMatchObject({ genre: 'Blues' });
      expect(reread.rows[2]).toMatchObject({ id: target.id, title: 'Zzz moved' });
      // A title changed (counted): the page is computed again, and the renamed row has left it.
      await owner().execute(sql`update recordings set title = 'Zzz moved on' where id = ${target.id}`);
      const moved = await page(at);
      expect(moved.rows.map((r) => r.id)).not.toContain(target.id);
    }
  });

  it('orders by last change again after any save, though no count changed', async () => {
    const { total } = await page('sort=updated&limit=1');
    // Both ways read (and keep) the order first, going down the oldest change is the last row.
    const end = `sort=updated&dir=asc&offset=${total - 1}&limit=1`;
    const newestBefore = (await page(end)).rows[0]!;
    const oldest = (await page(`sort=updated&dir=desc&offset=${total - 1}&limit=1`)).rows[0]!;
    expect(oldest.id).not.toBe(newestBefore.id);
    await saveGenre(oldest, 'Jazz');
    // The oldest change is now the newest: going up it is the last row, far past the line.
    expect((await page(end)).rows.map((r) => r.id)).toEqual([oldest.id]);
  });
});

// One read of a list's order serves it both ways: going down is the ascending order reversed.
describe('catalogue lists: one kept order for both directions', () => {
  const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const packed = (count: number) =>
    Buffer.concat(Array.from({ length: count }, (_, i) => Buffer.from(ID(i + 1).replaceAll('-', ''), 'hex')));
  const member = {
    organizationId: 'org-1',
    countVersion: '1',
    dataVersion: '1',
  } as unknown as Parameters<ReturnType<typeof createListOrders>['page']>[0];
  const orders = () =>
    createListOrders({
      config: {
        CATALOGUE_ORDER_CACHE_MB: 64,
        CATALOGUE_CACHE_ENTRIES: 1000,
        CATALOGUE_ORDER_WAIT_MS: 60_000,
      },
    } as unknown as AppContext);

  it('reads the ascending order once and serves the descending pages from its end', async () => {
    const lists = orders();
    const total = ORDER_FROM_OFFSET + 10;
    let reads = 0;
    const readAscending = async () => {
      reads++;
      return packed(total);
    };
    const at = (sort: string, dir: 'asc' | 'desc', offset: number, limit: number) =>
      lists.page(member, 'recordings', { sort, dir }, offset, limit, readAscending, async (ids) => ids);
    expect(await at('title', 'desc', 0, 3)).toEqual({
      rows: [ID(total), ID(total - 1), ID(total - 2)],
      total,
    });
    expect(await at('title', 'asc', total - 2, 5)).toEqual({ rows: [ID(total - 1), ID(total)], total });
    expect((await at('title', 'desc', total - 1, 5))?.rows).toEqual([ID(1)]);
    expect(reads).toBe(1);
    // Another sort is another order.
    await at('year', 'desc', 0, 1);
    expect(reads).toBe(2);
  });

  it('answers a page asked alone from its own rows, reads its block and the next for later, and scrolls on from them', async () => {
    const lists = orders();
    const total = ORDER_FROM_OFFSET + 4 * BLOCK_ROWS;
    const reads: number[][] = [];
    const readRows = async (ids: string[]) => {
      reads.push([ids.length, Number(ids[0]!.slice(-12))]);
      return ids;
    };
    const at = (offset: number) =>
      lists.page(
        member,
        'recordings',
        { sort: 'title', dir: 'asc' },
        offset,
        50,
        async () => packed(total),
        readRows,
      );
    // The fourth page of the block from ORDER_FROM_OFFSET: its 50 rows, then that block and the next.
    const jump = ORDER_FROM_OFFSET + 150;
    const answer = await at(jump);
    expect(answer?.rows).toHaveLength(50);
    expect(answer?.rows[0]).toBe(ID(jump + 1));
    expect(reads).toEqual([
      [50, jump + 1],
      [BLOCK_ROWS, ORDER_FROM_OFFSET + 1],
      [BLOCK_ROWS, ORDER_FROM_OFFSET + BLOCK_ROWS + 1],
    ]);
    // Scrolling on: the next page comes from the block read for later, and the two blocks after it
    // are read ahead.
    const next = await at(jump + 50);
    expect(next?.rows[0]).toBe(ID(jump + 51));
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads.slice(3)).toEqual([
      [BLOCK_ROWS, ORDER_FROM_OFFSET + 2 * BLOCK_ROWS + 1],
      [BLOCK_ROWS, ORDER_FROM_OFFSET + 3 * BLOCK_ROWS + 1],
    ]);
  });

  it('reads at most two blocks for later at once, however many members jump together', async () => {
    const lists = orders();
    const total = ORDER_FROM_OFFSET + 20 * BLOCK_ROWS;
    let laterNow = 0;
    let laterMost = 0;
    const gates: Array<() => void> = [];
    const readRows = async (ids: string[]) => {
      if (ids.length !== BLOCK_ROWS) return ids;
      laterNow++;
      laterMost = Math.max(laterMost, laterNow);
      await new Promise<void>((resolve) => gates.push(resolve));
      laterNow--;
      return ids;
    };
    // 10 members jump at once, each to a block of its own: each answer comes from its own rows.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        lists.page(
          member,
          'recordings',
          { sort: 'title', dir: 'asc' },
          ORDER_FROM_OFFSET + 2 * i * BLOCK_ROWS,
          50,
          async () => packed(total),
          readRows,
        ),
      ),
    );
    expect(answers.map((a) => a?.rows[0])).toEqual(
      Array.from({ length: 10 }, (_, i) => ID(ORDER_FROM_OFFSET + 2 * i * BLOCK_ROWS + 1)),
    );
    for (let released = 0; released < 20; released++) {
      expect(laterNow).toBeLessThanOrEqual(2);
      await vi.waitFor(() => expect(gates.length).toBeGreaterThan(0));
      gates.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(laterMost).toBe(2);
    expect(laterNow).toBe(0);
  });
});

describe('catalogue lists: reads for later', () => {
  it('runs tasks in the order added, at most the concurrency at once, each key once, and drops the oldest waiting past the bound', async () => {
    const queue = createBackgroundQueue(1, 2);
    const ran: string[] = [];
    let release: () => void = () => {};
    queue.add('a', async () => {
      ran.push('a');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    queue.add('b', async () => void ran.push('b'));
    queue.add('b', async () => void ran.push('b again'));
    expect(queue.waiting).toBe(1);
    expect(queue.has('b')).toBe(true);
    queue.add('c', async () => void ran.push('c'));
    // The bound: 'b', the oldest waiting, goes.
    queue.add('d', async () => {
      throw new Error('a failed read for later is nobody’s error');
    });
    expect(queue.has('b')).toBe(false);
    release();
    await vi.waitFor(() => expect(queue.running + queue.waiting).toBe(0));
    expect(ran).toEqual(['a', 'c']);
  });
});
