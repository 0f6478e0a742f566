import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ssh2, { type ConnectConfig, type FileEntry, type SFTPWrapper } from 'ssh2';
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

type SftpConfig = Extract<DestinationConfig, { kind: 'sftp' }>;

// SFTP status codes (draft-ietf-secsh-filexfer): 0-8 are version 3, which every server speaks;
// 14 and 15 come from later versions and some servers send them anyway.
const SFTP_NO_SUCH_FILE = 2;
const SFTP_PERMISSION_DENIED = 3;
const SFTP_FAILURE = 4;
const SFTP_NO_CONNECTION = 6;
const SFTP_CONNECTION_LOST = 7;
const SFTP_NO_SPACE_ON_FILESYSTEM = 14;
const SFTP_QUOTA_EXCEEDED = 15;

/**
 * WRITE requests in flight at once, each at most WRITE_PIECE bytes. One at a time waits a round
 * trip per piece; 64 (as OpenSSH's sftp client) keeps the SSH window full: 100 MB over loopback took
 * 4.5 s with 16 requests of 256 KB (each split into sequential 32 KB requests) and about 1 s so.
 */
const MAX_WRITES_IN_FLIGHT = 64;
/** Under the 32 KB payload every SFTP server must accept (ssh2 would split larger writes itself, one after another). */
const WRITE_PIECE = 30 * 1024;

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EPIPE',
]);

/** A host key's fingerprint as OpenSSH prints it after "SHA256:" (base64, no padding). */
export function sshFingerprintSha256(publicKeyBlob: Buffer): string {
  return createHash('sha256').update(publicKeyBlob).digest('base64').replace(/=+$/, '');
}

/** Accepts "SHA256:abc…", "abc…" and "abc…=" alike. */
function normalizeFingerprint(value: string): string {
  return value
    .trim()
    .replace(/^SHA256:/i, '')
    .replace(/=+$/, '');
}

export interface SftpTransport extends DeliveryTransport {
  /** The fingerprint of the host key the server presented, to show or pin (SHA256:… without the prefix). */
  readonly hostKeySha256: string;
}

export async function openSftpTransport(
  config: SftpConfig,
  secret: DestinationSecret,
  options: TransportOptions = {},
): Promise<SftpTransport> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const where = `${config.host}:${config.port}`;
  const auth = authConfig(config, secret);

  const expected = config.hostKeySha256 ? normalizeFingerprint(config.hostKeySha256) : null;
  let presented: string | null = null;
  const client = new ssh2.Client();
  // ssh2 may report a second error after the first (a refused host key, then the lost socket).
  client.on('error', () => {});
  const connectConfig: ConnectConfig = {
    host: config.host,
    port: config.port,
    username: config.username,
    readyTimeout: timeoutMs,
    // A silent peer (cable pulled, NAT entry dropped) is noticed after about 30 s instead of never.
    keepaliveInterval: 10_000,
    keepaliveCountMax: 3,
    hostVerifier: (key: Buffer) => {
      presented = sshFingerprintSha256(key);
      return expected === null || presented === expected;
    },
    ...auth,
  };

  await new Promise<void>((resolve, reject) => {
    const onReady = () => {
      client.off('error', onError);
      client.off('close', onClose);
      resolve();
    };
    const onError = (err: Error & { level?: string; code?: string }) => {
      client.off('ready', onReady);
      client.off('close', onClose);
      client.end();
      reject(connectError(err, config, where, timeoutMs, expected, presented));
    };
    const onClose = () => {
      client.off('ready', onReady);
      client.off('error', onError);
      reject(
        new TransportError(
          'unreachable',
          `The SFTP server at ${where} closed the connection before the login finished. Check the host and port, then try again.`,
        ),
      );
    };
    client.once('ready', onReady);
    client.once('error', onError);
    client.once('close', onClose);
    client.connect(connectConfig);
  });

  const sftp = await new Promise<SFTPWrapper>((resolve, reject) => {
    client.sftp((err, wrapper) => {
      if (err) {
        client.end();
        reject(
          new TransportError(
            'other',
            `The server at ${where} accepted the login but does not offer SFTP for user ${config.username}. Ask the distributor to enable SFTP for this account.`,
            { cause: err },
          ),
        );
      } else resolve(wrapper);
    });
  });

  return new SftpSession(client, sftp, config, where, presented ?? '');
}

