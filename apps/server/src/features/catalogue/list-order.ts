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
/**
 * Blocks read for later (ahead of a member scrolling, or around a page asked alone) are read at most
 * this many at once per server copy, in the order asked: when 20 members jump or cross a block
 * together, their 20 reads of 200 rows would otherwise take both cores at once (40-90 ms in which
 * every answer waits, PERFORMANCE run 7), while nobody waits for them yet.
 */
const READS_FOR_LATER = 2;
/** Reads for later waiting at most; past it the oldest is dropped (read when asked for). */
const READS_FOR_LATER_WAITING = 64;

/**
 * Runs tasks at most `concurrency` at once, in the order added; a task added again under a key still
 * waiting is not added twice. Past `maxWaiting`, the oldest waiting is dropped. A task's failure is
 * its own (what it was reading is read again when asked for).
 */
export function createBackgroundQueue(concurrency: number, maxWaiting: number) {
  const waiting = new Map<string, () => Promise<unknown>>();
  let running = 0;
  const next = () => {
    while (running < concurrency && waiting.size > 0) {
      const [key, task] = waiting.entries().next().value!;
      waiting.delete(key);
      running++;
      task()
        .catch(() => {})
        .finally(() => {
          running--;
          next();
        });
    }
  };
  return {
    add(key: string, task: () => Promise<unknown>) {
      if (waiting.has(key)) return;
      if (waiting.size >= maxWaiting) waiting.delete(waiting.keys().next().value!);
      waiting.set(key, task);
      next();
    },
    /** Whether a task is waiting under key (not yet started). */
    has: (key: string) => waiting.has(key),
    get running() {
      return running;
    },
    get waiting() {
      return waiting.size;
    },
  };
}

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

/**
 * The ids from `offset`, at most `limit` of them, as UUID text; `reversed` reads the order from its
 * end (a list sorted descending is its ascending order reversed: see `page`).
 */
export function idsAt(packed: Buffer, offset: number, limit: number, reversed = false): string[] {
  const ids: string[] = [];
  const length = orderLength(packed);
  const end = Math.min(length, offset + limit);
  for (let position = offset; position < end; position++) {
    const index = reversed ? length - 1 - position : position;
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
  const forLater = createBackgroundQueue(READS_FOR_LATER, READS_FOR_LATER_WAITING);
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
     * kept order (read by `readAscending` when the version moved on), their rows by `readRows`, a
     * block of BLOCK_ROWS at a time. Undefined while the order is being read
     * (`CATALOGUE_ORDER_WAIT_MS` past): the caller then walks the index for this page.
     *
     * One order serves both directions: `readAscending` reads the list sorted up (`order by key,
     * id`), and sorted down (`order by key desc, id desc`) is exactly that order reversed, nulls
     * included (PostgreSQL puts them last going up and first going down), so the second direction of
     * a list costs no read of its own.
     */
    async page<T>(
      member: Member,
      list: string,
      { dir, ...query }: { sort: string; dir: 'asc' | 'desc' },
      offset: number,
      limit: number,
      readAscending: () => Promise<Buffer>,
      readRows: (ids: string[]) => Promise<T[]>,
    ): Promise<{ rows: T[]; total: number } | undefined> {
      const versions = await versionsOf(member);
      const key = orderKey(member, list, query);
      const reversed = dir === 'desc';
      const orderVersion = query.sort === 'updated' ? `d${versions.data}` : `c${versions.count}`;
      const now = new Date();
      let order = cache.get(key, orderVersion, now);
      if (!order) {
        // The first pages after a change do not queue behind the order's read (100 ms for 100,000
        // rows alone, several times that under load): past a short wait they walk the index, as
        // pages nearer the top do, while the order is read for the pages after them.
        const reading = cache.through(key, orderVersion, now, readAscending);
        reading.catch(() => {});
        order = await within(reading, ctx.config.CATALOGUE_ORDER_WAIT_MS);
        if (!order) return undefined;
      }
      const total = orderLength(order);
      const end = Math.min(total, offset + limit);
      const blockVersion = `${orderVersion}:${versions.data}`;
      const blockKey = (block: number) => `${key}:${dir}:${block}`;
      const blockAt = (block: number) =>
        blocks.through(blockKey(block), blockVersion, new Date(), () =>
          readRows(idsAt(order, block * BLOCK_ROWS, BLOCK_ROWS, reversed)),
        ) as Promise<T[]>;
      // Without kept blocks (CATALOGUE_CACHE_ENTRIES=0) a page reads its own rows only.
      if (!blocks.enabled)
        return { rows: await readRows(idsAt(order, offset, end - offset, reversed)), total };
      const first = Math.floor(offset / BLOCK_ROWS);
      const last = Math.floor((Math.max(end, offset + 1) - 1) / BLOCK_ROWS);
      const laterKey = (block: number) => `${blockKey(block)}\u0000${blockVersion}`;
      // Read, being read, or waiting to be read for later (a page that needs it reads it now).
      const known = (block: number) =>
        blocks.has(blockKey(block), blockVersion, now) ||
        blocks.pending(blockKey(block), blockVersion) ||
        forLater.has(laterKey(block));
      const readLater = (from: number, to: number) => {
        for (let block = from; block <= to && block * BLOCK_ROWS < total; block++)
          forLater.add(laterKey(block), () => blockAt(block));
      };
      // The list is being scrolled when the block before this page's was read at this version.
      const scrolling = first > 0 && known(first - 1);
      let kept = true;
      for (let block = first; block <= last; block++) kept &&= known(block);
      if (!scrolling && !kept) {
        // A page asked alone (a jump, or a page asked again after a save): its own rows are read
        // for it, and its block and the next for later, so the member who scrolls on from here
        // finds them ready and 20 members jumping at once do not read 20 blocks at once.
        const rows = await readRows(idsAt(order, offset, end - offset, reversed));
        readLater(first, last + 1);
        return { rows, total };
      }
      // Scrolling: the next blocks are read for later while this page is answered. A page whose
      // block is still waiting among the reads for later reads it now (the waiting read then finds
      // it kept).
      if (scrolling) readLater(last + 1, last + READ_AHEAD_BLOCKS);
      const rows: T[] = [];
      for (let block = first; block * BLOCK_ROWS < end; block++) {
        const start = block * BLOCK_ROWS;
        rows.push(...(await blockAt(block)).slice(Math.max(0, offset - start), end - start));
      }
      return { rows, total };
    },
  };
}
