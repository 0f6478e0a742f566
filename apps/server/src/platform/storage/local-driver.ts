import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors.ts';
import type { ByteRange, ObjectInfo, ObjectStream, PutOptions, StorageDriver } from './driver.ts';
import { parseKey } from './keys.ts';
import type { ObjectReader } from './upload-rules.ts';
import type { UrlSigner } from './url-signer.ts';

export const OBJECT_URL_PREFIX = '/storage/v1/object/';

export interface LocalPutOptions extends PutOptions {
  /** Refuse (413) as soon as more bytes than this arrive. */
  maxBytes?: number;
  /** Runs on the complete staged file before it becomes visible; throwing discards the upload. */
  check?: (staged: ObjectReader) => Promise<unknown>;
}

/** Query parameters of a signed object URL. */
export interface SignedQuery {
  exp?: string | undefined;
  sig?: string | undefined;
  ct?: string | undefined;
  max?: string | undefined;
}

export interface LocalDiskDriver extends StorageDriver {
  readonly kind: 'local';
  put(key: string, body: Readable | Buffer, options: LocalPutOptions): Promise<ObjectInfo>;
  /** Checks a GET URL's signature and expiry; 403 otherwise. */
  verifyGet(key: string, query: SignedQuery): void;
  /** Checks a PUT URL; returns the Content-Type and size limit it was signed for. */
  verifyPut(key: string, query: SignedQuery): { contentType: string; maxBytes: number };
  /**
   * Removes staged uploads (under `root/tmp`) not written to for `maxIdleMs`: what a crash or a
   * killed process left behind. An upload in progress writes all the time and is kept. Answers
   * how many files were removed.
   */
  sweepStaged(maxIdleMs: number, now?: number): Promise<number>;
}

const tooLarge = () => new AppError('payload_too_large', 'The file is larger than this upload allows.');

/**
 * Files under `root/objects/{key}`, their content type and size under `root/meta/{key}.json`, and
 * uploads staged in `root/tmp` then renamed into place, so a failed or refused upload never leaves
 * a partial file where a reader could find it. URLs point at the app itself
 * (`/storage/v1/object/{key}`) and carry an HMAC signature with an expiry.
 */