function authConfig(config: SftpConfig, secret: DestinationSecret): Partial<ConnectConfig> {
  if (secret.privateKey) {
    const parsed = ssh2.utils.parseKey(secret.privateKey, secret.passphrase);
    if (parsed instanceof Error) {
      const needsPassphrase = /passphrase/i.test(parsed.message);
      throw new TransportError(
        'auth_refused',
        needsPassphrase
          ? `The private key for SFTP user ${config.username} is protected by a passphrase that is missing or wrong: enter the key's passphrase in the destination's settings.`
          : `The private key for SFTP user ${config.username} could not be read: paste the whole private key in OpenSSH or PEM format.`,
      );
    }
    return {
      privateKey: secret.privateKey,
      ...(secret.passphrase ? { passphrase: secret.passphrase } : {}),
      ...(secret.password ? { password: secret.password } : {}),
    };
  }
  if (secret.password) return { password: secret.password };
  throw new TransportError(
    'auth_refused',
    `No password or private key is saved for SFTP user ${config.username}: add one in the destination's settings.`,
  );
}

function connectError(
  err: Error & { level?: string; code?: string },
  config: SftpConfig,
  where: string,
  timeoutMs: number,
  expected: string | null,
  presented: string | null,
): TransportError {
  if (expected !== null && presented !== null && presented !== expected) {
    return new TransportError(
      'other',
      `The SFTP server at ${where} identified itself with host key SHA256:${presented}, but this destination expects SHA256:${expected}. ` +
        'Nothing was sent. If the distributor announced a new server key, update the host key fingerprint in the destination settings; otherwise ask them, as the connection may not reach their server.',
      { cause: err },
    );
  }
  if (err.level === 'client-authentication') {
    return new TransportError(
      'auth_refused',
      `The SFTP server refused the login for user ${config.username}: check the user name and the key or password.`,
      { cause: err },
    );
  }
  if (err.level === 'client-timeout') {
    return new TransportError(
      'unreachable',
      `The SFTP server at ${where} did not answer within ${Math.round(timeoutMs / 1000)} s. Check the host and port; if they are right, the server may be down: try again later.`,
      { cause: err },
    );
  }
  if (err.code && UNREACHABLE_CODES.has(err.code)) {
    const what =
      err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN'
        ? `The host name ${config.host} could not be found`
        : `Nothing answered at ${where}`;
    return new TransportError('unreachable', `${what}. Check the host and port of the SFTP destination.`, {
      cause: err,
    });
  }
  if (err.level === 'handshake' || err.level === 'protocol') {
    return new TransportError(
      'other',
      `The server at ${where} did not complete a secure SSH connection. Check that the port is the SFTP port (usually 22).`,
      { cause: err },
    );
  }
  return new TransportError(
    'unreachable',
    `The connection to the SFTP server at ${where} failed. Try again later.`,
    {
      retryable: true,
      cause: err,
    },
  );
}

type SftpError = Error & { code?: number | string };

class SftpSession implements SftpTransport {
  private readonly root: string;
  private readonly knownFolders = new Set<string>();
  private closing = false;
  private lost: TransportError | null = null;
  /** Rejects when the connection drops; every operation races it so none waits forever. */
  private readonly lostSignal: Promise<never>;

