import { createHash } from 'node:crypto';
import { fontStylesheetUrl } from '@music-review/core/branding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppWithWebDist, appWithWebDist } from '../test/web-app.ts';

// The built index.html keeps the theme script inline (apps/web/index.html): the policy allows it by
// its hash, computed from the file the server serves.
const THEME_SCRIPT = `
      (() => {
        var dark = true;
        try { dark = localStorage.getItem('theme') !== 'light'; } catch {}
        document.documentElement.classList.toggle('dark', dark);
      })();
    `;
const INDEX_HTML = `<!doctype html><html lang="en" class="dark"><head><meta charset="UTF-8" />
<title>Music Review</title><script>${THEME_SCRIPT}</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head>
<body><div id="root"></div></body></html>`;
const themeHash = `'sha256-${createHash('sha256').update(THEME_SCRIPT, 'utf8').digest('base64')}'`;

/** The policy as directive name → its sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

type Built = AppWithWebDist;

const build = (env: Record<string, string> = {}) => appWithWebDist({ 'index.html': INDEX_HTML }, env);

async function close(built: Built | undefined) {
  await built?.close();
}

/** The headers every response carries, page or API. */
function expectCommonHeaders(headers: Record<string, string | string[] | number | undefined>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const permissions = String(headers['permissions-policy']);
  expect(permissions).toContain('camera=(self)');
  expect(permissions).toContain('microphone=(self)');
  expect(permissions).toContain('display-capture=(self)');
  expect(permissions).toContain('geolocation=()');
  expect(csp(headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
}

describe('security headers (http APP_URL, files on local disk)', () => {
  let built: Built;
  beforeAll(async () => {
    built = await build();
  });
  afterAll(() => close(built));

  it('the app: a policy with the theme script by hash, no inline scripts, and the other headers', async () => {
    for (const url of ['/', '/auth', '/review-dashboard']) {
      const res = await built.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectCommonHeaders(res.headers);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'", themeHash]);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('form-action')).toEqual(["'self'"]);
      // Waveform worker (a bundled file), PDF preview frame (blob:), local storage URLs ('self').
      expect(policy.get('worker-src')).toEqual(["'self'"]);
      expect(policy.get('frame-src')).toEqual(["'self'", 'blob:']);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
      // The realtime socket, spelt out for browsers where 'self' does not cover ws: (CSP level 2).
      expect(policy.get('connect-src')).toEqual(["'self'", 'ws://app.test']);
      // Branding: the external font stylesheet and its font files.
      const fontCss = new URL(fontStylesheetUrl('Inter') ?? '').origin;
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'", fontCss]);
      expect(policy.get('font-src')).toEqual(["'self'", 'data:', 'https://fonts.gstatic.com']);
      // Plain http: no HSTS, no upgrade of subresources.
      expect(policy.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('the API: a policy that allows nothing to run, on answers, errors and the JSON 404', async () => {
    const responses = [
      await built.app.inject({ method: 'GET', url: '/api/v1/health' }),
      await built.app.inject({ method: 'GET', url: '/api/v1/songs' }), // 401
      await built.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' }), // 404
      await built.app.inject({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404, 200]);
    for (const res of responses) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectCommonHeaders(res.headers);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.has('script-src')).toBe(false);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('the dev mailbox page: its own inline styles, no script at all', async () => {
    const res = await built.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectCommonHeaders(res.headers);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'unsafe-inline'"]);
    expect(policy.has('script-src')).toBe(false);
  });
});

describe('security headers with an https APP_URL', () => {
  let built: Built;
  beforeAll(async () => {
    built = await build({ APP_URL: 'https://review.example.com' });
  });
  afterAll(() => close(built));

  it('adds HSTS (and upgrades subresources) on pages and the API', async () => {
    for (const url of ['/', '/api/v1/health', '/api/v1/nope']) {
      const res = await built.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000\b/);
      expectCommonHeaders(res.headers);
    }
    const page = csp(
      (await built.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(page.get('upgrade-insecure-requests')).toEqual([]);
    expect(page.get('connect-src')).toEqual(["'self'", 'wss://review.example.com']);
  });
});

describe.each<{ name: string; env: Record<string, string> }>([
  {
    name: 'an S3-compatible endpoint, path style',
    env: { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' },
  },
  { name: 'an S3-compatible endpoint, virtual-hosted', env: { S3_ENDPOINT: 'https://s3.storage.example' } },
  { name: 'AWS S3', env: { S3_REGION: 'eu-west-1' } },
])('security headers with files on $name', ({ env }) => {
  let built: Built;
  beforeAll(async () => {
    built = await build({
      S3_BUCKET: 'mr-files',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      ...env,
    });
  });
  afterAll(() => close(built));

  it("allows the storage's signed URLs for images, audio, uploads and previews", async () => {
    // The origin of a URL the driver really signs (no request is made to sign it).
    const { url } = await built.ctx.storage.driver.signedGetUrl('audio/org/song/file.wav', 60);
    const upload = await built.ctx.storage.driver.signedPutUrl('images/org/x/a.png', 'image/png', 10, 60);
    const storageOrigin = new URL(url).origin;
    expect(new URL(upload).origin).toBe(storageOrigin);
    expect(storageOrigin).not.toBe('http://app.test');

    const res = await built.app.inject({ method: 'GET', url: '/' });
    const policy = csp(res.headers['content-security-policy']);
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      expect(policy.get(directive), directive).toContain(storageOrigin);
    }
    expect(policy.get('script-src')).toEqual(["'self'", themeHash]);
  });
});
