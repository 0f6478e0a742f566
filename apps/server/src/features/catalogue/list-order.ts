import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { createVersionedCache, organizationVersions } from '../../platform/cache/versioned-cache.ts';

/**
 * Pages from this offset on are taken from the list's kept order (decision 0033); nearer the top a
 * page walks at most this many index entries, which costs less than reading the whole order.
 */
export const ORDER_FROM_OFFSET = 1000;

const ID_BYTES = 16;

/**
 * Rows are read from a kept order a block at a time (four pages of 50): a member scrolling asks for
 * the next pages next, and one statement for 200 rows costs far less than four for 50 (decision 0033).
 */
export const BLOCK_ROWS = 200;
/** Blocks kept per server copy: three for each of 30 members scrolling at once, and some. */
const BLOCK_ENTRIES = 100;
/** Blocks read ahead of the one a page is in. */
const READ_AHEAD_BLOCKS = 2;

/** A bytea as the drivers hand it back (pg: a Buffer, PGlite: a Uint8Array; null: no rows). */
export function asBuffer(bytes: Uint8Array | null | undefined): Buffer {
  if (!bytes) return Buffer.alloc(0);
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The promise's value if it settles within ms, else undefined (a rejection within ms is thrown). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How many ids a packed order holds. */
export const orderLength = (packed: Buffer) => packed.length / ID_BYTES;

/** The ids from `offset`, at most `limit` of them, as UUID text. */
export function idsAt(packed: Buffer, offset: number, limit: number): string[] {
  const ids: string[] = [];
  const end = Math.min(orderLength(packed), offset + limit);
  for (let index = offset; index < end; index++) {
    const hex = packed.toString('hex', index * ID_BYTES, (index + 1) * ID_BYTES);
    ids.push(
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    );
  }
  return ids;
}

/**
 * Each catalogue list's order (every matching row's id, in the list's sort) kept per filters and
 * sort under the version its rows' order and membership depend on (decision 0033): the count version
 * (migration 0027: it rises when a row comes or goes or a sorted or filtered column changes), or
 * the data version for a sort on the last change, which any save moves. A page deep in the list is
 * then a slice of ids and a primary-key read of its rows (a block of 200 at a time), instead of a
 * walk of the sort's index to its offset on every request; the order's length is the list's total. Bounded in bytes
 * (`CATALOGUE_ORDER_CACHE_MB`); misses at one version share one read.
 */
export function createListOrders(ctx: AppContext) {
  const cache = createVersionedCache<Buffer>(
    ctx.config.CATALOGUE_ORDER_CACHE_MB * 1024 * 1024,
    (packed) => packed.length + 200,
  );
  // Blocks of rows, read with their contents: kept under the data version (any save changes a row),
  // and only a few: a block serves the pages a member scrolls through next, and 1,000 kept blocks
  // (200,000 rows) made the garbage collector's work cost more than the reads they saved.
  const blocks = createVersionedCache<unknown[]>(Math.min(BLOCK_ENTRIES, ctx.config.CATALOGUE_CACHE_ENTRIES));
  const versionsOf = async (member: Member) =>
    member.countVersion !== undefined && member.dataVersion !== undefined
      ? { count: member.countVersion, data: member.dataVersion }
      : organizationVersions(ctx.database, member.organizationId);
  const orderKey = (member: Member, list: string, query: { sort: string }) =>
    `${member.organizationId}:${list}:${JSON.stringify(query)}`;

  return {
    /** Whether a page at this offset is taken from the kept order. */
    serves: (offset: number) => cache.enabled && offset >= ORDER_FROM_OFFSET,

    /**
     * The page of the list at offset (at most `limit` rows) and the list's total: the ids from the
     * kept order (read by `readOrder` when the version moved on), their rows by `readRows`, a block
     * of BLOCK_ROWS at a time. Undefined while the order is being read (`CATALOGUE_ORDER_WAIT_MS`
     * past): the caller then walks the index for this page.
     */
    async page<T>(
      member: Member,
      list: string,
      query: { sort: string },
      offset: number,
      limit: number,
      readOrder: () => Promise<Buffer>,
      readRows: (ids: string[]) => Promise<T[]>,
    ): Promise<{ rows: T[]; total: number } | undefined> {
      const versions = await versionsOf(member);
      const key = orderKey(member, list, query);
      const orderVersion = query.sort === 'updated' ? `d${versions.data}` : `c${versions.count}`;
      const now = new Date();
      let order = cache.get(key, orderVersion, now);
      if (!order) {
        // The first pages after a change do not queue behind the order's read (100 ms for 100,000
        // rows alone, several times that under load): past a short wait they walk the index, as
        // pages nearer the top do, while the order is read for the pages after them.
        const reading = cache.through(key, orderVersion, now, readOrder);
        reading.catch(() => {});
        order = await within(reading, ctx.config.CATALOGUE_ORDER_WAIT_MS);
        if (!order) return undefined;
      }
      const total = orderLength(order);
      const end = Math.min(total, offset + limit);
      const blockVersion = `${orderVersion}:${versions.data}`;
      const blockAt = (block: number) =>
        blocks.through(`${key}:${block}`, blockVersion, new Date(), () =>
          readRows(idsAt(order, block * BLOCK_ROWS, BLOCK_ROWS)),
        ) as Promise<T[]>;
      // Without kept blocks (CATALOGUE_CACHE_ENTRIES=0) a page reads its own rows only.
      if (!blocks.enabled) return { rows: await readRows(idsAt(order, offset, end - offset)), total };
      const first = Math.floor(offset / BLOCK_ROWS);
      const last = Math.floor((Math.max(end, offset + 1) - 1) / BLOCK_ROWS);
      // Read ahead when the list is being scrolled (the block before this page's was read at this
      // version): the next blocks are read while this page is answered, so the member scrolling on
      // finds them ready. A page asked alone (a jump, or a page asked again after a save) reads its
      // own block only. A read ahead that fails is read again when asked for.
      if (first > 0 && blocks.has(`${key}:${first - 1}`, blockVersion, now))
        for (let block = last + 1; block <= last + READ_AHEAD_BLOCKS && block * BLOCK_ROWS < total; block++)
          blockAt(block).catch(() => {});
      const rows: T[] = [];
      for (let block = first; block * BLOCK_ROWS < end; block++) {
        const start = block * BLOCK_ROWS;
        rows.push(...(await blockAt(block)).slice(Math.max(0, offset - start), end - start));
      }
      return { rows, total };
    },
  };
}