  constructor(
    private readonly client: InstanceType<typeof ssh2.Client>,
    private readonly sftp: SFTPWrapper,
    private readonly config: SftpConfig,
    private readonly where: string,
    readonly hostKeySha256: string,
  ) {
    const folder = config.remoteFolder.trim().replace(/\/+$/, '');
    this.root = folder === '' ? (config.remoteFolder.startsWith('/') ? '/' : '.') : posix.normalize(folder);
    this.lostSignal = new Promise<never>((_, reject) => {
      const onGone = (err?: Error) => {
        if (this.lost) return;
        this.lost = new TransportError(
          'connection_lost',
          this.closing
            ? 'The connection to the SFTP server was closed.'
            : `The connection to the SFTP server at ${where} was lost. The delivery will be tried again.`,
          { cause: err, retryable: !this.closing },
        );
        reject(this.lost);
      };
      client.on('error', onGone);
      client.on('close', () => onGone());
      sftp.on('close', () => onGone());
    });
    this.lostSignal.catch(() => {});
  }

  async put(path: string, body: Readable, size: number): Promise<void> {
    const segments = relativeSegments(path);
    const remote = this.resolve(segments);
    try {
      this.assertOpen();
      await this.ensureFolder(segments.slice(0, -1));
      const handle = await this.call<Buffer>('write', path, (cb) => this.sftp.open(remote, 'w', cb));
      const writer = new SftpFileWriter(this.sftp, handle);
      // Whichever side fails first is the cause: pipeline then destroys the other with the same error.
      let sourceError = null as { error: unknown } | null;
      let destinationFailed = false;
      body.once('error', (error) => {
        if (!destinationFailed) sourceError ??= { error };
      });
      writer.once('error', () => {
        if (!sourceError) destinationFailed = true;
      });
      try {
        await Promise.race([pipeline(body, writer), this.lostSignal]);
      } catch (err) {
        writer.destroy();
        body.destroy();
        // The body's own failure (the file could not be read here) is not the destination's.
        if (sourceError && !this.lost) throw sourceError.error;
        throw this.mapError(err, 'write', path);
      }
      if (writer.bytesWritten !== size) throw sizeMismatch(path, size, writer.bytesWritten);
    } catch (err) {
      await this.removeQuietly(remote);
      throw err;
    }
  }

