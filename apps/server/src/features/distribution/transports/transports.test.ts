// Database-independent: SFTP and S3 servers only (the PostgreSQL pass skips it; vitest.config.ts).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import S3rver from 's3rver';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SftpTestServer, startSftpTestServer } from './sftp-test-server.ts';
import type { SftpTransport } from './sftp-transport.ts';
import {
  type DeliveryTransport,
  type DestinationConfig,
  openTransport,
  TransportError,
  type TransportErrorKind,
} from './transport.ts';

// Each transport against the real thing: an SSH server speaking SFTP on a TCP port, s3rver over
// HTTP, a folder on disk. Nothing in the transfer is replaced.

const USER = 'label-delivery';
const PASSWORD = 'correct horse battery staple';
const KEY_PASSPHRASE = 'open sesame 42';
const BUCKET = 'deliveries';
const FIVE_MB = 5_000_000;

/** Deterministic bytes (xorshift32 from `seed`), produced as they are read and never held whole. */
function generatedStream(size: number, seed: number, chunkSize = 64 * 1024): Readable {
  let state = seed >>> 0 || 1;
  let produced = 0;
  return new Readable({
    highWaterMark: chunkSize,
    read() {
      if (produced >= size) return void this.push(null);
      const n = Math.min(chunkSize, size - produced);
      const chunk = Buffer.allocUnsafe(n);
      for (let i = 0; i < n; i++) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        chunk[i] = state & 0xff;
      }
      produced += n;
      this.push(chunk);
    },
  });
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function expectTransportError(
  promise: Promise<unknown>,
  kind: TransportErrorKind,
  retryable?: boolean,
): Promise<TransportError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected a TransportError '${kind}'`).toBeInstanceOf(TransportError);
  const te = err as TransportError;
  expect(te.kind, te.message).toBe(kind);
  if (retryable !== undefined) expect(te.retryable).toBe(retryable);
  return te;
}

/** A local port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const tmpRoots: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tmpRoots.push(dir);
  return dir;
};

let sftpRoot: string;
let sftp: SftpTestServer;
let clientKey: { private: string; public: string };
let s3: S3rver;
let s3Endpoint: string;
let folderRoot: string;

beforeAll(async () => {
  clientKey = ssh2.utils.generateKeyPairSync('ed25519', {
    passphrase: KEY_PASSPHRASE,
    cipher: 'aes256-ctr',
    rounds: 4,
  });
  sftpRoot = tempDir('mr-sftp-');
  sftp = await startSftpTestServer({
    root: sftpRoot,
    username: USER,
    password: PASSWORD,
    publicKey: clientKey.public,
  });
  const s3Dir = tempDir('mr-s3rver-');
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
  folderRoot = tempDir('mr-folder-dest-');
});

afterAll(async () => {
  await sftp?.close();
  await s3?.close();
  for (const dir of tmpRoots) rmSync(dir, { recursive: true, force: true });
});

const sftpConfig = (
  overrides: Partial<Extract<DestinationConfig, { kind: 'sftp' }>> = {},
): DestinationConfig => ({
  kind: 'sftp',
  host: '127.0.0.1',
  port: sftp.port,
  username: USER,
  remoteFolder: '/incoming',
  ackFolder: 'acks',
  hostKeySha256: sftp.hostKeySha256,
  ...overrides,
});
const s3Config = (
  overrides: Partial<Extract<DestinationConfig, { kind: 's3' }>> = {},
): DestinationConfig => ({
  kind: 's3',
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint: s3Endpoint,
  prefix: 'label-a',
  ackPrefix: 'acks',
  forcePathStyle: true,
  accessKeyId: 'S3RVER',
  ...overrides,
});

interface Case {
  name: string;
  open(): Promise<DeliveryTransport>;
  /** Where a put file lands on disk, when the test can look there directly. */
  onDisk?(path: string): string;
}

const cases: Case[] = [
  {
    name: 'SFTP with a password',
    open: () => openTransport(sftpConfig(), { password: PASSWORD }),
    onDisk: (path) => join(sftpRoot, 'incoming', path),
  },
  {
    name: 'SFTP with a private key and its passphrase',
    open: () => openTransport(sftpConfig(), { privateKey: clientKey.private, passphrase: KEY_PASSPHRASE }),
    onDisk: (path) => join(sftpRoot, 'incoming', path),
  },
  { name: 'S3 bucket (s3rver)', open: () => openTransport(s3Config(), { secretAccessKey: 'S3RVER' }) },
  {
    name: 'local folder',
    open: () => openTransport({ kind: 'folder', path: folderRoot, ackFolder: 'acks' }, {}),
    onDisk: (path) => join(folderRoot, path),
  },
];

describe.each(cases.map((c, i) => ({ ...c, base: ['pw', 'key', 's3', 'folder'][i]! })))('$name', (c) => {
  let transport: DeliveryTransport;
  // The two SFTP cases share a server: each writes below its own folder.
  const at = (path: string) => (c.base === 'pw' || c.base === 'key' ? `${c.base}/${path}` : path);
  const disk = (path: string) => c.onDisk?.(path);

  beforeAll(async () => {
    transport = await c.open();
  });
  afterAll(async () => {
    await transport?.close();
  });

  it('puts a 5 MB file in nested folders and gets the same bytes back', async () => {
    const path = at('20261126100000123/resources/A1.flac');
    const expected = await sha256Of(generatedStream(FIVE_MB, 7));
    await transport.put(path, generatedStream(FIVE_MB, 7), FIVE_MB);

    const listed = await transport.list(at('20261126100000123/resources'));
    expect(listed.map((f) => [f.name, f.size])).toEqual([['A1.flac', FIVE_MB]]);
    expect(listed[0]!.modifiedAt).toBeInstanceOf(Date);
    expect(Math.abs(listed[0]!.modifiedAt!.getTime() - Date.now())).toBeLessThan(120_000);

    const back = await transport.read(path);
    expect(back.length).toBe(FIVE_MB);
    expect(sha256(back)).toBe(expected);
    const local = disk(path);
    if (local) expect(sha256(readFileSync(local))).toBe(expected);
  });

  it('lists only the files directly in a folder, and nothing for a folder that does not exist', async () => {
    await transport.put(at('acks/ACK_2.xml'), Readable.from([Buffer.from('<b/>')]), 4);
    await transport.put(at('acks/ACK_1.xml'), Readable.from([Buffer.from('<a/>')]), 4);
    await transport.put(at('acks/older/ACK_0.xml'), Readable.from([Buffer.from('<z/>')]), 4);
    expect((await transport.list(at('acks'))).map((f) => [f.name, f.size])).toEqual([
      ['ACK_1.xml', 4],
      ['ACK_2.xml', 4],
    ]);
    expect(await transport.list(at('no-such-folder'))).toEqual([]);
  });

  it('reads a small file and moves it into a processed folder, replacing a same-named file there', async () => {
    await transport.put(at('inbox/ACK_7.xml'), Readable.from([Buffer.from('<ack>one</ack>')]), 14);
    await transport.move(at('inbox/ACK_7.xml'), at('inbox/processed/ACK_7.xml'));
    expect(await transport.list(at('inbox'))).toEqual([]);
    expect((await transport.read(at('inbox/processed/ACK_7.xml'))).toString()).toBe('<ack>one</ack>');

    // The distributor sends an acknowledgement under the same name again.
    await transport.put(at('inbox/ACK_7.xml'), Readable.from([Buffer.from('<ack>two!</ack>')]), 15);
    await transport.move(at('inbox/ACK_7.xml'), at('inbox/processed/ACK_7.xml'));
    expect((await transport.list(at('inbox/processed'))).map((f) => f.name)).toEqual(['ACK_7.xml']);
    expect((await transport.read(at('inbox/processed/ACK_7.xml'))).toString()).toBe('<ack>two!</ack>');
  });

  it('answers not_found for a missing file and refuses to read one over 5 MB', async () => {
    await expectTransportError(transport.read(at('inbox/missing.xml')), 'not_found', false);
    await expectTransportError(
      transport.move(at('inbox/missing.xml'), at('inbox/processed/missing.xml')),
      'not_found',
    );

    const big = 5 * 1024 * 1024 + 1;
    await transport.put(at('big/too-big.xml'), generatedStream(big, 3), big);
    const err = await expectTransportError(transport.read(at('big/too-big.xml')), 'other', false);
    expect(err.message).toContain('too-big.xml');
    expect(err.message).toContain('at most 5 MB');
  });

  it('refuses a body shorter or longer than announced and leaves no file', async () => {
    const short = await expectTransportError(
      transport.put(at('sizes/short.bin'), generatedStream(1000, 1), 1001),
      'other',
    );
    expect(short.message).toBe(
      'The file "' +
        at('sizes/short.bin') +
        '" had 1000 bytes instead of the expected 1001, so it was not delivered.',
    );
    await expectTransportError(transport.put(at('sizes/long.bin'), generatedStream(1002, 1), 1001), 'other');
    expect(await transport.list(at('sizes'))).toEqual([]);
  });

  it('passes on the failure of the file being sent, and leaves no file', async () => {
    let sent = false;
    const failing = new Readable({
      read() {
        if (!sent) {
          sent = true;
          this.push(Buffer.alloc(100_000, 1));
        } else this.destroy(new Error('The stored master could not be read'));
      },
    });
    const err = await transport.put(at('broken/A1.wav'), failing, 200_000).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeInstanceOf(TransportError);
    expect((err as Error).message).toBe('The stored master could not be read');
    expect(await transport.list(at('broken'))).toEqual([]);
  });

  it('refuses paths that leave the destination folder', async () => {
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a\\b', '']) {
      const err = await expectTransportError(
        transport.put(bad, Readable.from([Buffer.from('x')]), 1),
        'other',
        false,
      );
      expect(err.message).toContain('not a file path inside the destination');
    }
    await expectTransportError(transport.read('../x'), 'other');
    await expectTransportError(transport.list('..'), 'other');
    await expectTransportError(transport.move('a.xml', '../a.xml'), 'other');
  });
});

describe('SFTP failures', () => {
  it('refuses a wrong password with a message that names the user, never the password', async () => {
    const wrong = 'wrong-Pa55word!';
    const err = await expectTransportError(
      openTransport(sftpConfig(), { password: wrong }),
      'auth_refused',
      false,
    );
    expect(err.message).toBe(
      `The SFTP server refused the login for user ${USER}: check the user name and the key or password.`,
    );
    expect(JSON.stringify({ message: err.message, stack: err.stack })).not.toContain(wrong);
  });

  it('refuses an unknown user, a key the server does not know, and a wrong key passphrase', async () => {
    await expectTransportError(
      openTransport(sftpConfig({ username: 'someone-else' }), { password: PASSWORD }),
      'auth_refused',
    );
    const other = ssh2.utils.generateKeyPairSync('ed25519');
    await expectTransportError(openTransport(sftpConfig(), { privateKey: other.private }), 'auth_refused');
    const err = await expectTransportError(
      openTransport(sftpConfig(), { privateKey: clientKey.private, passphrase: 'not it' }),
      'auth_refused',
      false,
    );
    expect(err.message).toContain('passphrase');
    expect(err.message).not.toContain('not it');
    expect(err.message).not.toContain('PRIVATE KEY');
  });

  it('is unreachable when nothing listens, and when the server never answers within the timeout', async () => {
    const port = await closedPort();
    const refused = await expectTransportError(
      openTransport(sftpConfig({ port }), { password: PASSWORD }),
      'unreachable',
      true,
    );
    expect(refused.message).toContain(`127.0.0.1:${port}`);

    const silent: Server = createServer(() => {
      // Accepts the TCP connection and never speaks SSH.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const started = Date.now();
      const err = await expectTransportError(
        openTransport(
          sftpConfig({ port: (silent.address() as { port: number }).port }),
          { password: PASSWORD },
          { timeoutMs: 400 },
        ),
        'unreachable',
        true,
      );
      expect(Date.now() - started).toBeLessThan(5000);
      expect(err.message).toContain('did not answer');
    } finally {
      silent.close();
    }
  });

  it('refuses a server whose host key does not match, and accepts the fingerprint as OpenSSH prints it', async () => {
    const expected = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const before = sftp.bytesWritten;
    const err = await expectTransportError(
      openTransport(sftpConfig({ hostKeySha256: `SHA256:${expected}` }), { password: PASSWORD }),
      'other',
      false,
    );
    expect(err.message).toContain(`host key SHA256:${sftp.hostKeySha256}`);
    expect(err.message).toContain(`expects SHA256:${expected}`);
    expect(sftp.bytesWritten).toBe(before);

    const ok = await openTransport(sftpConfig({ hostKeySha256: `SHA256:${sftp.hostKeySha256}=` }), {
      password: PASSWORD,
    });
    // What the server presented, for a settings page to show or pin on first use.
    expect((ok as SftpTransport).hostKeySha256).toBe(sftp.hostKeySha256);
    await ok.put('pinned/ok.txt', Readable.from([Buffer.from('ok')]), 2);
    await ok.close();
    expect(readFileSync(join(sftpRoot, 'incoming/pinned/ok.txt'), 'utf8')).toBe('ok');
  });

  it('writes at the login folder when the remote folder is empty', async () => {
    const t = await openTransport(sftpConfig({ remoteFolder: '' }), { password: PASSWORD });
    await t.put('at-home/x.xml', Readable.from([Buffer.from('<x/>')]), 4);
    expect((await t.list('at-home')).map((f) => f.name)).toEqual(['x.xml']);
    await t.close();
    expect(readFileSync(join(sftpRoot, 'at-home/x.xml'), 'utf8')).toBe('<x/>');
  });

  it('reports a full disk as disk_full and removes the partial file', async () => {
    const root = tempDir('mr-sftp-full-');
    const full = await startSftpTestServer({ root, username: USER, password: PASSWORD, maxBytes: 1_000_000 });
    try {
      const t = await openTransport(sftpConfig({ port: full.port, hostKeySha256: null }), {
        password: PASSWORD,
      });
      const err = await expectTransportError(
        t.put('batch/big.wav', generatedStream(3_000_000, 9), 3_000_000),
        'disk_full',
        true,
      );
      expect(err.message).toBe(
        `The destination's disk is full, so "batch/big.wav" could not be written. Ask the distributor to free space; the delivery will be tried again.`,
      );
      expect(existsSync(join(root, 'incoming/batch/big.wav'))).toBe(false);
      // The connection is still usable after the refusal.
      await t.put('batch/small.xml', Readable.from([Buffer.from('<x/>')]), 4);
      await t.close();
    } finally {
      await full.close();
    }
  });

  it('rejects a put whose connection drops mid-transfer with connection_lost', async () => {
    const root = tempDir('mr-sftp-drop-');
    const flaky = await startSftpTestServer({
      root,
      username: USER,
      password: PASSWORD,
      dropAfterBytes: 1_000_000,
    });
    try {
      const t = await openTransport(sftpConfig({ port: flaky.port, hostKeySha256: null }), {
        password: PASSWORD,
      });
      expect(flaky.connections).toBe(1);
      const err = await expectTransportError(
        t.put('batch/A1.wav', generatedStream(4_000_000, 5), 4_000_000),
        'connection_lost',
        true,
      );
      expect(err.message).toContain('was lost');
      // Later calls on the dead connection fail at once instead of hanging.
      await expectTransportError(t.list('batch'), 'connection_lost');
      await t.close();

      // A new connection (the retry) delivers the whole file.
      const retry = await openTransport(sftpConfig({ port: flaky.port, hostKeySha256: null }), {
        password: PASSWORD,
      });
      await retry.put('batch/A1.wav', generatedStream(4_000_000, 5), 4_000_000);
      await retry.close();
      expect(sha256(readFileSync(join(root, 'incoming/batch/A1.wav')))).toBe(
        await sha256Of(generatedStream(4_000_000, 5)),
      );
      expect(flaky.totalConnections).toBe(2);
    } finally {
      await flaky.close();
    }
  });

  it('reports a read-only account as permission_denied', async () => {
    const root = tempDir('mr-sftp-ro-');
    mkdirSync(join(root, 'incoming'));
    const readOnly = await startSftpTestServer({ root, username: USER, password: PASSWORD, readOnly: true });
    try {
      const t = await openTransport(sftpConfig({ port: readOnly.port, hostKeySha256: null }), {
        password: PASSWORD,
      });
      const err = await expectTransportError(
        t.put('a.xml', Readable.from([Buffer.from('<a/>')]), 4),
        'permission_denied',
        false,
      );
      expect(err.message).toContain(`does not allow user ${USER}`);
      await t.close();
    } finally {
      await readOnly.close();
    }
  });

  it('streams a 200 MB put with flat memory', async () => {
    const size = 200 * 1024 * 1024;
    const t = await openTransport(sftpConfig(), { password: PASSWORD });
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      await t.put('bench/200mb.bin', generatedStream(size, 11, 256 * 1024), size);
    } finally {
      clearInterval(sampler);
      await t.close();
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const local = join(sftpRoot, 'incoming/bench/200mb.bin');
    expect(statSync(local).size).toBe(size);
    rmSync(local);
    expect((peak - baseline) / (1024 * 1024)).toBeLessThan(64);
  }, 60_000);
});

