import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
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

const SRC = join(import.meta.dirname, 'src');
const ENTRY = join(SRC, 'main.tsx');
const LOGIN_PAGE = join(SRC, 'features/auth/pages/login-page.tsx');
const APP_SHELL = join(SRC, 'app/shell/app-shell.tsx');

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { code: string | null; importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/** lucide-react's index re-exports every icon: follow only the icons a module names, not all of them. */
const LUCIDE_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

/** Each name lucide-react exports, with the icon module it comes from (read from its index). */
function lucideIcons(graph: ModuleGraph, index: string) {
  const icons = new Map<string, string>();
  const code = graph.getModuleInfo(index)?.code ?? '';
  for (const [, names, file] of code.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) {
    for (const [, name] of names!.matchAll(/default as (\w+)/g))
      icons.set(name!, join(dirname(index), file!));
  }
  return icons;
}

/** The icons a module imports from lucide-react by name. */
function iconsImportedBy(code: string, icons: Map<string, string>) {
  const found: string[] = [];
  for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
    for (const name of names!.split(',')) {
      const icon = icons.get(name.trim().split(/\s+as\s+/)[0]!);
      if (icon) found.push(icon);
    }
  }
  return found;
}

/** Every module `from` imports statically, directly or not (itself included). */
function staticClosure(graph: ModuleGraph, from: string) {
  const seen = new Set<string>();
  const todo = [from];
  let icons: Map<string, string> | undefined;
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      if (LUCIDE_INDEX.test(imported)) {
        icons ??= lucideIcons(graph, imported);
        todo.push(...iconsImportedBy(info?.code ?? '', icons));
      } else todo.push(imported);
    }
  }
  return seen;
}

/**
 * The signed-in shell's modules in one chunk: left to the automatic splitting they were about 45
 * chunks of 1-3 kB (an icon, a hook, a dialog shared by two pages), each one more request in the
 * signed-in pages' first load (docs/PERFORMANCE.md). What the login route loads (the entry and the
 * login page) stays out of it, so the login route loads none of the shell.
 */
function signedInShellChunk(): (id: string, graph: ModuleGraph) => string | null {
  let shell: Set<string> | undefined;
  return (id, graph) => {
    if (!shell) {
      const login = new Set([...staticClosure(graph, ENTRY), ...staticClosure(graph, LOGIN_PAGE)]);
      // A module something imports dynamically keeps its own chunk (its exports are that chunk's).
      shell = new Set(
        [...staticClosure(graph, APP_SHELL)].filter(
          (module) => !login.has(module) && !graph.getModuleInfo(module)?.dynamicImporters.length,
        ),
      );
    }
    return shell.has(id) ? 'app-shell' : null;
  };
}

/**
 * What the login page needs beyond the entry, in one chunk too: the hooks, form fields and layout
 * it shares with the signed-in pages were each a chunk of their own, loaded one by one by both.
 */
function loginPageChunk(): (id: string, graph: ModuleGraph) => string | null {
  let login: Set<string> | undefined;
  return (id, graph) => {
    if (!login) {
      const entry = staticClosure(graph, ENTRY);
      login = new Set(
        [...staticClosure(graph, LOGIN_PAGE)].filter(
          (module) => !entry.has(module) && !graph.getModuleInfo(module)?.dynamicImporters.length,
        ),
      );
    }
    return login.has(id) ? 'login-page-shared' : null;
  };
}

/** A feature's public index, features/<name>/index.ts (docs/ARCHITECTURE.md "Contracts and boundaries"). */
const FEATURE_INDEX = /[\\/]src[\\/]features[\\/][\w-]+[\\/]index\.ts$/;

const CONTRACT_MODULE = /[\\/]packages[\\/]core[\\/]src[\\/]contracts[\\/]([\w-]+)\.ts$/;

/**
 * Each endpoint contract module (packages/core/src/contracts/<feature>.ts) as the browser gets it:
 * every declaration reduced to its operationId, method and path, which is all `api.call` reads at run
 * time (the types still come from the module itself). The schemas, and zod with them, stay on the
 * server: they would add zod to every page's bundle (docs/decisions/0022).
 */
function endpointStubs(): Plugin {
  let modules: Record<string, Record<string, unknown>> = {};
  return {
    name: 'music-review:endpoint-stubs',
    enforce: 'pre',
    async buildStart() {
      // Node 20 cannot load TypeScript itself; tsx does, as for the server.
      modules = await tsImport('@music-review/core/contracts/index', import.meta.url);
    },
    load(id) {
      const file = CONTRACT_MODULE.exec(id.split('?')[0] ?? '')?.[1];
      if (!file) return null;
      const name = file.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
      const declarations = modules[name];
      if (!declarations) {
        this.error(`${file}.ts is not exported from packages/core/src/contracts/index.ts as "${name}"`);
      }
      return Object.entries(declarations)
        .map(([exported, value]) => {
          const declaration = value as { operationId?: unknown; method?: unknown; path?: unknown };
          if (typeof declaration?.operationId !== 'string') {
            this.error(
              `contracts/${file}.ts exports "${exported}", which is not an endpoint: move it to a -schemas module`,
            );
          }
          const { operationId, method, path } = declaration;
          return `export const ${exported} = ${JSON.stringify({ operationId, method, path })};`;
        })
        .join('\n');
    },
  };
}

/**
 * The boot frame's inline script after #root (app/boot-frame-script.ts, decision 0031): a signed-in
 * arrival paints the shell's frame with the page's heading before any bundle has run.
 */
function bootFrame(): Plugin {
  return {
    name: 'music-review:boot-frame',
    async transformIndexHtml() {
      const { bootFrameScript } = await tsImport('./src/app/boot-frame-script.ts', import.meta.url);
      return [{ tag: 'script', children: bootFrameScript(), injectTo: 'body' }];
    },
  };
}

export default defineConfig({
  plugins: [endpointStubs(), react(), tailwindcss(), bootFrame(), precompress()],
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
    rolldownOptions: {
      // A feature's index only re-exports: importing one name from it must not load the modules
      // behind its other names, which the bundler otherwise keeps in case loading them does something
      // (the add-tracks page, importing the waveform generator, got the waveform player's chunk too).
      treeshake: { moduleSideEffects: [{ test: FEATURE_INDEX, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            { name: signedInShellChunk(), debugName: 'app-shell', includeDependenciesRecursively: false },
            { name: loginPageChunk(), debugName: 'login-page-shared', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
