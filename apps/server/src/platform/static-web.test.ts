import { randomUUID } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel } from '../test/api-helpers.ts';
import { type AppWithWebDist, appWithWebDist } from '../test/web-app.ts';
import type { App } from './http.ts';
import { makeWav } from './storage/test-media.ts';

/** A built web app in miniature, as `vite build` leaves it: hashed assets with their brotli and gzip copies. */
const INDEX_HTML =
  '<!doctype html><html><head><title>Music Review</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const APP_JS = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const value${i} = 'the login screen ${i}';\n`).join(''),
);
const SOURCE_MAP =
  '{"version":3,"sources":["../src/main.tsx"],"sourcesContent":["secret source"],"mappings":""}';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let web: AppWithWebDist;
let app: App;

beforeAll(async () => {
  web = await appWithWebDist({
    'index.html': INDEX_HTML,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'assets/app-abc123.js': APP_JS,
    'assets/app-abc123.js.br': brotliCompressSync(APP_JS),
    'assets/app-abc123.js.gz': gzipSync(APP_JS),
    'assets/app-abc123.js.map': SOURCE_MAP,
  });
  app = web.app;
});
afterAll(() => web?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('hashed scripts, precompressed at build', () => {
  it('sends the brotli copy to a browser that accepts br', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload)).toEqual(APP_JS);
    expect(res.rawPayload.length).toBeLessThan(APP_JS.length / 4);
  });

  it('sends the gzip copy to a browser that accepts only gzip', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload)).toEqual(APP_JS);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload).toEqual(APP_JS);
  });

  it.each([
    ['br', 'gzip, deflate, br'],
    ['gzip', 'gzip'],
    ['no', ''],
  ])('keeps them a year, immutable (%s encoding)', async (_name, acceptEncoding) => {
    const res = await get(
      '/assets/app-abc123.js',
      acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    );
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });
});

describe('index.html and the single-page app paths', () => {
  it.each(['/', '/index.html', '/review-dashboard', '/no/such/page'])(
    'GET %s is the app, revalidated on every load (no-cache)',
    async (url) => {
      const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const body =
        res.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : res.headers['content-encoding'] === 'gzip'
            ? gunzipSync(res.rawPayload).toString()
            : res.body;
      expect(body).toBe(INDEX_HTML);
    },
  );

  it('files of the public folder (not hashed) are revalidated too', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('what is not served', () => {
  it('the source map beside a script is not public', async () => {
    const res = await get('/assets/app-abc123.js.map');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret source');
  });

  it.each(['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz'])(
    'the compressed copy %s is only sent through Accept-Encoding',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
    },
  );

  it('a script that no longer exists (an old build) is a 404, not the app', async () => {
    const res = await get('/assets/app-old999.js', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).not.toMatch(/immutable/);
  });
});

describe('API answers', () => {
  it('a large JSON answer is compressed for a client that accepts it', async () => {
    const plain = await get('/api/v1/openapi.json');
    const res = await get('/api/v1/openapi.json', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(plain.json());
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('a small one (under 1 KB) is sent as it is', async () => {
    const res = await get('/api/v1/health', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });

  it('audio keeps its byte ranges: a Range request is a plain 206 slice, a full read is not re-encoded', async () => {
    const admin = await adminWithLabel(app, 'Range Records');
    const presigned = await app.inject({
      method: 'POST',
      url: '/functions/v1/generate-presigned-url',
      headers: admin.headers,
      payload: {
        orgName: 'Range Records',
        type: 'audio',
        id: randomUUID(),
        filename: 'take.wav',
        contentType: 'audio/wav',
      },
    });
    expect(presigned.statusCode, presigned.body).toBe(200);
    const { presignedUrl, key } = presigned.json<{ data: { presignedUrl: string; key: string } }>().data;
    const wav = makeWav();
    const path = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
    const put = await app.inject({
      method: 'PUT',
      url: path(presignedUrl),
      headers: { 'content-type': 'audio/wav' },
      payload: wav,
    });
    expect(put.statusCode, put.body).toBe(200);
    const signed = await app.inject({
      method: 'POST',
      url: '/functions/v1/get-signed-url',
      headers: admin.headers,
      payload: { fileKey: key },
    });
    const url = path(signed.json<{ url: string }>().url);

    const slice = await get(url, { range: 'bytes=100-1099', 'accept-encoding': 'gzip, deflate, br' });
    expect(slice.statusCode).toBe(206);
    expect(slice.headers['content-encoding']).toBeUndefined();
    expect(slice.headers['content-range']).toBe(`bytes 100-1099/${wav.length}`);
    expect(slice.rawPayload).toEqual(wav.subarray(100, 1100));

    const whole = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload).toEqual(wav);
  });
});
