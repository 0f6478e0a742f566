import { relative, sep } from 'node:path';
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { errorBody } from './errors.ts';
import type { App } from './http.ts';

/**
 * How the built web app and the API's answers travel (docs/decisions/0012-compression-and-caching.md).
 *
 * Scripts and styles are compressed once, at build (apps/web/vite.config.ts writes `.br` and `.gz`
 * beside each file); the server picks the copy the browser accepts. Files under /assets/ carry a
 * content hash in their name, so a browser keeps them a year without asking again; everything else
 * (index.html, the public folder's icons) is revalidated on each load, so a new build shows at once.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Built files that are never served as such: source maps, and the compressed copies (only through Accept-Encoding). */
const NOT_SERVED = ['**/*.map', '**/*.br', '**/*.gz'];

/** A file of the build's `assets/` folder (hashed name), whichever copy is sent. */
function isHashedAsset(root: string, filePath: string): boolean {
  const path = relative(root, filePath).split(sep).join('/');
  return path.startsWith('assets/');
}

/**
 * Compresses the API's answers on the fly: JSON, text and XML over 1 KB. Audio, images, PDFs and
 * archives are left alone (already compressed, and an audio element's byte ranges must stay exact:
 * the plugin never touches a 206). Files already compressed at build are recognised by their
 * Content-Encoding and passed through. Register before the routes.
 */
export async function registerCompression(app: App) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) is for build time; on the fly a middle level is as small as gzip 9
    // at a fraction of the time.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    // The plugin's default list without octet-stream (stored files of unknown type may be large
    // binaries); text, JSON and XML types, and those mime-db marks compressible (JavaScript, CSS, SVG).
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)/u,
  });
}

/** Serves the built web app from `root`: precompressed copies, year-long caching for hashed assets. */
export async function registerStaticWeb(app: App, root: string) {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: NOT_SERVED,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', isHashedAsset(root, filePath) ? IMMUTABLE : REVALIDATE);
    },
  });
  // A hashed file that is not in this build (a page still open from the previous one asks for its
  // chunk, or a source map) is a plain 404: the app's index.html in its place would be cached for a
  // year under a script's name.
  app.get('/assets/*', { schema: { hide: true } }, async (_req, reply) =>
    reply.status(404).header('cache-control', REVALIDATE).send(errorBody('not_found', 'Not found')),
  );
}