export function createLocalDiskDriver(options: {
  root: string;
  appUrl: string;
  signer: UrlSigner;
}): LocalDiskDriver {
  const root = resolve(options.root);
  const objectsDir = join(root, 'objects');
  const metaDir = join(root, 'meta');
  const tmpDir = join(root, 'tmp');
  const { signer, appUrl } = options;

  /** Paths for a key; refuses anything buildKey could not have made, so no path leaves the root. */
  function paths(key: string) {
    if (!parseKey(key)) throw new AppError('not_found', 'File not found');
    const data = join(objectsDir, ...key.split('/'));
    if (!data.startsWith(objectsDir + sep)) throw new AppError('not_found', 'File not found');
    return { data, meta: `${join(metaDir, ...key.split('/'))}.json` };
  }

  async function readInfo(key: string): Promise<ObjectInfo | null> {
    const p = paths(key);
    let size: number;
    try {
      size = (await stat(p.data)).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    let contentType = 'application/octet-stream';
    try {
      contentType = (JSON.parse(await readFile(p.meta, 'utf8')) as { contentType: string }).contentType;
    } catch {
      // Metadata is written before the data is renamed in; a missing one only happens if someone
      // removed it by hand, and the file is then served as an attachment.
    }
    return { size, contentType };
  }

  function fileReader(path: string, size: number): ObjectReader {
    return {
      size,
      async read(start, end) {
        const fh = await open(path, 'r');
        try {
          const length = Math.max(0, Math.min(end, size - 1) - start + 1);
          const buf = Buffer.alloc(length);
          const { bytesRead } = await fh.read(buf, 0, length, start);
          return buf.subarray(0, bytesRead);
        } finally {
          await fh.close();
        }
      },
    };
  }

  const objectUrl = (key: string, params: Record<string, string>) =>
    `${appUrl}${OBJECT_URL_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}?${new URLSearchParams(params)}`;

  const expiryOf = (query: SignedQuery) =>
    query.exp && /^\d{1,12}$/.test(query.exp) ? Number(query.exp) : Number.NaN;

  return {
    kind: 'local',

    async put(key, body, opts) {
      const p = paths(key);
      await mkdir(tmpDir, { recursive: true });
      const staged = join(tmpDir, randomUUID());
      const limit = opts.maxBytes ?? Number.POSITIVE_INFINITY;
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(size > limit ? tooLarge() : null, chunk);
        },
      });
      try {
        if (Buffer.isBuffer(body)) {
          await pipeline(Readable.from([body]), counter, createWriteStream(staged, { flags: 'wx' }));
        } else {
          // pipe(), not pipeline(): a refused upload must not destroy the request (that would close
          // the socket before the 413 is sent). The rest of the body is drained instead.
          const source = new PassThrough();
          const done = pipeline(source, counter, createWriteStream(staged, { flags: 'wx' }));
          body.on('error', (err) => source.destroy(err));
          body.on('close', () => {
            if (!body.readableEnded) source.destroy(new Error('upload aborted'));
          });
          body.pipe(source);
          try {
            await done;
          } catch (err) {
            body.unpipe(source);
            body.resume();
            throw err;
          }
        }
        if (opts.check) await opts.check(fileReader(staged, size));
        await mkdir(dirname(p.meta), { recursive: true });
        const metaTmp = join(tmpDir, `${randomUUID()}.json`);
        await writeFile(metaTmp, JSON.stringify({ contentType: opts.contentType, size }));
        await rename(metaTmp, p.meta);
        await mkdir(dirname(p.data), { recursive: true });
        await rename(staged, p.data);
      } catch (err) {
        await rm(staged, { force: true }).catch(() => {});
        throw err;
      }
      return { size, contentType: opts.contentType };
    },

    async getStream(key, range?: ByteRange): Promise<ObjectStream | null> {
      const info = await readInfo(key);
      if (!info) return null;
      const { data } = paths(key);
      if (range) {
        const end = Math.min(range.end, info.size - 1);
        return {
          ...info,
          body: createReadStream(data, { start: range.start, end }),
          range: { start: range.start, end },
        };
      }
      return { ...info, body: createReadStream(data) };
    },

    head: readInfo,

    async delete(key) {
      const p = paths(key);
      await rm(p.data, { force: true });
      await rm(p.meta, { force: true });
    },

    async signedGetUrl(key, expiresInSeconds) {
      paths(key);
      const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
      const sig = signer.sign({ method: 'GET', key, exp });
      return { url: objectUrl(key, { exp: String(exp), sig }), expiresAt: new Date(exp * 1000) };
    },

    async signedPutUrl(key, contentType, maxBytes, expiresInSeconds) {
      paths(key);
      const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
      const sig = signer.sign({ method: 'PUT', key, exp, contentType, maxBytes });
      return objectUrl(key, { exp: String(exp), ct: contentType, max: String(maxBytes), sig });
    },

    verifyGet(key, query) {
      signer.verify({ method: 'GET', key, exp: expiryOf(query) }, query.sig);
    },

    async sweepStaged(maxIdleMs, now = Date.now()) {
      let names: string[];
      try {
        names = await readdir(tmpDir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw err;
      }
      let removed = 0;
      for (const name of names) {
        const path = join(tmpDir, name);
        try {
          const info = await stat(path);
          if (!info.isFile() || now - info.mtimeMs < maxIdleMs) continue;
          await rm(path, { force: true });
          removed++;
        } catch (err) {
          // Renamed into place or removed by its own upload meanwhile: nothing left to sweep.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
      return removed;
    },

    verifyPut(key, query) {
      const maxBytes = query.max && /^\d{1,15}$/.test(query.max) ? Number(query.max) : Number.NaN;
      const contentType = query.ct ?? '';
      signer.verify({ method: 'PUT', key, exp: expiryOf(query), contentType, maxBytes }, query.sig);
      return { contentType, maxBytes };
    },
  };
}
