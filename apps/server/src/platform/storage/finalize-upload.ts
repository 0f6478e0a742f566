import type { Readable } from 'node:stream';
import { AppError, notFound } from '../errors.ts';
import type { ObjectInfo, StorageDriver } from './driver.ts';
import { parseKey } from './keys.ts';
import { checkUploadContent, type UploadLimits } from './upload-rules.ts';

/** Collects a stream into one buffer, at most `limit` bytes. */
export async function readStream(body: Readable, limit = Number.POSITIVE_INFINITY): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(b);
    length += b.length;
    if (length >= limit) break;
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

/**
 * Checks a stored object by its bytes and deletes it when it fails (413 too large, 415 not an
 * accepted type). The S3 path relies on it: a presigned PUT cannot check anything, so the client
 * (or the consumer's own completion call) confirms the upload and the object is read back here with
 * ranged GETs. The local driver already ran the same check before storing; running it again is
 * harmless, so clients may always confirm.
 */
export async function finalizeUpload(
  driver: StorageDriver,
  key: string,
  limits: UploadLimits,
): Promise<ObjectInfo> {
  const parsed = parseKey(key);
  const info = parsed ? await driver.head(key) : null;
  if (!parsed || !info) throw notFound('File not found');
  const reader = {
    size: info.size,
    async read(start: number, end: number) {
      const obj = await driver.getStream(key, { start, end });
      if (!obj) throw notFound('File not found');
      return readStream(obj.body, end - start + 1);
    },
  };
  try {
    await checkUploadContent(parsed.type, info.contentType, reader, limits);
  } catch (err) {
    if (err instanceof AppError && (err.status === 413 || err.status === 415)) await driver.delete(key);
    throw err;
  }
  return info;
}
