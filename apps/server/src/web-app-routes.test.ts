import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './platform/http.ts';
import { type AppWithWebDist, appWithWebDist } from './test/web-app.ts';

/** A built web app in miniature: the server only needs its index.html. */
const INDEX_HTML =
  '<!doctype html><html><head><title>Music Review</title></head><body><div id="root"></div></body></html>';

/** Every route of spec section 2, with sample tokens and ids, as a bookmark or a reload loads it. */
const WEB_ROUTES = [
  // Public routes
  '/metadata/tok-1',
  '/marketing/tok-1',
  '/label-copy-form/tok-1',
  '/marketing-general/tok-1',
  '/label-copy-generator/tok-1',
  '/label-copy/tok-1',
  '/statements/tok-1',
  '/reset-password',
  '/reset-password?type=recovery',
  '/contracts/6b1f4c1e-1111-4a4a-8a8a-000000000001',
  '/artist/deny-signing/tok-1',
  '/artist/upload-revision/tok-1',
  // Signed-out state and onboarding
  '/auth',
  '/auth/',
  '/auth?redirect=%2Freview-dashboard',
  '/organization-setup',
  // Signed-in routes
  '/',
  '/label-hub',
  '/home',
  '/review-dashboard',
  '/review/song-1',
  '/overview',
  '/analytics',
  '/finance',
  '/distribution',
  '/distribution/track/release-1',
  '/add-tracks',
  '/profile',
  '/catalogue',
  '/artists-writers',
  '/waveform-test',
  '/feedback',
  '/video-call/call-1',
  '/signed-songs',
  '/signed-songs?songId=song-1',
  '/signed-songs?artist=Someone',
  '/signed-songs/metadata',
  '/signed-songs/song-1',
  '/signed-songs/song-1/overview',
  '/signed-songs/song-1/contracts',
  '/signed-songs/song-1/metadata',
  '/signed-songs/song-1/marketing',
  '/signed-songs/song-1/chat',
  '/support-inbox',
  '/dashboard',
  '/manage-artists',
  '/manage-writers',
  // "Any other path redirects to /": the app decides, so it must load.
  '/no/such/page',
  '/authors',
  '/storage-room',
];

/** Paths of the server's own APIs: an unknown one is an API client's mistake, answered in JSON. */
const API_PATHS = [
  '/api/nope',
  '/api/v1/nope',
  '/api/v1/public/nope/tok',
  '/auth/v1/nope',
  '/functions/v1/nope',
  '/storage/v1/nope',
  '/storage/v1/object',
  '/realtime/v1/nope',
];

describe('paths loaded directly with the web app built', () => {
  let app: App;
  let web: AppWithWebDist;
  beforeAll(async () => {
    web = await appWithWebDist({ 'index.html': INDEX_HTML });
    app = web.app;
  });
  afterAll(() => web?.close());

  it.each(WEB_ROUTES)('GET %s serves the app (200 text/html)', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
  });

  it.each(API_PATHS)('GET %s still answers the JSON 404', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: expect.objectContaining({ code: 'not_found' }) });
  });

  it('answers other methods on app paths with the JSON 404 (only a page load gets the app)', async () => {
    const res = await app.inject({ method: 'POST', url: '/auth', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.objectContaining({ code: 'not_found' }) });
  });
});
