import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, realpath, rename, stat, unlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type DeliveryTransport,
  type DestinationConfig,
  MAX_READ_BYTES,
  type RemoteFile,
  relativeSegments,
  sizeMismatch,
  TransportError,
  tooLargeToRead,
} from './transport.ts';

type FolderConfig = Extract<DestinationConfig, { kind: 'folder' }>;

/** Files being written are named like this until complete, and list() never shows them. */
const PARTIAL = /^\..+\.partial-[0-9a-f]{12}$/;

/**
 * A folder on this machine's disk as a destination: for the demo label and development. A file is
 * written under a temporary name and renamed when complete, so whoever watches the folder never sees
 * half a file under its real name.
 */
export async function openFolderTransport(config: FolderConfig): Promise<DeliveryTransport> {
  if (!isAbsolute(config.path)) {
    throw new TransportError('other', `The destination folder "${config.path}" must be an absolute path.`);
  }
  return new FolderSession(resolve(config.path));
}

class FolderSession implements DeliveryTransport {
  constructor(private readonly root: string) {}

  async put(path: string, body: Readable, size: number): Promise<void> {
    const target = await this.target(path, { createParent: true });
    const temporary = join(
      dirname(target),
      `.${target.slice(dirname(target).length + 1)}.partial-${randomBytes(6).toString('hex')}`,
    );
    const counter = new ByteCounter();
    const file = createWriteStream(temporary, { flags: 'wx', mode: 0o644 });
    // Whichever side fails first is the cause: pipeline then destroys the others with the same error.
    let sourceError = null as { error: unknown } | null;
    let destinationFailed = false;
    body.once('error', (error) => {
      if (!destinationFailed) sourceError ??= { error };
    });
    file.once('error', () => {
      if (!sourceError) destinationFailed = true;
    });
    try {
      await pipeline(body, counter, file);
      if (counter.count !== size) throw sizeMismatch(path, size, counter.count);
      await rename(temporary, target);
    } catch (err) {
      await unlink(temporary).catch(() => {});
      if (sourceError) throw sourceError.error;
      throw mapError(err, 'write', path);
    }
  }

  async list(folder: string): Promise<RemoteFile[]> {
    const segments = relativeSegments(folder, { allowRoot: true });
    const dir = join(this.root, ...segments);
    let names: string[];
    try {
      names = await readdir(dir);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return [];
      throw mapError(err, 'list', folder);
    }
    const files: RemoteFile[] = [];
    for (const name of names.sort()) {
      if (PARTIAL.test(name)) continue;
      const st = await stat(join(dir, name)).catch(() => null);
      if (st?.isFile()) files.push({ name, size: st.size, modifiedAt: st.mtime });
    }
    return files;
  }

  async read(path: string): Promise<Buffer> {
    const target = await this.target(path, { createParent: false });
    try {
      const file = await open(target, 'r');
      try {
        const { size } = await file.stat();
        if (size > MAX_READ_BYTES) throw tooLargeToRead(path, size);
        return await file.readFile();
      } finally {
        await file.close();
      }
    } catch (err) {
      throw mapError(err, 'read', path);
    }
  }

  async move(from: string, to: string): Promise<void> {
    const source = await this.target(from, { createParent: false });
    const target = await this.target(to, { createParent: true });
    try {
      await rename(source, target);
    } catch (err) {
      throw mapError(err, 'move', from);
    }
  }

  async close(): Promise<void> {}

  /**
   * The absolute path of a relative one. Besides refusing `..` and absolute paths, checks that the
   * real parent folder is inside the real root, so a symbolic link cannot lead out of it either.
   */
  private async target(path: string, opts: { createParent: boolean }): Promise<string> {
    const segments = relativeSegments(path);
    const full = join(this.root, ...segments);
    const parent = dirname(full);
    try {
      if (opts.createParent) await mkdir(parent, { recursive: true });
      const [realRoot, realParent] = await Promise.all([realpath(this.root), realpath(parent)]);
      const inside = relative(realRoot, realParent);
      if (inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
        throw new TransportError(
          'permission_denied',
          `The path "${path}" leads outside the destination's folder through a link, so it was refused.`,
        );
      }
    } catch (err) {
      throw mapError(err, opts.createParent ? 'create the folder for' : 'read', path);
    }
    return full;
  }
}

function mapError(err: unknown, action: string, path: string): TransportError {
  if (err instanceof TransportError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new TransportError(
      'disk_full',
      `The destination's disk is full, so "${path}" could not be written. Free space on it; the delivery will be tried again.`,
      { cause: err },
    );
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new TransportError(
      'permission_denied',
      `This server may not ${action} "${path}" in the destination folder. Give the server's user write access to the folder.`,
      { cause: err },
    );
  }
  if (code === 'ENOTDIR') {
    return new TransportError('other', `"${path}" cannot be used: part of it is a file, not a folder.`, {
      cause: err,
    });
  }
  if (code === 'ENOENT') {
    return new TransportError('not_found', `"${path}" was not found in the destination folder.`, {
      cause: err,
    });
  }
  if (code === 'EEXIST' || code === 'EISDIR') {
    return new TransportError(
      'other',
      `"${path}" is a folder in the destination folder, so no file can be written there.`,
      {
        cause: err,
      },
    );
  }
  return new TransportError('other', `The destination folder could not ${action} "${path}".`, { cause: err });
}

class ByteCounter extends Transform {
  count = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.count += chunk.length;
    callback(null, chunk);
  }
}
