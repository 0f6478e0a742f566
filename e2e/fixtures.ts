import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test';

let counter = 0;
/** A unique address per call, so tests never collide (also across workers and runs). */
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.test`;
}

export const PASSWORD = 'correct-horse-9';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to an address from the dev mailbox, waiting briefly for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string, subject?: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as Mail[];
      found = mails.find((m) => !subject || subject.test(m.subject));
      return !!found;
    })
    .toBe(true);
  return found!;
}

export function linkIn(mail: Mail): string {
  const match = mail.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return match[0];
}

/** Creates an account through the API; confirmed unless asked otherwise. */
export async function createAccount(
  request: APIRequestContext,
  options: { email?: string; name?: string; confirmed?: boolean } = {},
) {
  const email = options.email ?? uniqueEmail();
  const name = options.name ?? 'Riley Tester';
  const res = await request.post('/auth/v1/signup', { data: { email, password: PASSWORD, name } });
  expect(res.status(), await res.text()).toBe(200);
  if (options.confirmed !== false) {
    const link = linkIn(await latestMail(request, email));
    // Confirm without following the redirect (the API context keeps no browser session).
    const confirm = await request.get(link, { maxRedirects: 0 });
    expect(confirm.status()).toBe(302);
  }
  return { email, name, password: PASSWORD };
}

/** Signs in through the API and returns the access token. */
export async function apiSignIn(request: APIRequestContext, email: string, password = PASSWORD) {
  const res = await request.post('/auth/v1/token?grant_type=password', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Creates a label owned by a new confirmed account; returns its invite code. */
export async function createLabelViaApi(request: APIRequestContext, name = 'Fixture Label') {
  const owner = await createAccount(request);
  const token = await apiSignIn(request, owner.email);
  const res = await request.post('/api/v1/organizations', {
    data: { name },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { organization: { invite_code: string; id: string } };
  return { owner, inviteCode: body.organization.invite_code, organizationId: body.organization.id };
}

/** Signs in through the login screen. */
export async function signInThroughUi(page: Page, email: string, password = PASSWORD) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Collects what the Content-Security-Policy blocks in a browser context: Chromium's console
 * message for each, and the page's `securitypolicyviolation` events (decision 0011).
 */
export async function watchCspViolations(context: BrowserContext, violations: string[]) {
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `securitypolicyviolation (Content Security Policy): ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`,
      );
    });
  });
}

/**
 * Every test runs with the server's Content-Security-Policy on and fails when it blocked anything,
 * in its page or in a context it opened itself (calls open one per participant). A test that
 * provokes a violation on purpose empties `cspViolations` once it has checked it.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await watchCspViolations(context, violations);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        await watchCspViolations(opened, violations);
        return opened;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Holds each upload (a PUT to `url`) until the test lets it go, the n-th upload for the n-th call of
 * the function returned, however late its request comes: on localhost an upload is over in a blink,
 * and a fixed delay can end before a busy machine's check looks at its progress.
 */
export async function holdUploads(page: Page, url: string | RegExp): Promise<() => void> {
  const holds: Promise<void>[] = [];
  const lets: (() => void)[] = [];
  const hold = (n: number) => {
    while (holds.length <= n) holds.push(new Promise<void>((resolve) => lets.push(resolve)));
    return holds[n]!;
  };
  let uploads = 0;
  let released = 0;
  await page.route(url, async (route) => {
    if (route.request().method() === 'PUT') await hold(uploads++);
    await route.continue();
  });
  return () => {
    hold(released);
    lets[released++]!();
  };
}

/** Signs in through the login screen and waits for the shell, so the session is set before a page.goto. */
export async function signInAndWait(page: Page, email: string, password = PASSWORD) {
  await signInThroughUi(page, email, password);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface LabelMember {
  email: string;
  name: string;
  token: string;
}

/**
 * A fresh label (Starter plan) owned by an admin, with `members` more people who joined with the
 * invite code. Each comes with an API token.
 */
export async function createLabelWithMembers(
  request: APIRequestContext,
  options: { name?: string; members?: number } = {},
) {
  const name = options.name ?? `E2E Label ${Date.now().toString(36)}`;
  const { owner, inviteCode, organizationId } = await createLabelViaApi(request, name);
  const admin: LabelMember = { ...owner, token: await apiSignIn(request, owner.email) };
  const members: LabelMember[] = [];
  for (let i = 0; i < (options.members ?? 1); i++) {
    const account = await createAccount(request, { name: `Member ${i + 1}` });
    const token = await apiSignIn(request, account.email);
    const res = await request.post('/api/v1/organizations/join', {
      data: { invite_code: inviteCode },
      headers: bearer(token),
    });
    expect(res.status(), await res.text()).toBe(200);
    members.push({ ...account, token });
  }
  return { name, organizationId, admin, members };
}

/**
 * A valid 16-bit PCM mono WAV file: a 44-byte RIFF header and a sine tone at half volume, with a
 * short fade at both ends. Small sample rates keep long files small.
 */
export function makeWav(options: { seconds?: number; sampleRate?: number; frequency?: number } = {}): Buffer {
  const { seconds = 3, sampleRate = 8000, frequency = 440 } = options;
  const frames = Math.round(seconds * sampleRate);
  const dataBytes = frames * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // the fmt chunk's size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // one channel
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // bytes per frame
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  const fade = Math.min(frames / 2, sampleRate * 0.05);
  for (let i = 0; i < frames; i++) {
    const envelope = Math.min(1, i / fade, (frames - 1 - i) / fade);
    const sample = Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 0.5 * envelope;
    wav.writeInt16LE(Math.round(sample * 32767), 44 + i * 2);
  }
  return wav;
}

/** A file for setInputFiles or a file chooser. */
export function wavFile(name: string, options?: Parameters<typeof makeWav>[0]) {
  return { name, mimeType: 'audio/wav', buffer: makeWav(options) };
}

/** Adds a song the way the web app does (presigned upload, then the song), without a waveform. */
export async function createSongViaApi(
  request: APIRequestContext,
  token: string,
  song: { title: string; artist: string; seconds?: number },
) {
  const id = crypto.randomUUID();
  const presign = await request.post('/functions/v1/generate-presigned-url', {
    data: { type: 'audio', id, filename: 'demo.wav', contentType: 'audio/wav' },
    headers: bearer(token),
  });
  expect(presign.status(), await presign.text()).toBe(200);
  const target = ((await presign.json()) as { data: { presignedUrl: string; key: string } }).data;
  const put = await request.put(target.presignedUrl, {
    data: makeWav({ seconds: song.seconds ?? 3 }),
    headers: { 'content-type': 'audio/wav' },
  });
  expect(put.ok(), await put.text()).toBe(true);
  const res = await request.post('/api/v1/songs', {
    data: { id, title: song.title, artist: song.artist, audio_file_key: target.key },
    headers: bearer(token),
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; title: string; artist: string };
}

/** Saves the caller's review of a song's current version. */
export async function reviewViaApi(
  request: APIRequestContext,
  token: string,
  songId: string,
  scores: { musical: number; artist: number; overall: number; comment?: string },
) {
  const res = await request.put(`/api/v1/songs/${songId}/reviews/mine`, {
    data: {
      musical_score: scores.musical,
      artist_score: scores.artist,
      overall_score: scores.overall,
      comment: scores.comment ?? null,
    },
    headers: bearer(token),
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The global player's audio element: its position in seconds. */
export function audioPosition(page: Page): Promise<number> {
  return page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0);
}

interface PlaybackWatch {
  audio: HTMLAudioElement;
  last: number;
  backwards: number;
}

/**
 * Starts watching the one global audio element: remembers which element it is and counts every
 * jump backwards of its position. A reload, a new element or a restart shows in playbackReport.
 */
export async function watchPlayback(page: Page) {
  await page.evaluate(() => {
    const audio = document.querySelector('audio');
    if (!audio) throw new Error('no audio element');
    const watch: PlaybackWatch = { audio, last: audio.currentTime, backwards: 0 };
    (window as unknown as { __e2ePlayback?: PlaybackWatch }).__e2ePlayback = watch;
    audio.addEventListener('timeupdate', () => {
      if (audio.currentTime < watch.last - 0.01) watch.backwards += 1;
      watch.last = audio.currentTime;
    });
  });
}

/** What watchPlayback saw: null when the page was reloaded since (the watch is gone). */
export function playbackReport(page: Page) {
  return page.evaluate(() => {
    const watch = (window as unknown as { __e2ePlayback?: PlaybackWatch }).__e2ePlayback;
    if (!watch) return null;
    const audio = document.querySelector('audio');
    return {
      sameElement: audio === watch.audio && document.querySelectorAll('audio').length === 1,
      backwards: watch.backwards,
      paused: watch.audio.paused,
      currentTime: watch.audio.currentTime,
    };
  });
}

const ROOT = resolve(import.meta.dirname, '..');

/** A port the system says is free (the kernel's ephemeral range holds none Chromium refuses). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject()));
    });
  });
}

export interface ServerCopy {
  baseURL: string;
  /** The copy's DATA_DIR (files a test reads or writes as a remote party would). */
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * A server of its own, for a test that must change what no API changes (a plan's limits): a fresh
 * embedded database, migrated here and then given `sql` (run as the owner), then the app started on
 * it without demo data. The shared server and its demo label stay as they are. About 10-20 s.
 */
export async function startServerCopy(sql: string[]): Promise<ServerCopy> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mr-e2e-copy-'));
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder: join(ROOT, 'apps/server/migrations') });
    for (const statement of sql) await client.exec(statement);
  } finally {
    await client.close();
  }

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // The embedded database just prepared, and the dev mailbox the account helpers read.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.SMTP_URL;
  const server = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'apps/server/src/main.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseURL,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        RATE_LIMIT_SIGNIN_PER_IP: '100000',
        RATE_LIMIT_SIGNUP_PER_IP: '100000',
      },
    },
  );
  let stderr = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolveExit) => server.once('exit', () => resolveExit()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      await stop();
      throw new Error(`The server copy stopped while starting:\n${stderr}`);
    }
    if (
      await fetch(`${baseURL}/api/v1/health`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server copy did not answer within 90 s:\n${stderr}`);
    }
    await new Promise((wake) => setTimeout(wake, 250));
  }
  return { baseURL, dataDir, stop };
}
