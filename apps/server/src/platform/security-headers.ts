import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { fontStylesheetUrl } from '@music-review/core/branding';
import { isApiPath } from './api-paths.ts';
import type { Config } from './config.ts';
import type { App } from './http.ts';

type CspOptions = Exclude<FastifyHelmetOptions['contentSecurityPolicy'], boolean | undefined>;

/**
 * Where a branding's font stylesheet comes from (packages/core `fontStylesheetUrl`), and the host
 * that stylesheet takes its font files from.
 */
const FONT_STYLESHEET_ORIGIN = new URL(fontStylesheetUrl('Inter') ?? 'https://fonts.googleapis.com').origin;
const FONT_FILES_ORIGIN = 'https://fonts.gstatic.com';

/**
 * Camera, microphone and screen share for calls, full screen for video: this origin only. The
 * rest of what a page could ask for: nobody.
 */
const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'display-capture=(self)',
  'fullscreen=(self)',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'browsing-topics=()',
].join(', ');

/** JSON answers and stored files: nothing in them may run, load or be framed. */
const API_POLICY: CspOptions = {
  useDefaults: false,
  directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
};

/** A server-rendered page with its own <style> and no script (the dev mailbox). */
export const STYLES_ONLY_PAGE_POLICY: CspOptions = {
  useDefaults: false,
  directives: {
    'default-src': ["'none'"],
    'style-src': ["'unsafe-inline'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  },
};

/** The 'sha256-…' source of each inline script of the built index.html (the theme script). */
export function inlineScriptHashes(indexHtml: string): string[] {
  const hashes: string[] = [];
  for (const match of indexHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The origins signed storage URLs point at when files are on S3 (images, audio, uploads and
 * previews load from there). Both addressing styles the SDK may use are allowed unless path
 * style is forced: a bucket name with dots, for one, is addressed by path.
 */
export function storageOrigins(config: Config): string[] {
  if (!config.S3_BUCKET) return []; // Local disk: the app serves its own URLs ('self').
  const bucket = config.S3_BUCKET;
  const endpoint = new URL(config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`);
  const origins = [endpoint.origin];
  if (!config.S3_FORCE_PATH_STYLE) origins.unshift(`${endpoint.protocol}//${bucket}.${endpoint.host}`);
  return origins;
}

/** The web app's policy: its own files, the theme script by hash, storage, fonts and the socket. */
function webPolicy(config: Config, scriptHashes: string[]): CspOptions {
  const https = config.appUrl.startsWith('https:');
  const socketOrigin = new URL(config.appUrl).origin.replace(/^http/, 'ws');
  const storage = storageOrigins(config);
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...scriptHashes],
      'script-src-attr': ["'none'"],
      // React's style attributes and the branding's variables: inline styles only, never scripts.
      'style-src': ["'self'", "'unsafe-inline'", FONT_STYLESHEET_ORIGIN],
      'font-src': ["'self'", 'data:', FONT_FILES_ORIGIN],
      'img-src': ["'self'", 'data:', 'blob:', ...storage],
      'media-src': ["'self'", 'blob:', ...storage],
      'connect-src': ["'self'", socketOrigin, ...storage],
      'worker-src': ["'self'"],
      'frame-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      ...(https ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

/**
 * Security headers on every answer (decision 0011), through helmet: the web app's pages get the
 * app's Content-Security-Policy, the API paths one that allows nothing; a route may bring its own
 * policy with the `helmet` route option. HSTS only when APP_URL is https.
 */
export async function registerSecurityHeaders(
  app: App,
  ctx: { config: Config },
  options: { indexHtmlPath: string | null },
) {
  const { config } = ctx;
  const indexHtml =
    options.indexHtmlPath && existsSync(options.indexHtmlPath)
      ? readFileSync(options.indexHtmlPath, 'utf8')
      : '';
  const web = webPolicy(config, inlineScriptHashes(indexHtml));

  await app.register(fastifyHelmet, {
    // Applied by the hook below, which picks the policy by path.
    global: false,
    contentSecurityPolicy: API_POLICY,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: config.appUrl.startsWith('https:')
      ? { maxAge: 31_536_000, includeSubDomains: false }
      : false,
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // A route with its own helmet options got them from the plugin already.
    if (req.routeOptions.config && 'helmet' in req.routeOptions.config) return;
    const path = req.url.split('?')[0] ?? '';
    reply.helmet(isApiPath(path) ? undefined : { contentSecurityPolicy: web });
  });
}
