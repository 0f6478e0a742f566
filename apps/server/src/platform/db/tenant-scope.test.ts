// Database-independent: it reads the source code (the PostgreSQL pass skips it; vitest.config.ts).
/**
 * Tenant scope in the types (docs/decisions/0023-tenant-scope-in-types.md): repositories take the
 * organization-bound transaction of `withOrg` (`OrgTx`), and the owner-level path (`asOwner`,
 * `asOwnerTransaction`, `preparedAsOwner`) is named and carries its reason. Read from the sources
 * with TypeScript's parser, so a new repository function or owner-level call is checked too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as songsRepo from '../../features/songs/songs.repo.ts';
import type { Database, OwnerScope } from './index.ts';
import * as schema from './schema.ts';

const SRC = join(import.meta.dirname, '../..');

function sourceFiles(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}
const parse = (path: string) =>
  ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);

/** The tables row-level security binds to one organization: their SQL and their schema names. */
const tenantTables = Object.entries(schema).flatMap(([name, value]) => {
  if (!value || typeof value !== 'object' || !('getSQL' in value)) return [];
  try {
    const config = getTableConfig(value as PgTable);
    const tenant =
      config.name === 'organizations' || config.columns.some((c) => c.name === 'organization_id');
    return tenant ? [{ sql: config.name, variable: name }] : [];
  } catch {
    return [];
  }
});

type RepoFunction = { file: string; name: string; scope: string; body: string };

const repoFunctions: RepoFunction[] = sourceFiles(SRC, (n) => n.endsWith('.repo.ts')).flatMap((path) => {
  const file = relative(SRC, path);
  const found: RepoFunction[] = [];
  parse(path).forEachChild((node) => {
    if (!ts.isFunctionDeclaration(node) || !node.name) return;
    if (!node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return;
    const first = node.parameters[0];
    found.push({
      file,
      name: node.name.text,
      scope: first?.type?.getText() ?? '(none)',
      body: node.body?.getText() ?? '',
    });
  });
  return found;
});

/** Where a repository function may run, by the type of its first parameter. */
const SCOPES = {
  /** Inside withOrg: row-level security applies. */
  OrgTx: 'organization',
  /** Owner level, said in the signature; the caller passes database.asOwner(reason). */
  OwnerScope: 'owner',
  'OrgTx | OwnerScope': 'organization or owner',
  /** Opens its own organization-bound or reasoned owner-level statement. */
  Database: 'binds itself',
  /** Tables that belong to no organization only (users, sessions, factors, plans). */
  Queryable: 'global tables',
} as const;

/** Whether a function body runs statements (rather than only building SQL for its callers). */
const runsQueries = (body: string) =>
  /\.(select|insert|update|delete|execute|transaction|withOrg|preparedAs\w+)\s*[(<]|\bqueryRows\s*[(<]/.test(
    body,
  );

const mentionsTenantTable = (body: string) =>
  tenantTables.filter(
    (t) =>
      new RegExp(`\\b(from|join|into|update)\\s+${t.sql}\\b`, 'i').test(body) ||
      new RegExp(`\\b${t.variable}\\b`).test(body),
  );

describe('tenant scope in the types', () => {
  it('finds the repositories and the tenant tables it checks', () => {
    expect(repoFunctions.length).toBeGreaterThan(140);
    expect(tenantTables.map((t) => t.sql)).toEqual(
      expect.arrayContaining(['songs', 'reviewers', 'contracts']),
    );
    expect(tenantTables.map((t) => t.sql)).not.toContain('users');
  });

  it('gives every repository function that queries one of the named scopes', () => {
    const unscoped = repoFunctions
      .filter((f) => runsQueries(f.body) && !(f.scope in SCOPES))
      .map((f) => `${f.file} ${f.name}(${f.scope})`);
    expect(unscoped).toEqual([]);
    expect(runsQueries('return sql`select 1`;')).toBe(false);
    expect(runsQueries('return queryRows(tx, sql`select 1`);')).toBe(true);
  });

  it('lets only functions on tables without an organization take a plain handle', () => {
    const leaks = repoFunctions
      .filter((f) => f.scope === 'Queryable')
      .flatMap((f) => mentionsTenantTable(f.body).map((t) => `${f.file} ${f.name} reads ${t.sql}`));
    expect(leaks).toEqual([]);
    // The check sees a tenant table where one is named.
    expect(mentionsTenantTable('select 1 from reviewers r').map((t) => t.sql)).toEqual(['reviewers']);
    expect(mentionsTenantTable('db.select().from(songs)').map((t) => t.sql)).toEqual(['songs']);
  });

  it('keeps functions that bind themselves off the unbound database', () => {
    const unbound = repoFunctions
      .filter((f) => f.scope === 'Database' && /\.global\b/.test(f.body))
      .map((f) => `${f.file} ${f.name}`);
    expect(unbound).toEqual([]);
  });

  it('names a reason at every owner-level call', () => {
    const calls: string[] = [];
    const missing: string[] = [];
    for (const path of sourceFiles(SRC, (n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      const file = parse(path);
      const constants = new Map<string, string>();
      const visit = (node: ts.Node) => {
        if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
          if (ts.isStringLiteralLike(node.initializer)) constants.set(node.name.text, node.initializer.text);
        }
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          ['asOwner', 'asOwnerTransaction', 'preparedAsOwner'].includes(node.expression.name.text)
        ) {
          const where = `${relative(SRC, path)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
          const arg = node.arguments[0];
          const reason =
            arg && ts.isStringLiteralLike(arg)
              ? arg.text
              : arg && ts.isIdentifier(arg)
                ? constants.get(arg.text)
                : undefined;
          if (!reason || reason.trim().length < 20) missing.push(where);
          else calls.push(where);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
    expect(missing).toEqual([]);
    // The owner-level path stays the exception: a jump here deserves a look at the new calls.
    // 30 with distribution's acknowledgement poller (it reads every label's destinations); 32 with
    // the catalogue's kept orders (a search's order, and a deep page's rows read by id, decision 0033).
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.length).toBeLessThanOrEqual(32);
  });

  it('refuses the unbound database where a tenant repository expects withOrg (checked by tsc)', () => {
    // Never called: this function exists for the type checker (npm run typecheck), which fails
    // if a tenant repository starts to accept the unbound database or an owner-level handle.
    const _typeChecks = (database: Database, owner: OwnerScope) => [
      // @ts-expect-error the unbound database is not an organization-bound transaction
      songsRepo.findSong(database.global, 'org', 'reviewer', 'song'),
      // @ts-expect-error an owner-level handle is not an organization-bound transaction either
      songsRepo.findSong(owner, 'org', 'reviewer', 'song'),
      database.withOrg('org', (tx) => songsRepo.findSong(tx, 'org', 'reviewer', 'song')),
    ];
    expect(typeof _typeChecks).toBe('function');
  });
});
