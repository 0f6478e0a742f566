// Database-independent: it reads the source code and docs (the PostgreSQL pass skips it; vitest.config.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md's feature map must name every feature folder, server and web, so a newcomer
// finds any feature's parts there (issue 13 item 9).
const ROOT = join(import.meta.dirname, '../../..');
const doc = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
const map = doc.slice(doc.indexOf('## Feature map'), doc.indexOf('## Processes and layout'));
const folders = (dir: string) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('the feature map in docs/ARCHITECTURE.md', () => {
  it('has a row for every server feature', () => {
    expect(map.length).toBeGreaterThan(0);
    const rows = new Set([...map.matchAll(/^\|\s*([a-z-]+)\s*\|/gm)].map((m) => m[1]));
    expect(folders('apps/server/src/features').filter((name) => !rows.has(name))).toEqual([]);
  });

  it('names every web feature folder', () => {
    const words = new Set(map.match(/[a-z][a-z-]*[a-z]/g));
    expect(folders('apps/web/src/features').filter((name) => !words.has(name))).toEqual([]);
  });

  it('has a contract file for every server feature with routes, named like its folder', () => {
    const withRoutes = folders('apps/server/src/features').filter((name) =>
      readdirSync(join(ROOT, 'apps/server/src/features', name)).some((file) => file.endsWith('.routes.ts')),
    );
    const contracts = new Set(readdirSync(join(ROOT, 'packages/core/src/contracts')));
    expect(withRoutes.length).toBeGreaterThan(20);
    expect(withRoutes.filter((name) => !contracts.has(`${name}.ts`))).toEqual([]);
  });
});
