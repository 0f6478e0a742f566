import { createHash, generateKeyPairSync, timingSafeEqual } from 'node:crypto';
import type { Stats } from 'node:fs';
import { type FileHandle, lstat, mkdir, open, readdir, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { join, posix } from 'node:path';
import ssh2, { type Attributes, type Connection, type ParsedKey, type SFTPWrapper } from 'ssh2';

const { STATUS_CODE } = ssh2.utils.sftp;

export interface SftpTestServerOptions {
  /** The local folder the SFTP user sees as `/`; nothing outside it can be reached. */
  root: string;
  username: string;
  password?: string;
  /** An OpenSSH public key ("ssh-ed25519 AAAA… comment") allowed to log in. */
  publicKey?: string;
  /** Simulates a full disk: once this many bytes were written in total, WRITE fails with "No space left on device". */
  maxBytes?: number;
  /** Ends the connection abruptly (no answer, socket destroyed) once this many bytes were written in total. Fires once. */
  dropAfterBytes?: number;
  /** Refuses every change (OPEN for writing, MKDIR, RENAME, REMOVE, RMDIR) with "Permission denied". */
  readOnly?: boolean;
}

export interface SftpTestServer {
  port: number;
  /** The host key's fingerprint as OpenSSH prints it after "SHA256:". */
  hostKeySha256: string;
  /** SSH connections open now. */
  readonly connections: number;
  /** SSH connections accepted since the start. */
  readonly totalConnections: number;
  /** Bytes written through WRITE since the start (what maxBytes and dropAfterBytes count). */
  readonly bytesWritten: number;
  /** Changes the simulated faults while running (null removes one); dropAfterBytes counts from the total so far. */
  setFaults(faults: { maxBytes?: number | null; dropAfterBytes?: number | null; readOnly?: boolean }): void;
  close(): Promise<void>;
}

type OpenHandle =
  | { kind: 'file'; file: FileHandle; writable: boolean }
  | { kind: 'dir'; path: string; listed: boolean };

/**
 * A real SFTP server (SSH over TCP on 127.0.0.1, the SFTP version 3 subsystem) over a local folder,
 * for tests and benchmarks of the delivery transports. It answers the requests an SFTP client needs
 * to upload, list, read, move and remove files, confined to `root`, and can simulate a full disk, a
 * dropped connection and a read-only account.
 */
export async function startSftpTestServer(options: SftpTestServerOptions): Promise<SftpTestServer> {
  // ECDSA P-256 in SEC1 PEM: node:crypto makes it in microseconds and ssh2 reads it as a host key.
  const { privateKey: hostKeyPem } = generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    privateKeyEncoding: { type: 'sec1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const hostKey = parseOrThrow(hostKeyPem, 'host key');
  const hostKeySha256 = createHash('sha256')
    .update(hostKey.getPublicSSH())
    .digest('base64')
    .replace(/=+$/, '');
  const allowedKey = options.publicKey ? parseOrThrow(options.publicKey, 'publicKey') : null;

  const faults = {
    maxBytes: options.maxBytes ?? null,
    dropAfterBytes: options.dropAfterBytes ?? null,
    readOnly: options.readOnly ?? false,
  };
  let bytesWritten = 0;
  let totalConnections = 0;
  const sockets = new Map<string, Socket>();

  const ssh = new ssh2.Server({ hostKeys: [hostKeyPem] }, (client, info) => {
    totalConnections++;
    const socket = sockets.get(`${info.ip}|${info.port}`);
    client.on('error', () => {
      // A client that goes away mid-handshake or mid-transfer is normal here.
    });
    client.on('authentication', (ctx) => {
      if (ctx.username !== options.username) return ctx.reject();
      if (
        ctx.method === 'password' &&
        options.password !== undefined &&
        sameText(ctx.password, options.password)
      ) {
        return ctx.accept();
      }
      if (ctx.method === 'publickey' && allowedKey && ctx.key.data.equals(allowedKey.getPublicSSH())) {
        // Without a signature the client only asks whether this key would do.
        if (!ctx.signature || !ctx.blob) return ctx.accept();
        if (allowedKey.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true) return ctx.accept();
      }
      const methods: ('password' | 'publickey')[] = [];
      if (options.password !== undefined) methods.push('password');
      if (allowedKey) methods.push('publickey');
      ctx.reject(methods);
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => {
          serveSftp(acceptSftp(), client, socket);
        });
      });
    });
  });

  function serveSftp(sftp: SFTPWrapper, client: Connection, socket: Socket | undefined) {
    const handles = new Map<number, OpenHandle>();
    let nextHandle = 1;
    let dropped = false;
    const toHandle = (entry: OpenHandle) => {
      const id = nextHandle++;
      handles.set(id, entry);
      const buf = Buffer.alloc(4);
      buf.writeUInt32BE(id);
      return buf;
    };
    const fromHandle = (buf: Buffer) => (buf.length === 4 ? handles.get(buf.readUInt32BE()) : undefined);
    const dropHandle = (buf: Buffer) => handles.delete(buf.readUInt32BE());
    const local = (virtualPath: string) => join(options.root, toVirtual(virtualPath));

    const fail = (reqid: number, err: unknown) => {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return sftp.status(reqid, STATUS_CODE.NO_SUCH_FILE, 'No such file or directory');
      if (code === 'EACCES' || code === 'EPERM')
        return sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED, 'Permission denied');
      if (code === 'ENOSPC') return sftp.status(reqid, STATUS_CODE.FAILURE, 'No space left on device');
      if (code === 'EEXIST') return sftp.status(reqid, STATUS_CODE.FAILURE, 'File exists');
      return sftp.status(reqid, STATUS_CODE.FAILURE, 'Failure');
    };
    const refuseIfReadOnly = (reqid: number) => {
      if (!faults.readOnly) return false;
      sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED, 'Permission denied');
      return true;
    };
    const run = (reqid: number, work: () => Promise<void>) => {
      work().catch((err) => {
        try {
          fail(reqid, err);
        } catch {
          // The channel closed before the answer.
        }
      });
    };

    sftp.on('OPEN', (reqid, filename, flags) => {
      const mode = ssh2.utils.sftp.flagsToString(flags);
      if (!mode) return sftp.status(reqid, STATUS_CODE.OP_UNSUPPORTED, 'Unsupported open flags');
      const writable = mode !== 'r';
      if (writable && refuseIfReadOnly(reqid)) return;
      run(reqid, async () => {
        const file = await open(local(filename), mode, 0o644);
        sftp.handle(reqid, toHandle({ kind: 'file', file, writable }));
      });
    });

    sftp.on('WRITE', (reqid, handle, offset, data) => {
      if (dropped) return;
      const entry = fromHandle(handle);
      if (entry?.kind !== 'file' || !entry.writable)
        return sftp.status(reqid, STATUS_CODE.FAILURE, 'Bad handle');
      if (faults.maxBytes !== null && bytesWritten + data.length > faults.maxBytes) {
        return sftp.status(reqid, STATUS_CODE.FAILURE, 'No space left on device');
      }
      const dropAt = faults.dropAfterBytes;
      const willDrop = dropAt !== null && bytesWritten + data.length >= dropAt;
      const accepted = willDrop ? data.subarray(0, Math.max(0, dropAt - bytesWritten)) : data;
      bytesWritten += accepted.length;
      if (willDrop) {
        faults.dropAfterBytes = null;
        dropped = true;
      }
      run(reqid, async () => {
        await entry.file.write(accepted, 0, accepted.length, offset);
        if (willDrop) {
          // No answer and no goodbye: the peer sees the TCP connection vanish mid-transfer.
          if (socket) socket.destroy();
          else client.end();
          return;
        }
        sftp.status(reqid, STATUS_CODE.OK);
      });
    });

    sftp.on('READ', (reqid, handle, offset, length) => {
      const entry = fromHandle(handle);
      if (entry?.kind !== 'file') return sftp.status(reqid, STATUS_CODE.FAILURE, 'Bad handle');
      run(reqid, async () => {
        const buf = Buffer.alloc(Math.min(length, 256 * 1024));
        const { bytesRead } = await entry.file.read(buf, 0, buf.length, offset);
        if (bytesRead === 0) sftp.status(reqid, STATUS_CODE.EOF);
        else sftp.data(reqid, buf.subarray(0, bytesRead));
      });
    });

    sftp.on('FSTAT', (reqid, handle) => {
      const entry = fromHandle(handle);
      if (entry?.kind !== 'file') return sftp.status(reqid, STATUS_CODE.FAILURE, 'Bad handle');
      run(reqid, async () => sftp.attrs(reqid, toAttrs(await entry.file.stat())));
    });

    // Permissions and times are not simulated: accept and ignore.
    sftp.on('FSETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK));
    sftp.on('SETSTAT', (reqid) => sftp.status(reqid, STATUS_CODE.OK));

    sftp.on('CLOSE', (reqid, handle) => {
      const entry = fromHandle(handle);
      if (!entry) return sftp.status(reqid, STATUS_CODE.FAILURE, 'Bad handle');
      dropHandle(handle);
      if (entry.kind === 'dir') return sftp.status(reqid, STATUS_CODE.OK);
      run(reqid, async () => {
        await entry.file.close();
        sftp.status(reqid, STATUS_CODE.OK);
      });
    });

    sftp.on('OPENDIR', (reqid, path) => {
      run(reqid, async () => {
        const target = local(path);
        if (!(await stat(target)).isDirectory()) {
          return sftp.status(reqid, STATUS_CODE.FAILURE, 'Not a directory');
        }
        sftp.handle(reqid, toHandle({ kind: 'dir', path: target, listed: false }));
      });
    });

    sftp.on('READDIR', (reqid, handle) => {
      const entry = fromHandle(handle);
      if (entry?.kind !== 'dir') return sftp.status(reqid, STATUS_CODE.FAILURE, 'Bad handle');
      if (entry.listed) return sftp.status(reqid, STATUS_CODE.EOF);
      entry.listed = true;
      run(reqid, async () => {
        const names = await readdir(entry.path);
        const rows = [];
        for (const name of names) {
          const st = await lstat(join(entry.path, name)).catch(() => null);
          if (st) rows.push({ filename: name, longname: longName(name, st), attrs: toAttrs(st) });
        }
        if (rows.length === 0) sftp.status(reqid, STATUS_CODE.EOF);
        else sftp.name(reqid, rows);
      });
    });

    const statHandler = (follow: boolean) => (reqid: number, path: string) => {
      run(reqid, async () => sftp.attrs(reqid, toAttrs(await (follow ? stat : lstat)(local(path)))));
    };
    sftp.on('STAT', statHandler(true));
    sftp.on('LSTAT', statHandler(false));

    sftp.on('MKDIR', (reqid, path) => {
      if (refuseIfReadOnly(reqid)) return;
      run(reqid, async () => {
        await mkdir(local(path));
        sftp.status(reqid, STATUS_CODE.OK);
      });
    });

    sftp.on('RMDIR', (reqid, path) => {
      if (refuseIfReadOnly(reqid)) return;
      run(reqid, async () => {
        await rmdir(local(path));
        sftp.status(reqid, STATUS_CODE.OK);
      });
    });

    sftp.on('REMOVE', (reqid, path) => {
      if (refuseIfReadOnly(reqid)) return;
      run(reqid, async () => {
        await unlink(local(path));
        sftp.status(reqid, STATUS_CODE.OK);
      });
    });

    sftp.on('RENAME', (reqid, oldPath, newPath) => {
      if (refuseIfReadOnly(reqid)) return;
      run(reqid, async () => {
        const target = local(newPath);
        // Like OpenSSH's server for protocol version 3: renaming onto an existing name fails.
        if (
          await lstat(target).then(
            () => true,
            () => false,
          )
        ) {
          return sftp.status(reqid, STATUS_CODE.FAILURE, 'File exists');
        }
        await rename(local(oldPath), target);
        sftp.status(reqid, STATUS_CODE.OK);
      });
    });

    sftp.on('REALPATH', (reqid, path) => {
      const virtual = toVirtual(path);
      sftp.name(reqid, [{ filename: virtual, longname: virtual, attrs: {} as Attributes }]);
    });

    sftp.on('close', () => {
      for (const entry of handles.values()) {
        if (entry.kind === 'file') entry.file.close().catch(() => {});
      }
      handles.clear();
    });
  }

  const tcp = createServer((socket) => {
    const key = `${socket.remoteAddress}|${socket.remotePort}`;
    sockets.set(key, socket);
    socket.once('close', () => sockets.delete(key));
    socket.on('error', () => {});
    ssh.injectSocket(socket);
  });
  await new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(0, '127.0.0.1', () => resolve());
  });
  const address = tcp.address();
  if (address === null || typeof address === 'string')
    throw new Error('The SFTP test server has no TCP port');

  return {
    port: address.port,
    hostKeySha256,
    get connections() {
      return sockets.size;
    },
    get totalConnections() {
      return totalConnections;
    },
    get bytesWritten() {
      return bytesWritten;
    },
    setFaults(next) {
      if (next.maxBytes !== undefined) faults.maxBytes = next.maxBytes;
      if (next.dropAfterBytes !== undefined) faults.dropAfterBytes = next.dropAfterBytes;
      if (next.readOnly !== undefined) faults.readOnly = next.readOnly;
    },
    async close() {
      for (const socket of sockets.values()) socket.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}

/** The client's path as a path from the user's `/`; `..` stops at `/`, so nothing above root is named. */
function toVirtual(path: string): string {
  return posix.normalize(`/${path}`).replace(/(.)\/+$/, '$1');
}

function toAttrs(st: Stats): Attributes {
  return {
    mode: st.mode,
    uid: st.uid,
    gid: st.gid,
    size: st.size,
    atime: Math.floor(st.atimeMs / 1000),
    mtime: Math.floor(st.mtimeMs / 1000),
  };
}

function longName(name: string, st: Stats): string {
  const type = st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : '-';
  const bits = ['r', 'w', 'x'];
  let perms = '';
  for (let i = 8; i >= 0; i--) perms += st.mode & (1 << i) ? bits[(8 - i) % 3] : '-';
  return `${type}${perms} 1 sftp sftp ${st.size} ${st.mtime.toISOString().slice(0, 16).replace('T', ' ')} ${name}`;
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseOrThrow(key: string, what: string): ParsedKey {
  const parsed = ssh2.utils.parseKey(key);
  if (parsed instanceof Error)
    throw new Error(`The SFTP test server could not read its ${what}: ${parsed.message}`);
  return Array.isArray(parsed) ? (parsed[0] as ParsedKey) : parsed;
}