describe('S3 failures', () => {
  // s3rver checks the access key ID but not version 4 signatures, so a wrong secret with the right
  // key ID goes through there; a real store answers SignatureDoesNotMatch, mapped the same way.
  it('refuses an unknown access key without showing the secret', async () => {
    const secret = 'a-secret-that-must-not-show-0123';
    const t = await openTransport(s3Config({ accessKeyId: 'NOBODY' }), { secretAccessKey: secret });
    const err = await expectTransportError(t.list('acks'), 'auth_refused', false);
    expect(err.message).toBe(
      'The storage service refused access key NOBODY: check the access key ID and the secret access key.',
    );
    expect(JSON.stringify({ message: err.message, stack: err.stack })).not.toContain(secret);
    await expectTransportError(t.put('a.xml', Readable.from([Buffer.from('<a/>')]), 4), 'auth_refused');
    await expectTransportError(t.read('a.xml'), 'auth_refused');
    await t.close();

    await expectTransportError(openTransport(s3Config(), {}), 'auth_refused');
  });

  it('reports a missing bucket as not_found', async () => {
    const t = await openTransport(s3Config({ bucket: 'no-such-bucket' }), { secretAccessKey: 'S3RVER' });
    const err = await expectTransportError(t.list('acks'), 'not_found', false);
    expect(err.message).toContain('The bucket "no-such-bucket" does not exist');
    await t.close();
  });

  it('is unreachable when nothing listens', async () => {
    const port = await closedPort();
    const t = await openTransport(s3Config({ endpoint: `http://127.0.0.1:${port}` }), {
      secretAccessKey: 'S3RVER',
    });
    await expectTransportError(t.list('acks'), 'unreachable', true);
    await expectTransportError(t.put('a.xml', Readable.from([Buffer.from('<a/>')]), 4), 'unreachable', true);
    await t.close();
  });

  it('puts keys under the prefix', async () => {
    const t = await openTransport(s3Config({ prefix: 'label-b/' }), { secretAccessKey: 'S3RVER' });
    await t.put('batch/x.xml', Readable.from([Buffer.from('<x/>')]), 4);
    await t.close();
    const root = await openTransport(s3Config({ prefix: '' }), { secretAccessKey: 'S3RVER' });
    expect((await root.read('label-b/batch/x.xml')).toString()).toBe('<x/>');
    await root.close();
  });
});

