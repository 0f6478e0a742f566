import type { Readable } from 'node:stream';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  DEFAULT_TIMEOUT_MS,
  type DeliveryTransport,
  type DestinationConfig,
  type DestinationSecret,
  MAX_READ_BYTES,
  type RemoteFile,
  relativeSegments,
  sizeMismatch,
  TransportError,
  type TransportOptions,
  tooLargeToRead,
} from './transport.ts';

type S3Config = Extract<DestinationConfig, { kind: 's3' }>;

const AUTH_CODES = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'TokenRefreshRequired',
  'AuthorizationHeaderMalformed',
  'InvalidSecurity',
]);
const FULL_CODES = new Set(['QuotaExceeded', 'XMinioStorageFull', 'InsufficientStorage', 'StorageFull']);
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ETIMEDOUT',
]);
const DROPPED_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * A bucket of any S3-compatible store (AWS S3, MinIO, R2, s3rver in tests). Opening checks nothing:
 * the first request says whether the bucket and the key work.
 */
export async function openS3Transport(
  config: S3Config,
  secret: DestinationSecret,
  options: TransportOptions = {},
): Promise<DeliveryTransport> {
  if (!secret.secretAccessKey) {
    // Never fall back to the server's own AWS credentials: a destination uses only its own key.
    throw new TransportError(
      'auth_refused',
      `No secret access key is saved for access key ${config.accessKeyId}: add it in the destination's settings.`,
    );
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const base: S3ClientConfig = {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: secret.secretAccessKey },
    // Signing a checksum of a streamed body would need the body read twice; s3rver and several
    // S3-compatible stores refuse the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // requestTimeout is the longest silence on the socket, not the whole transfer.
    requestHandler: { connectionTimeout: timeoutMs, requestTimeout: Math.max(timeoutMs, 60_000) },
  };
  return new S3Session(
    new S3Client(base),
    // A streamed body cannot be sent twice, so uploads are not retried inside the SDK: the
    // delivery's own retry starts the file again.
    new S3Client({ ...base, maxAttempts: 1 }),
    config,
  );
}

class S3Session implements DeliveryTransport {
  private readonly prefix: string;

