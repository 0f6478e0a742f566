import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|ico)$/;
/** Smaller files gain nothing worth a second request path (the server compresses nothing under 1 KB either). */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the
 * build, once, so the server sends them without compressing per request (@fastify/static's
 * preCompressed; docs/decisions/0012-compression-and-caching.md). A copy that is not smaller is left out.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const files = async (dir: string): Promise<string[]> =>
    (await readdir(dir, { withFileTypes: true, recursive: true }))
      .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name));
  return {
    name: 'music-review:precompress',
    apply: 'build',
    async writeBundle(options) {
      if (!options.dir) return;
      await Promise.all(
        (await files(options.dir)).map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gz(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < content.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
      '/functions': apiTarget,
      '/storage': apiTarget,
      '/dev': apiTarget,
      '/realtime': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // No source maps in the build: they were public at /assets/*.map (the server refuses that path too).
    sourcemap: false,
    // Every browser the build targets preloads modules itself; the polyfill only cost first-load bytes.
    modulePreload: { polyfill: false },
  },
});
