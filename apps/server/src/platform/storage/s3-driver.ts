import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ObjectInfo, StorageDriver } from './driver.ts';
import { dispositionForKey } from './serving.ts';

export interface S3DriverOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Any S3-compatible store (AWS S3, MinIO, R2, s3rver in tests) through presigned URLs: clients
 * upload and download directly, the app never carries the bytes.
 */
export function createS3Driver(options: S3DriverOptions): StorageDriver {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // Otherwise the SDK signs a CRC32 of the (empty) body into presigned PUT URLs, and the store
    // then refuses every real upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    kind: 's3',

    async put(key, body, opts) {
      const size = Buffer.isBuffer(body) ? body.length : opts.size;
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: opts.contentType,
          ...(size === undefined ? {} : { ContentLength: size }),
        }),
      );
      return { size: size ?? 0, contentType: opts.contentType };
    },

    async getStream(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const total = res.ContentRange?.match(/\/(\d+)$/)?.[1];
        const size = total ? Number(total) : (res.ContentLength ?? 0);
        const served = res.ContentRange?.match(/^bytes (\d+)-(\d+)\//);
        return {
          size,
          contentType: res.ContentType ?? 'application/octet-stream',
          body: res.Body as Readable,
          ...(served ? { range: { start: Number(served[1]), end: Number(served[2]) } } : {}),
        };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async head(key): Promise<ObjectInfo | null> {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async signedGetUrl(key, expiresInSeconds) {
      // The store serves what the URL asks for: the same Content-Disposition as the local driver,
      // so nothing opens as a page (nosniff cannot be asked for this way; see docs).
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: dispositionForKey(key),
      });
      const url = await getSignedUrl(client, command, { expiresIn: expiresInSeconds });
      return { url, expiresAt: new Date(Date.now() + expiresInSeconds * 1000) };
    },

    async signedPutUrl(key, contentType, _maxBytes, expiresInSeconds) {
      // The Content-Type is signed (the presigner signs only Host by default), so the store refuses
      // an upload that claims another type, e.g. text/html. A presigned PUT cannot carry a size
      // limit: finalize-upload.ts checks size and bytes after the upload.
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-type']),
      });
    },

    async close() {
      client.destroy();
    },
  };
}