  constructor(
    private readonly client: S3Client,
    private readonly putClient: S3Client,
    private readonly config: S3Config,
  ) {
    const prefix = config.prefix.replace(/^\/+/, '');
    this.prefix = prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`;
  }

  async put(path: string, body: Readable, size: number): Promise<void> {
    const key = this.key(relativeSegments(path));
    const counter = new ByteCounter(size);
    const abort = new AbortController();
    let sourceError = null as { error: unknown } | null;
    body.once('error', (error) => {
      if (!counter.mismatch) sourceError ??= { error };
    });
    const piping = pipeline(body, counter).catch((err: unknown) => {
      // The SDK keeps waiting for bytes that will never come unless the request is cancelled.
      abort.abort();
      throw err;
    });
    piping.catch(() => {});
    try {
      await Promise.all([
        this.putClient.send(
          new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: counter, ContentLength: size }),
          { abortSignal: abort.signal },
        ),
        piping,
      ]);
    } catch (err) {
      body.destroy();
      counter.destroy();
      if (counter.mismatch) throw sizeMismatch(path, size, counter.count);
      if (sourceError) throw sourceError.error;
      throw this.mapError(err, 'write', path, counter.count > 0);
    }
  }

  async list(folder: string): Promise<RemoteFile[]> {
    const segments = relativeSegments(folder, { allowRoot: true });
    const listPrefix = segments.length === 0 ? this.prefix : `${this.key(segments)}/`;
    const files: RemoteFile[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.config.bucket,
            Prefix: listPrefix,
            Delimiter: '/',
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(listPrefix.length) ?? '';
          // A zero-byte "folder" object some tools create has the prefix itself as its key.
          if (name === '' || name.includes('/')) continue;
          files.push({ name, size: object.Size ?? 0, modifiedAt: object.LastModified ?? null });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (err) {
      throw this.mapError(err, 'list', folder, false);
    }
    return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async read(path: string): Promise<Buffer> {
    const key = this.key(relativeSegments(path));
    let body: Readable | undefined;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      body = res.Body as Readable | undefined;
      if (!body) return Buffer.alloc(0);
      if ((res.ContentLength ?? 0) > MAX_READ_BYTES) throw tooLargeToRead(path, res.ContentLength ?? 0);
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of body) {
        total += (chunk as Buffer).length;
        if (total > MAX_READ_BYTES) throw tooLargeToRead(path, total);
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    } catch (err) {
      body?.destroy();
      throw this.mapError(err, 'read', path, false);
    }
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.key(relativeSegments(from));
    const target = this.key(relativeSegments(to));
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.config.bucket,
          Key: target,
          CopySource: `${this.config.bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
    } catch (err) {
      throw this.mapError(err, 'move', from, false);
    }
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: source }));
    } catch (err) {
      throw this.mapError(err, 'remove', from, false);
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
    this.putClient.destroy();
  }

  private key(segments: string[]): string {
    return this.prefix + segments.join('/');
  }

  private mapError(err: unknown, action: string, path: string, transferStarted: boolean): TransportError {
    if (err instanceof TransportError) return err;
    const e = err as {
      name?: string;
      Code?: string;
      code?: string;
      errors?: { code?: string }[];
      $metadata?: { httpStatusCode?: number };
    };
    const name = e?.Code ?? e?.name ?? '';
    const status = e?.$metadata?.httpStatusCode;
    const netCode = e?.code ?? e?.errors?.[0]?.code ?? '';
    const { bucket, accessKeyId } = this.config;
    const store = this.config.endpoint ?? `S3 (${this.config.region})`;

    if (AUTH_CODES.has(name)) {
      return new TransportError(
        'auth_refused',
        `The storage service refused access key ${accessKeyId}: check the access key ID and the secret access key.`,
        { cause: err },
      );
    }
    if (name === 'NoSuchBucket') {
      return new TransportError(
        'not_found',
        `The bucket "${bucket}" does not exist at ${store}. Check the bucket name, the region and the endpoint.`,
        { cause: err },
      );
    }
    if (name === 'AccessDenied' || name === 'AllAccessDisabled' || status === 403) {
      return new TransportError(
        'permission_denied',
        `Access key ${accessKeyId} may not ${action} "${path}" in bucket "${bucket}". Ask the bucket's owner to allow it.`,
        { cause: err },
      );
    }
    if (name === 'NoSuchKey' || name === 'NotFound' || status === 404) {
      return new TransportError('not_found', `"${path}" was not found in bucket "${bucket}".`, {
        cause: err,
      });
    }
    if (FULL_CODES.has(name) || status === 507) {
      return new TransportError(
        'disk_full',
        `The destination's disk is full, so "${path}" could not be written. Ask the bucket's owner to free space; the delivery will be tried again.`,
        { cause: err },
      );
    }
    if (status === undefined) {
      // No answer from the service at all: the network failed, before or during the transfer.
      if (!UNREACHABLE_CODES.has(netCode) && (transferStarted || DROPPED_CODES.has(netCode))) {
        return new TransportError(
          'connection_lost',
          `The connection to ${store} was lost. The delivery will be tried again.`,
          { cause: err },
        );
      }
      return new TransportError(
        'unreachable',
        `Nothing answered at ${store}. Check the endpoint and region; if they are right, the service may be down: try again later.`,
        { cause: err },
      );
    }
    if (status !== undefined && status >= 500) {
      return new TransportError(
        'other',
        `The storage service at ${store} had a problem (${name || status}) with "${path}". The delivery will be tried again.`,
        { retryable: true, cause: err },
      );
    }
    return new TransportError(
      'other',
      `The storage service could not ${action} "${path}" in bucket "${bucket}"${name ? ` (${name})` : ''}.`,
      { cause: err },
    );
  }
}

/**
 * Passes bytes through, counting them, and fails rather than send more or fewer bytes than
 * announced. It holds back the latest chunk until the source ends with the right count, so the
 * store never receives a complete-looking body from a source that turns out too long.
 */
class ByteCounter extends Transform {
  count = 0;
  mismatch = false;
  private held: Buffer | null = null;

  constructor(private readonly expected: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.count += chunk.length;
    if (this.count > this.expected) {
      this.mismatch = true;
      callback(new Error('The body is longer than announced'));
      return;
    }
    const previous = this.held;
    this.held = chunk;
    callback(null, previous ?? undefined);
  }

  override _flush(callback: TransformCallback): void {
    if (this.count !== this.expected) {
      this.mismatch = true;
      callback(new Error('The body is shorter than announced'));
      return;
    }
    callback(null, this.held ?? undefined);
  }
}
