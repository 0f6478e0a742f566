/**
 * Every operation of the OpenAPI document, sent hostile input: NUL bytes and other control
 * characters in every string (body, query, path), 1 MB strings, wrong types, deep nesting, with a
 * member's session and without. Whatever the input, the answer is never a 500.
 *
 * The demo label gives the operations real records to reach (songs, contracts, metadata forms,
 * label copies, campaigns, folders...), and a public link of each purpose is issued for the public
 * pages, so the input goes past the first look-up into the services and their SQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LABEL_COPY_LINK_PURPOSES } from '@music-review/core/label-copy';
import type { PublicLinkPurpose } from '@music-review/core/public-links';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../features/demo/demo.seed.ts';
import { authHeader, signIn, uniqueIp } from '../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../test/harness.ts';
import { queryRows } from './db/index.ts';
import { createPublicLink } from './public-links/public-links.ts';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
  default?: unknown;
  additionalProperties?: Schema | boolean;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  public: boolean;
}

const MB_STRING = 'x'.repeat(1_000_000);
const NUL = 'a\u0000b';
const DEEP_DEPTH = 1000;

function deepObject(depth: number): unknown {
  let value: unknown = { leaf: 'x' };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}
function deepArray(depth: number): unknown {
  let value: unknown = ['x'];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** A value the schema accepts, as far as a generator can tell (ids come from `known`). */
function sample(
  schema: Schema | undefined,
  name: string,
  known: (name: string) => string | undefined,
): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], name, known);
  if (schema.allOf?.length) return sample(schema.allOf[0], name, known);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sample(prop, key, known);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items, name, known),
      );
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.maximum !== undefined ? Math.min(0, schema.maximum) : 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      const id = known(name);
      if (id) return id;
      const guess = guessByName(name);
      if (guess !== undefined) return guess;
      if (schema.format === 'uuid') return known('id') ?? crypto.randomUUID();
      if (schema.format === 'email') return 'fuzz@example.test';
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return '2030-01-01';
      const min = schema.minLength ?? 1;
      return 'x'.repeat(Math.max(min, 1)).slice(0, schema.maxLength ?? 1000);
    }
  }
}

/** Strings whose shape a field's name tells (the schema's patterns are not generated). */
function guessByName(name: string): string | undefined {
  if (/email/.test(name)) return 'fuzz@example.test';
  if (/(^|_)date$|_at$/.test(name)) return '2030-01-01';
  if (/color$/.test(name)) return '#7c3aed';
  if (/url$|^(website|link|instagram|tiktok|youtube|spotify|x)$/.test(name))
    return name === 'link' ? '/songs' : 'https://example.test/x';
  if (name === 'isrc') return 'USRC17607839';
  if (name === 'iswc') return 'T-034524680-1';
  if (name === 'ipi') return '00052210040';
  if (name === 'upc') return '036000291452';
  if (name === 'code') return '123456';
  if (name === 'contentType' || name === 'content_type') return 'image/png';
  return undefined;
}

/** Replaces every string of a value (object keys stay). */
function mapStrings(value: unknown, fn: (s: string) => unknown): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
  }
  return value;
}

/** Every leaf (and every array and object) turned into a value of another type. */
function wrongTypes(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'yes';
  if (value === null) return { unexpected: true };
  if (Array.isArray(value)) return { 0: value[0] };
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return ['x'];
    return Object.fromEntries(entries.map(([k, v]) => [k, wrongTypes(v)]));
  }
  return value;
}

/** Every object or array inside the value replaced by a deep nest. */
function deepen(value: unknown): unknown {
  if (Array.isArray(value)) return deepArray(DEEP_DEPTH);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        v && typeof v === 'object' ? deepen(v) : deepObject(DEEP_DEPTH),
      ]),
    );
  }
  return deepObject(DEEP_DEPTH);
}

/** The first string of a value made 1 MB long (the rest unchanged). */
function oneHugeString(value: unknown): unknown {
  let done = false;
  return mapStrings(value, (s) => {
    if (done) return s;
    done = true;
    return MB_STRING;
  });
}

function collectOperations(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        ...(content?.['application/json']?.schema ? { body: content['application/json'].schema } : {}),
        public: !op.security,
      });
    }
  }
  return ops;
}

