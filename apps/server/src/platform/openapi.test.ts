/**
 * The OpenAPI document as API clients read it (issue 13): every operation comes from a contract
 * (packages/core/src/contracts) with its operationId, summary, tag, security, every success answer
 * with its schema and the error answers; ids in paths are UUIDs. Redocly's rules run on the same
 * document in `npm run lint`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test/harness.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; schema?: { format?: string; type?: string } }[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let server: TestServer;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  server = await createTestServer();
  const doc = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => server.close());

const named = (list: { method: string; path: string }[]) => list.map((o) => `${o.method} ${o.path}`);

describe('the OpenAPI document', () => {
  it('names every operation once, with a summary and its feature as the tag', () => {
    expect(operations.length).toBeGreaterThan(150);
    expect(named(operations.filter(({ op }) => !op.operationId || !op.summary))).toEqual([]);
    expect(named(operations.filter(({ op }) => op.tags?.length !== 1))).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('declares the security of every operation: a bearer token everywhere but the public pages and sign-in', () => {
    expect(named(operations.filter(({ op }) => !Array.isArray(op.security)))).toEqual([]);
    const open = operations.filter(({ op }) => op.security?.length === 0);
    expect(
      named(open.filter(({ path }) => path.startsWith('/api/v1/') && !path.startsWith('/api/v1/public/'))),
    ).toEqual([]);
  });

  it('declares a schema for every success answer, and the error answers', () => {
    const withoutSchema = operations.filter(({ op }) =>
      Object.entries(op.responses ?? {}).some(
        ([status, answer]) =>
          /^2\d\d$/.test(status) && status !== '204' && !answer.content?.['application/json']?.schema,
      ),
    );
    expect(named(withoutSchema)).toEqual([]);
    const noSuccess = operations.filter(
      ({ op }) => !Object.keys(op.responses ?? {}).some((s) => /^[23]\d\d$/.test(s)),
    );
    expect(named(noSuccess)).toEqual([]);
    const noError = operations.filter(
      ({ op }) => !Object.keys(op.responses ?? {}).some((s) => /^4\d\d$/.test(s)),
    );
    expect(named(noError)).toEqual([]);
  });

  it('checks ids in paths as UUIDs', () => {
    const loose = operations.flatMap(({ method, path, op }) =>
      (op.parameters ?? [])
        .filter((p) => p.in === 'path' && /(^id|Id|_id)$/.test(p.name) && p.schema?.format !== 'uuid')
        .map((p) => `${method} ${path} {${p.name}}`),
    );
    expect(loose).toEqual([]);
  });
});