describe('folder failures', () => {
  it('never shows a file under its name before it is complete', async () => {
    const t = await openTransport({ kind: 'folder', path: folderRoot, ackFolder: 'acks' }, {});
    const body = new PassThrough();
    const putting = t.put('slow/A1.flac', body, 8);
    body.write(Buffer.from('half'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(join(folderRoot, 'slow/A1.flac'))).toBe(false);
    expect(await t.list('slow')).toEqual([]);
    body.end(Buffer.from('done'));
    await putting;
    expect(readFileSync(join(folderRoot, 'slow/A1.flac'), 'utf8')).toBe('halfdone');
    expect((await t.list('slow')).map((f) => f.name)).toEqual(['A1.flac']);
  });

  it('refuses ../x and a symbolic link that leads out of the folder', async () => {
    const outside = tempDir('mr-outside-');
    // The root inside a folder of this test's own, so "../x" is a path nothing else may hold (in
    // the system's temp folder, another program's "x" made the check fail).
    const root = join(tempDir('mr-folder-parent-'), 'root');
    mkdirSync(root);
    symlinkSync(outside, join(root, 'escape'));
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    const t = await openTransport({ kind: 'folder', path: root, ackFolder: 'acks' }, {});
    await expectTransportError(t.put('../x', Readable.from([Buffer.from('x')]), 1), 'other');
    expect(existsSync(join(root, '..', 'x'))).toBe(false);
    await expectTransportError(t.put('escape/x', Readable.from([Buffer.from('x')]), 1), 'permission_denied');
    await expectTransportError(t.read('escape/secret.txt'), 'permission_denied');
    expect(existsSync(join(outside, 'x'))).toBe(false);
  });

  it('refuses a relative root folder', async () => {
    await expectTransportError(
      openTransport({ kind: 'folder', path: 'deliveries', ackFolder: 'acks' }, {}),
      'other',
    );
  });
});
