import type { Readable } from 'node:stream';

/**
 * How a delivery to a store or distributor reaches it: an SFTP server, an S3-compatible bucket or a
 * local folder (the demo label and development). Every failure is a TransportError whose kind says
 * what went wrong and whether trying again later can help; its message is written for a label
 * member and never holds a password, key or secret.
 */
export type TransportErrorKind =
  | 'auth_refused'
  | 'unreachable'
  | 'connection_lost'
  | 'disk_full'
  | 'permission_denied'
  | 'not_found'
  | 'other';

export class TransportError extends Error {
  override readonly name = 'TransportError';
  readonly kind: TransportErrorKind;
  readonly retryable: boolean;

  constructor(
    kind: TransportErrorKind,
    message: string,
    options: { retryable?: boolean; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.retryable = options.retryable ?? DEFAULT_RETRYABLE[kind];
  }
}

const DEFAULT_RETRYABLE: Record<TransportErrorKind, boolean> = {
  auth_refused: false,
  unreachable: true,
  connection_lost: true,
  disk_full: true,
  permission_denied: false,
  not_found: false,
  other: false,
};

export interface RemoteFile {
  name: string;
  size: number;
  modifiedAt: Date | null;
}

export interface DeliveryTransport {
  /** Writes a file at `path` (relative to the destination's root folder, `/`-separated), creating folders; streams `body` (never buffer it whole); resolves when the remote side has it all. */
  put(path: string, body: Readable, size: number): Promise<void>;
  /** Files directly in `folder` (relative); [] when the folder does not exist. */
  list(folder: string): Promise<RemoteFile[]>;
  /** A small file's bytes (acknowledgements: refuse over 5 MB with TransportError 'other'). */
  read(path: string): Promise<Buffer>;
  /** Moves a file (used to move processed acknowledgements into a `processed/` subfolder); creates the target folder. */
  move(from: string, to: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Where a destination delivers. Every path given to a transport is relative to its root folder:
 * `remoteFolder` (SFTP), `prefix` (S3) or `path` (folder). The acknowledgement folder
 * (`ackFolder`, `ackPrefix`) is relative to that same root: pass it to `list()` as it is.
 */
export type DestinationConfig =
  | {
      kind: 'sftp';
      host: string;
      port: number;
      username: string;
      remoteFolder: string;
      ackFolder: string;
      hostKeySha256?: string | null;
    }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | null;
      prefix: string;
      ackPrefix: string;
      forcePathStyle: boolean;
      accessKeyId: string;
    }
  | { kind: 'folder'; path: string; ackFolder: string };

export type DestinationSecret = {
  password?: string;
  privateKey?: string;
  passphrase?: string;
  secretAccessKey?: string;
};

export interface TransportOptions {
  /** How long to wait for the destination to answer when connecting (default 15 s). */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

/** The largest file `read()` returns: acknowledgements are a few kilobytes. */
export const MAX_READ_BYTES = 5 * 1024 * 1024;

/** Opens a connection to the destination (SFTP connects and logs in here; S3 and folder are lazy). */
export async function openTransport(
  config: DestinationConfig,
  secret: DestinationSecret,
  options: TransportOptions = {},
): Promise<DeliveryTransport> {
  // Loaded on demand: the SFTP client and the AWS SDK are large, and a destination needs one.
  switch (config.kind) {
    case 'sftp': {
      const { openSftpTransport } = await import('./sftp-transport.ts');
      return openSftpTransport(config, secret, options);
    }
    case 's3': {
      const { openS3Transport } = await import('./s3-transport.ts');
      return openS3Transport(config, secret, options);
    }
    case 'folder': {
      const { openFolderTransport } = await import('./folder-transport.ts');
      return openFolderTransport(config);
    }
  }
}

/**
 * The segments of a path relative to the destination's root. Refuses what could leave the root or
 * mean different files on different systems: an absolute path, `..`, `.`, empty segments,
 * backslashes and control characters. An empty string (or `/`-only) is the root itself.
 */
export function relativeSegments(path: string, opts: { allowRoot?: boolean } = {}): string[] {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') {
    if (opts.allowRoot) return [];
    throw invalidPath(path);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (trimmed.startsWith('/') || trimmed.includes('\\') || /[\u0000-\u001f\u007f]/.test(trimmed)) {
    throw invalidPath(path);
  }
  const segments = trimmed.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') throw invalidPath(path);
  }
  return segments;
}

function invalidPath(path: string): TransportError {
  return new TransportError(
    'other',
    `The path "${path}" is not a file path inside the destination's folder. Use a relative path like "batch/file.xml", without ".." or a leading "/".`,
  );
}

/** The text of a file that is too large to read as an acknowledgement. */
export function tooLargeToRead(path: string, size: number): TransportError {
  const mb = (size / (1024 * 1024)).toFixed(1);
  return new TransportError(
    'other',
    `The file "${path}" is ${mb} MB, too large for an acknowledgement (at most 5 MB). Remove it from the acknowledgement folder.`,
  );
}

/** The text of a put whose stream did not have the announced size. */
export function sizeMismatch(path: string, expected: number, actual: number): TransportError {
  return new TransportError(
    'other',
    `The file "${path}" had ${actual} bytes instead of the expected ${expected}, so it was not delivered.`,
  );
}