  async list(folder: string): Promise<RemoteFile[]> {
    const remote = this.resolve(relativeSegments(folder, { allowRoot: true }));
    this.assertOpen();
    let entries: FileEntry[];
    try {
      entries = await this.raced(
        new Promise((resolve, reject) => this.sftp.readdir(remote, settle(resolve, reject))),
      );
    } catch (err) {
      if ((err as SftpError).code === SFTP_NO_SUCH_FILE) return [];
      throw this.mapError(err, 'list', folder);
    }
    return entries
      .filter((e) => e.filename !== '.' && e.filename !== '..' && isRegularFile(e.attrs.mode))
      .map((e) => ({
        name: e.filename,
        size: e.attrs.size ?? 0,
        modifiedAt: typeof e.attrs.mtime === 'number' ? new Date(e.attrs.mtime * 1000) : null,
      }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async read(path: string): Promise<Buffer> {
    const remote = this.resolve(relativeSegments(path));
    this.assertOpen();
    const stats = await this.call<{ size: number }>('read', path, (cb) => this.sftp.stat(remote, cb));
    if (stats.size > MAX_READ_BYTES) throw tooLargeToRead(path, stats.size);
    const bytes = await this.call<Buffer>('read', path, (cb) => this.sftp.readFile(remote, {}, cb));
    if (bytes.length > MAX_READ_BYTES) throw tooLargeToRead(path, bytes.length);
    return bytes;
  }

  async move(from: string, to: string): Promise<void> {
    const fromSegments = relativeSegments(from);
    const toSegments = relativeSegments(to);
    const source = this.resolve(fromSegments);
    const target = this.resolve(toSegments);
    this.assertOpen();
    await this.ensureFolder(toSegments.slice(0, -1));
    try {
      await this.call<void>('move', from, (cb) => this.sftp.rename(source, target, cb));
    } catch (err) {
      // SFTP version 3 refuses to rename over an existing file: an acknowledgement sent twice
      // under one name replaces the processed copy.
      if (!(err instanceof TransportError) || err.kind !== 'other') throw err;
      const exists = await this.call<unknown>('move', to, (cb) => this.sftp.stat(target, cb)).then(
        () => true,
        () => false,
      );
      if (!exists) throw err;
      await this.call<void>('move', to, (cb) => this.sftp.unlink(target, cb));
      await this.call<void>('move', from, (cb) => this.sftp.rename(source, target, cb));
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    if (this.lost) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      this.client.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.client.end();
    });
  }

  private resolve(segments: string[]): string {
    if (segments.length === 0) return this.root;
    return this.root === '.' ? segments.join('/') : posix.join(this.root, ...segments);
  }

  private assertOpen(): void {
    if (this.lost) throw this.lost;
    if (this.closing) throw new TransportError('other', 'This SFTP connection was already closed.');
  }

  /** Creates the root folder and `segments` below it, one level at a time (SFTP has no mkdir -p). */
  private async ensureFolder(segments: string[]): Promise<void> {
    const rootParts = this.root === '.' || this.root === '/' ? [] : this.root.split('/');
    const parts = [...rootParts, ...segments];
    for (let depth = 1; depth <= parts.length; depth++) {
      const folder = parts.slice(0, depth).join('/');
      if (folder === '' || this.knownFolders.has(folder)) continue;
      const shown = depth > rootParts.length ? parts.slice(rootParts.length, depth).join('/') : folder;
      const isFolder = await this.folderState(folder, shown);
      if (isFolder === false) {
        throw new TransportError(
          'other',
          `"${shown}" on the SFTP server is a file, so no folder can be created there. Ask the distributor to remove it.`,
        );
      }
      if (isFolder === null) {
        try {
          await this.call<void>('create the folder', shown, (cb) => this.sftp.mkdir(folder, cb));
        } catch (err) {
          // Another delivery may have created it meanwhile.
          if ((await this.folderState(folder, shown)) !== true) throw err;
        }
      }
      this.knownFolders.add(folder);
    }
  }

  /** true: a folder, false: something else, null: nothing there. */
  private async folderState(remote: string, shown: string): Promise<boolean | null> {
    try {
      const stats = await this.raced(
        new Promise<{ mode: number }>((resolve, reject) => this.sftp.stat(remote, settle(resolve, reject))),
      );
      return (stats.mode & 0o170000) === 0o040000;
    } catch (err) {
      if ((err as SftpError).code === SFTP_NO_SUCH_FILE) return null;
      throw this.mapError(err, 'open the folder', shown);
    }
  }

  private async removeQuietly(remote: string): Promise<void> {
    if (this.lost || this.closing) return;
    try {
      await this.raced(
        new Promise<void>((resolve, reject) => this.sftp.unlink(remote, settle(resolve, reject))),
      );
    } catch {
      // Best effort: the file may not exist, or the server may not allow removing it.
    }
  }

  private async call<T>(
    action: string,
    path: string,
    start: (cb: (err: Error | null | undefined, value?: T) => void) => void,
  ): Promise<T> {
    try {
      return await this.raced(
        new Promise<T>((resolve, reject) => {
          start((err, value) => (err ? reject(err) : resolve(value as T)));
        }),
      );
    } catch (err) {
      throw this.mapError(err, action, path);
    }
  }

  private raced<T>(op: Promise<T>): Promise<T> {
    return Promise.race([op, this.lostSignal]);
  }

  private mapError(err: unknown, action: string, path: string): TransportError {
    if (err instanceof TransportError) return err;
    if (this.lost) return this.lost;
    const e = err as SftpError;
    const message = typeof e?.message === 'string' ? e.message : '';
    if (
      e?.code === SFTP_NO_SPACE_ON_FILESYSTEM ||
      e?.code === SFTP_QUOTA_EXCEEDED ||
      /no space|disk (is )?full|quota/i.test(message)
    ) {
      return new TransportError(
        'disk_full',
        `The destination's disk is full, so "${path}" could not be written. Ask the distributor to free space; the delivery will be tried again.`,
        { cause: err },
      );
    }
    if (e?.code === SFTP_PERMISSION_DENIED) {
      return new TransportError(
        'permission_denied',
        `The SFTP server does not allow user ${this.config.username} to ${action} "${path}". Ask the distributor to give this account access to the folder.`,
        { cause: err },
      );
    }
    if (e?.code === SFTP_NO_SUCH_FILE) {
      return new TransportError('not_found', `"${path}" was not found on the SFTP server.`, { cause: err });
    }
    if (
      e?.code === SFTP_NO_CONNECTION ||
      e?.code === SFTP_CONNECTION_LOST ||
      message === 'No response from server' ||
      message === 'No SFTP channel'
    ) {
      return new TransportError(
        'connection_lost',
        `The connection to the SFTP server at ${this.where} was lost. The delivery will be tried again.`,
        { cause: err },
      );
    }
    const detail =
      e?.code === SFTP_FAILURE && message && message !== 'Failure'
        ? ` It said: ${message.slice(0, 200)}`
        : '';
    return new TransportError('other', `The SFTP server could not ${action} "${path}".${detail}`, {
      cause: err,
    });
  }
}

function isRegularFile(mode: number | undefined): boolean {
  // A server that sends no permissions gives no type either: count the entry as a file.
  if (typeof mode !== 'number') return true;
  return (mode & 0o170000) === 0o100000;
}

function settle<T>(resolve: (value: T) => void, reject: (err: Error) => void) {
  return (err: Error | null | undefined, value?: T) => (err ? reject(err) : resolve(value as T));
}

/**
 * Writes a stream to an open SFTP file handle with several WRITE requests in flight. It asks for
 * the next chunk only while fewer than MAX_WRITES_IN_FLIGHT are unanswered, so memory stays at
 * about that many pieces (plus one chunk) whatever the file's size, and a slow server slows the
 * source down.
 * Finishing waits for every answer, then closes the handle: a refused CLOSE fails the put too.
 */
class SftpFileWriter extends Writable {
  bytesWritten = 0;
  private offset = 0;
  private inFlight = 0;
  private failure: Error | null = null;
  private handleClosed = false;
  private waitingWrite: ((err?: Error | null) => void) | null = null;
  private waitingIdle: (() => void) | null = null;

  constructor(
    private readonly sftp: SFTPWrapper,
    private readonly handle: Buffer,
  ) {
    super({ highWaterMark: 64 * 1024 });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null) => void): void {
    for (let start = 0; start < chunk.length && !this.failure; start += WRITE_PIECE) {
      const part = chunk.subarray(start, Math.min(chunk.length, start + WRITE_PIECE));
      const offset = this.offset;
      this.offset += part.length;
      this.inFlight++;
      try {
        this.sftp.write(this.handle, part, 0, part.length, offset, (err) => {
          this.inFlight--;
          if (err) this.failure ??= err;
          else this.bytesWritten += part.length;
          this.settle();
        });
      } catch (err) {
        this.inFlight--;
        this.failure ??= err as Error;
      }
    }
    if (this.failure) callback(this.failure);
    else if (this.inFlight < MAX_WRITES_IN_FLIGHT) callback();
    else this.waitingWrite = callback;
  }

  override _final(callback: (err?: Error | null) => void): void {
    const finish = () => {
      if (this.failure) return callback(this.failure);
      this.handleClosed = true;
      this.sftp.close(this.handle, (err) => callback(err ?? null));
    };
    if (this.inFlight === 0) finish();
    else this.waitingIdle = finish;
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
    if (!this.handleClosed) {
      this.handleClosed = true;
      try {
        // Not awaited: on a dropped connection the answer never comes.
        this.sftp.close(this.handle, () => {});
      } catch {
        // The channel is gone already.
      }
    }
    callback(err);
  }

  private settle(): void {
    const next = this.waitingWrite;
    if (next && (this.failure || this.inFlight < MAX_WRITES_IN_FLIGHT)) {
      this.waitingWrite = null;
      next(this.failure);
    }
    const idle = this.waitingIdle;
    if (idle && this.inFlight === 0) {
      this.waitingIdle = null;
      idle();
    }
  }
}