let server: TestServer;
let dataDir: string;
let token = '';
const ids = new Map<string, string>();
const tokens = new Map<PublicLinkPurpose, string>();

async function signInAdmin() {
  token = (await signIn(server.app, DEMO_ACCOUNTS[0].email, DEMO_PASSWORD)).access_token;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mr-fuzz-'));
  server = await createTestServer({ DATA_DIR: dataDir, RATE_LIMIT_PUBLIC_LINK_PER_IP: '100000' });
  await seedDemo(server.database, server.ctx.storage.driver);
  await signInAdmin();
  const db = server.database.global;
  const [org] = await queryRows<{ organization_id: string }>(
    db,
    sql`select organization_id from reviewers where email = ${DEMO_ACCOUNTS[0].email}`,
  );
  const orgId = org!.organization_id;
  const first = async (key: string, table: string, extra = sql``) => {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`select id from ${sql.identifier(table)} where organization_id = ${orgId} ${extra} order by created_at limit 1`,
    );
    if (rows[0]) ids.set(key, rows[0].id);
  };
  await first('songs', 'songs', sql`and status = 'signed' and id in (select song_id from contracts)`);
  await first('contracts', 'contracts');
  await first('contract-templates', 'contract_templates');
  await first('signers', 'contract_signers');
  await first('metadata-forms', 'metadata_forms');
  await first('label-copies', 'label_copies');
  await first('campaigns', 'marketing_campaigns');
  await first('tasks', 'marketing_tasks');
  await first('folders', 'project_folders');
  await first('files', 'project_files');
  await first('assets', 'song_assets');
  await first('conversations', 'conversations');
  await first('messages', 'messages');
  await first('notifications', 'notifications');
  await first('calls', 'calls');
  await first('members', 'reviewers', sql`and email = ${DEMO_ACCOUNTS[2].email}`);
  await first('reviewers', 'reviewers', sql`and email = ${DEMO_ACCOUNTS[1].email}`);
  // Public links as the label issues them (the newest link of a record is the one that opens it).
  const all = async (table: string) =>
    (
      await queryRows<{ id: string }>(
        db,
        sql`select id from ${sql.identifier(table)} where organization_id = ${orgId} order by created_at`,
      )
    ).map((r) => r.id);
  const issue = async (purpose: PublicLinkPurpose, url: string, payload?: unknown) => {
    if (tokens.has(purpose)) return;
    const res = await server.app.inject({
      method: 'POST',
      url,
      headers: authHeader(token),
      ...(payload ? { payload } : {}),
    });
    const found = res.body.match(/[A-Za-z0-9_-]{43}/);
    if (res.statusCode < 300 && found) tokens.set(purpose, found[0]);
  };
  // A form the artist is still filling first, so the draft and submit pages are reached.
  const forms = await queryRows<{ id: string }>(
    db,
    sql`select id from metadata_forms where organization_id = ${orgId}
        order by (status = 'draft') desc, created_at`,
  );
  for (const { id } of forms) await issue('metadata_form', `/api/v1/metadata-forms/${id}/link`);
  for (const purpose of LABEL_COPY_LINK_PURPOSES) {
    for (const id of await all('label_copies'))
      await issue(purpose, `/api/v1/label-copies/${id}/links`, { purpose });
  }
  await issue('marketing_form', `/api/v1/songs/${ids.get('songs')}/marketing/questionnaire/links`);
  await issue('marketing_general', '/api/v1/marketing/general/links');
  const signers = await queryRows<{ id: string; contract_id: string }>(
    db,
    sql`select id, contract_id from contract_signers where organization_id = ${orgId}`,
  );
  for (const signer of signers) {
    await issue('contract_signature', `/api/v1/contracts/${signer.contract_id}/signers/${signer.id}/links`);
  }
  // Purposes the label hands out only through flows this test does not drive: issued directly.
  const [signer] = signers;
  const direct: [PublicLinkPurpose, string | undefined][] = [
    ['contract_decline', signer?.id],
    ['contract_signature', signer?.id],
    ['revision_upload', ids.get('songs')],
  ];
  await server.database.withOrg(orgId, async (tx) => {
    for (const [purpose, recordId] of direct) {
      if (tokens.has(purpose)) continue;
      const { token: raw } = await createPublicLink(tx, {
        organizationId: orgId,
        purpose,
        recordId: recordId ?? null,
        ttlMs: 86_400_000,
        singleUse: false,
        createdBy: null,
      });
      tokens.set(purpose, raw);
    }
  });
  const [link] = await queryRows<{ id: string }>(
    db,
    sql`select id from public_links where organization_id = ${orgId} and purpose = 'label_copy_share'
        order by created_at desc limit 1`,
  );
  if (link) ids.set('links', link.id);
}, 240_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PUBLIC_PURPOSE: [RegExp, PublicLinkPurpose][] = [
  [/^\/api\/v1\/public\/revision-uploads\//, 'revision_upload'],
  [/^\/api\/v1\/public\/contracts\//, 'contract_signature'],
  [/^\/api\/v1\/public\/contract-declines\//, 'contract_decline'],
  [/^\/api\/v1\/public\/metadata-forms\//, 'metadata_form'],
  [/^\/api\/v1\/public\/label-copy-forms\//, 'label_copy_form'],
  [/^\/api\/v1\/public\/label-copies\//, 'label_copy_share'],
  [/^\/api\/v1\/public\/label-copy-generator\//, 'label_copy_generator'],
  [/^\/api\/v1\/public\/marketing-forms\//, 'marketing_form'],
  [/^\/api\/v1\/public\/marketing-general\//, 'marketing_general'],
  [/^\/api\/v1\/public\/statements\//, 'royalty_statement'],
];

/** The real value for a name in this operation: a record id, a public token. */
function knownFor(op: Operation) {
  const purpose = PUBLIC_PURPOSE.find(([re]) => re.test(op.path))?.[1];
  return (name: string): string | undefined => {
    if (name === 'token' && purpose) return tokens.get(purpose);
    if (name === 'songId' || name === 'song_id') return ids.get('songs');
    if (name === 'signerId') return ids.get('signers');
    if (name === 'assetId') return ids.get('assets');
    if (name === 'linkId') return ids.get('links');
    if (name === 'template_id') return ids.get('contract-templates');
    if (name === 'folder_id' || name === 'parent_id') return ids.get('folders');
    if (name === 'assignee_id') return ids.get('reviewers');
    if (name !== 'id') return undefined;
    // {id}: the record named by the segment before it.
    const segments = op.path.split('/');
    const at = segments.indexOf('{id}');
    return ids.get(segments[at - 1] ?? '');
  };
}

interface Case {
  label: string;
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: unknown;
  auth: boolean;
}

function casesFor(op: Operation): Case[] {
  const known = knownFor(op);
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const realPath = Object.fromEntries(
    pathParams.map((p) => [p.name, String(sample(p.schema, p.name, known))]),
  );
  const query = Object.fromEntries(queryParams.map((p) => [p.name, String(sample(p.schema, p.name, known))]));
  const required = Object.fromEntries(
    Object.entries(query).filter(([k]) => queryParams.find((p) => p.name === k)?.required),
  );
  const hasBody = !['GET', 'DELETE'].includes(op.method) || op.body !== undefined;
  const body = op.body ? sample(op.body, '', known) : hasBody ? { note: 'x' } : undefined;
  const withBody = (b: unknown) => (hasBody ? { body: b } : {});
  const mapQuery = (fn: (s: string) => string | string[]) =>
    Object.fromEntries(Object.entries(query).map(([k, v]) => [k, fn(v)]));
  const cases: Case[] = [
    { label: 'valid-ish', path: realPath, query: required, ...withBody(body), auth: true },
    {
      label: 'NUL everywhere',
      path: realPath,
      query: mapQuery((v) => v + NUL),
      ...withBody(mapStrings(body, (s) => s + NUL)),
      auth: true,
    },
    {
      label: 'control characters',
      path: realPath,
      query: mapQuery((v) => `${v}\u001b[31m\u0007`),
      ...withBody(mapStrings(body, (s) => `${s}\u0008\u001f\u007f`)),
      auth: true,
    },
    {
      label: '1 MB string',
      path: realPath,
      query: mapQuery(() => 'q'.repeat(100_000)),
      ...withBody(oneHugeString(body)),
      auth: true,
    },
    {
      label: 'wrong types',
      path: realPath,
      query: mapQuery((v) => [v, v]),
      ...withBody(wrongTypes(body)),
      auth: true,
    },
    { label: 'deep nesting', path: realPath, query: required, ...withBody(deepen(body)), auth: true },
    { label: 'body is a deep array', path: realPath, query, ...withBody(deepArray(DEEP_DEPTH)), auth: true },
    { label: 'body is a string', path: realPath, query, ...withBody('just a string'), auth: true },
    {
      label: 'no session, NUL',
      path: realPath,
      query,
      ...withBody(mapStrings(body, (s) => s + NUL)),
      auth: false,
    },
  ];
  if (pathParams.length) {
    const each = (fn: (p: Parameter) => string) => Object.fromEntries(pathParams.map((p) => [p.name, fn(p)]));
    cases.push(
      {
        label: 'random uuid path',
        path: each(() => crypto.randomUUID()),
        query: required,
        ...withBody(body),
        auth: true,
      },
      {
        label: 'NUL in path',
        path: each((p) => realPath[p.name] + NUL),
        query,
        ...withBody(body),
        auth: true,
      },
      { label: 'long path', path: each(() => 'p'.repeat(5000)), query, ...withBody(body), auth: true },
    );
  }
  return cases;
}

function urlOf(op: Operation, c: Case) {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(c.path[name] ?? ''));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(c.query)) for (const one of [v].flat()) search.append(k, one);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Operations that end or change the session used here: sign in again after them. */
const ENDS_SESSION = /\/logout$|\/profile\/sessions|\/auth\/v1\/user$|\/auth\/v1\/factors/;

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers no request with a 500', async () => {
    const doc = (await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const ops = collectOperations(doc);
    expect(ops.length).toBeGreaterThan(150);
    // The public pages first, while the links issued above still open (sharing a form again
    // withdraws its older link); then the rest; deletions, final steps and new links last, so the
    // other operations still find their records.
    const late = (op: Operation) =>
      op.method === 'DELETE' ||
      /\/(pass|void|confirm|final|revoke-link|submit|links?|email|chat)$/.test(op.path)
        ? 1
        : 0;
    const rank = (op: Operation) => (op.path.startsWith('/api/v1/public/') ? 0 : 2) + late(op);
    ops.sort((a, b) => rank(a) - rank(b));
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      for (const c of casesFor(op)) {
        const headers: Record<string, string> = c.auth ? authHeader(token) : {};
        const res = await server.app.inject({
          method: op.method as 'GET',
          url: urlOf(op, c),
          headers: { ...headers, ...(c.body !== undefined ? { 'content-type': 'application/json' } : {}) },
          remoteAddress: uniqueIp(),
          ...(c.body !== undefined ? { payload: JSON.stringify(c.body) } : {}),
        });
        sent += 1;
        if (res.statusCode >= 500)
          failures.push(
            `${op.method} ${op.path} [${c.label}] -> ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
      if (ENDS_SESSION.test(op.path)) await signInAdmin();
    }
    expect(sent).toBeGreaterThan(1500);
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers no request outside the document (files, dev mailbox, health) with a 500 either', async () => {
    const hostile = ['a%00b', '%1b%5b31m', 'p'.repeat(5000), '..%2f..%2fetc%2fpasswd'];
    const failures: string[] = [];
    for (const bad of hostile) {
      const requests = [
        { method: 'GET' as const, url: `/storage/v1/object/${bad}?token=${bad}&expires=${bad}` },
        { method: 'PUT' as const, url: `/storage/v1/object/audio/${bad}?token=${bad}`, payload: 'bytes' },
        { method: 'GET' as const, url: `/api/dev/mailbox?to=${bad}` },
        { method: 'GET' as const, url: `/dev/mailbox?to=${bad}` },
        { method: 'GET' as const, url: `/api/v1/health?x=${bad}` },
        { method: 'GET' as const, url: `/auth/v1/verify?type=recovery&token=${bad}` },
      ];
      for (const r of requests) {
        const res = await server.app.inject({ ...r, remoteAddress: uniqueIp() });
        if (res.statusCode >= 500) failures.push(`${r.method} ${r.url.slice(0, 80)} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
