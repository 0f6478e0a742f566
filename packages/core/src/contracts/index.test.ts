import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as modules from './index.ts';

// The web build reads the contract modules through index.ts and replaces each with its endpoints'
// method, path and operationId (apps/web/vite.config.ts): a module missing there, or exporting
// anything but endpoints, would fail that build or lose its schemas silently.
const files = readdirSync(import.meta.dirname).filter(
  (name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.test.ts'),
);
const camel = (file: string) =>
  file.replace(/\.ts$/, '').replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const exported = modules as unknown as Record<string, Record<string, Record<string, unknown>>>;

describe('the contract modules', () => {
  it('are each exported from index.ts under their file name in camelCase', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => !exported[camel(file)])).toEqual([]);
  });

  it('export nothing but endpoints, each with an operationId used once', () => {
    const notEndpoints: string[] = [];
    const ids: string[] = [];
    for (const [name, declarations] of Object.entries(exported)) {
      for (const [key, value] of Object.entries(declarations)) {
        const ok =
          typeof value?.operationId === 'string' &&
          typeof value.method === 'string' &&
          typeof value.path === 'string' &&
          typeof value.access === 'string' &&
          typeof value.responses === 'object';
        if (ok) ids.push(value.operationId as string);
        else notEndpoints.push(`${name}.${key}`);
      }
    }
    expect(notEndpoints).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
