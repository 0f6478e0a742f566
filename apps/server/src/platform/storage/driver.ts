import type { Readable } from 'node:stream';

/** What is known of a stored object without reading it. */
export interface ObjectInfo {
  size: number;
  contentType: string;
}

/** An inclusive byte range, already clamped to the object (see range.ts). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ObjectStream extends ObjectInfo {
  body: Readable;
  /** The range served, when one was asked for. `size` is always the whole object's size. */
  range?: ByteRange;
}

export interface PutOptions {
  contentType: string;
  /** Required by the S3 driver for a stream body (a buffer knows its own size). */
  size?: number;
}

/**
 * Where files live. Two drivers: local disk with URLs the app serves and signs itself, and
 * S3-compatible object storage with presigned URLs. Keys come only from keys.ts (`buildKey`).
 */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable | Buffer, options: PutOptions): Promise<ObjectInfo>;
  /** The object's bytes (or a range of them), or null when there is no such object. */
  getStream(key: string, range?: ByteRange): Promise<ObjectStream | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** A URL anyone holding it may GET until it expires. */
  signedGetUrl(key: string, expiresInSeconds: number): Promise<{ url: string; expiresAt: Date }>;
  /**
   * A URL to PUT the object with exactly this Content-Type. The local driver enforces maxBytes
   * while receiving; S3 cannot limit a presigned PUT, so its size is checked when the upload is
   * finalized (finalize-upload.ts).
   */
  signedPutUrl(key: string, contentType: string, maxBytes: number, expiresInSeconds: number): Promise<string>;
  close?(): Promise<void>;
}
