import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { ObjectStream } from '../../platform/storage/driver.ts';
import { finalizeUpload } from '../../platform/storage/finalize-upload.ts';
import { buildKey, parseKey, type StorageType } from '../../platform/storage/keys.ts';
import type { LocalDiskDriver, SignedQuery } from '../../platform/storage/local-driver.ts';
import { parseRange } from '../../platform/storage/range.ts';
import {
  allowedFamily,
  checkUploadContent,
  normalizeContentType,
} from '../../platform/storage/upload-rules.ts';

const fileNotFound = () => notFound('File not found');

export interface PresignInput {
  type: StorageType;
  id: string;
  filename: string;
  contentType: string;
}

/** Where a download starts: a whole file, a range of it, or 416 with the object's size. */
export type Download =
  | { kind: 'unsatisfiable'; size: number }
  | { kind: 'ok'; object: ObjectStream; key: string; filename: string };

export function createStorageService(ctx: AppContext) {
  const { driver, limits, uploadUrlTtlSeconds } = ctx.storage;

  /** The key, if it is one of this organization's; another label's key looks exactly like a missing one. */
  function ownKey(organizationId: string, key: string) {
    const parsed = parseKey(key);
    if (!parsed || parsed.organizationId !== organizationId) throw fileNotFound();
    return parsed;
  }

  function localDriver(): LocalDiskDriver {
    if (!ctx.storage.local) throw fileNotFound();
    return ctx.storage.local;
  }

  return {
    /** POST /functions/v1/generate-presigned-url: a PUT URL for a key in the caller's organization. */
    async presignUpload(organizationId: string, input: PresignInput) {
      const key = buildKey(organizationId, input.type, input.id, input.filename);
      const contentType = normalizeContentType(input.contentType);
      let family: ReturnType<typeof allowedFamily>;
      try {
        family = allowedFamily(input.type, contentType);
      } catch (err) {
        throw new AppError('validation_failed', `contentType: ${(err as Error).message}`);
      }
      const presignedUrl = await driver.signedPutUrl(key, contentType, limits[family], uploadUrlTtlSeconds);
      return { success: true as const, data: { presignedUrl, key } };
    },

    /** POST /functions/v1/get-signed-url: a GET URL for an existing file of the organization. */
    async signedUrl(organizationId: string, fileKey: string, expiresIn: number) {
      ownKey(organizationId, fileKey);
      if (!(await driver.head(fileKey))) throw fileNotFound();
      const { url, expiresAt } = await driver.signedGetUrl(fileKey, expiresIn);
      return { success: true as const, url, expiresAt: expiresAt.toISOString() };
    },

    /** POST /functions/v1/confirm-upload: the content check after a direct upload (see finalize-upload.ts). */
    async confirmUpload(organizationId: string, key: string) {
      ownKey(organizationId, key);
      const info = await finalizeUpload(driver, key, limits);
      return { success: true as const, data: { key, size: info.size, contentType: info.contentType } };
    },

    /** PUT /storage/v1/object/{key} (local driver): signature, Content-Type, size, then the bytes. */
    async receiveUpload(
      key: string,
      query: SignedQuery,
      headers: { contentType: string | undefined; contentLength: string | undefined },
      body: Readable,
    ) {
      const local = localDriver();
      const signed = local.verifyPut(key, query);
      const parsed = parseKey(key);
      if (!parsed) throw fileNotFound();
      if (normalizeContentType(headers.contentType) !== signed.contentType) {
        throw new AppError('forbidden', `The upload's Content-Type must be ${signed.contentType}.`);
      }
      if (headers.contentLength && Number(headers.contentLength) > signed.maxBytes) {
        throw new AppError('payload_too_large', 'The file is larger than this upload allows.');
      }
      const stored = await local.put(key, body, {
        contentType: signed.contentType,
        maxBytes: signed.maxBytes,
        check: (staged) => checkUploadContent(parsed.type, signed.contentType, staged, limits),
      });
      return { success: true as const, data: { key, size: stored.size, contentType: stored.contentType } };
    },

    /** GET /storage/v1/object/{key} (local driver): signature, then the file or a range of it. */
    async openDownload(key: string, query: SignedQuery, rangeHeader: string | undefined): Promise<Download> {
      const local = localDriver();
      local.verifyGet(key, query);
      const parsed = parseKey(key);
      const info = parsed ? await local.head(key) : null;
      if (!parsed || !info) throw fileNotFound();
      const range = parseRange(rangeHeader, info.size);
      if (range.kind === 'unsatisfiable') return { kind: 'unsatisfiable', size: info.size };
      const object = await local.getStream(key, range.kind === 'range' ? range : undefined);
      if (!object) throw fileNotFound();
      return { kind: 'ok', object, key, filename: parsed.filename };
    },
  };
}
