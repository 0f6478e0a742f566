// Database-independent: it reads the source code (the PostgreSQL pass skips it; vitest.config.ts).
/**
 * The import boundaries of `.dependency-cruiser.cjs` (run by `npm run lint`) on small fixtures laid
 * out like the repository: each rule fails on the import it forbids and passes on the one it allows.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
};
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The rules' violations on a tree of files (path -> content), as "rule: from -> to". */
async function violations(files: Record<string, string>) {
  const base = mkdtempSync(join(tmpdir(), 'mr-boundaries-'));
  dirs.push(base);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(base, path)), { recursive: true });
    writeFileSync(join(base, path), content);
  }
  const roots = [...new Set(Object.keys(files).map((path) => path.split('/').slice(0, 3).join('/')))];
  const result = await cruise(roots, {
    baseDir: base,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    tsPreCompilationDeps: true,
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe('import boundaries', () => {
  it("fails a server feature that reads another feature's repository, and passes one that goes through its service", async () => {
    expect(
      await violations({
        'apps/server/src/features/team/team.service.ts':
          "import { listSongs } from '../songs/songs.repo.ts';\nexport const a = listSongs;\n",
        'apps/server/src/features/reviews/reviews.service.ts':
          "import { songOf } from '../songs/songs.service.ts';\nexport const b = songOf;\n",
        'apps/server/src/features/songs/songs.repo.ts': 'export const listSongs = 1;\n',
        'apps/server/src/features/songs/songs.service.ts':
          "import { listSongs } from './songs.repo.ts';\nexport const songOf = listSongs;\n",
      }),
    ).toEqual([
      'server-feature-through-its-service: apps/server/src/features/team/team.service.ts -> apps/server/src/features/songs/songs.repo.ts',
    ]);
  });

  it("fails a web feature that reaches into another feature's folders, and passes one that uses its index", async () => {
    expect(
      await violations({
        'apps/web/src/features/review/pages/page.tsx':
          "import { Player } from '../../player/components/waveform-player.tsx';\nexport const a = Player;\n",
        'apps/web/src/features/review/components/card.tsx':
          "import { Player } from '../../player/index.ts';\nexport const b = Player;\n",
        'apps/web/src/features/player/components/waveform-player.tsx': 'export const Player = 1;\n',
        'apps/web/src/features/player/index.ts':
          "export { Player } from './components/waveform-player.tsx';\n",
      }),
    ).toEqual([
      'web-feature-through-its-index: apps/web/src/features/review/pages/page.tsx -> apps/web/src/features/player/components/waveform-player.tsx',
    ]);
  });

  it('fails platform code that imports the app context or a feature', async () => {
    expect(
      await violations({
        'apps/server/src/platform/thing.ts':
          "import type { AppContext } from '../context.ts';\nimport { x } from '../features/songs/songs.service.ts';\nexport type T = AppContext;\nexport const y = x;\n",
        'apps/server/src/context.ts': 'export interface AppContext { a: number }\n',
        'apps/server/src/features/songs/songs.service.ts': 'export const x = 1;\n',
      }),
    ).toEqual([
      'platform-below-the-app: apps/server/src/platform/thing.ts -> apps/server/src/context.ts',
      'platform-below-the-app: apps/server/src/platform/thing.ts -> apps/server/src/features/songs/songs.service.ts',
    ]);
  });
});
