import { randomUUID } from 'node:crypto';
import { PUBLIC_LINK_TOKEN_PATTERN } from '@music-review/core/public-links';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { hashToken } from '../auth/tokens.ts';
import { queryRows } from '../db/index.ts';
import {
  consumePublicLink,
  createPublicLink,
  listPublicLinks,
  resolvePublicLink,
  revokePublicLink,
} from './public-links.ts';

const VISITOR = { ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (Artist)' };
const HOUR = 3_600_000;

describe('public token links', () => {
  let server: TestServer;
  let label: Awaited<ReturnType<typeof adminWithLabel>>;
  let other: Awaited<ReturnType<typeof adminWithLabel>>;
  const orgId = () => label.organization.id;

  const issue = (
    options: {
      purpose?: 'metadata_form' | 'contract_signature';
      ttlMs?: number;
      singleUse?: boolean;
      recordId?: string;
      organizationId?: string;
    } = {},
  ) => {
    const organizationId = options.organizationId ?? orgId();
    return server.database.withOrg(organizationId, (tx) =>
      createPublicLink(tx, {
        organizationId,
        purpose: options.purpose ?? 'metadata_form',
        recordId: options.recordId ?? randomUUID(),
        ttlMs: options.ttlMs ?? 24 * HOUR,
        singleUse: options.singleUse ?? true,
        createdBy: null,
      }),
    );
  };
  const uses = (linkId: string) =>
    queryRows<{ action: string; outcome: string; ip: string | null; user_agent: string | null }>(
      server.database.global,
      sql`select action, outcome, ip, user_agent from public_link_uses where link_id = ${linkId} order by created_at, id`,
    );

  beforeAll(async () => {
    server = await createTestServer();
    label = await adminWithLabel(server.app, 'Links Lab');
    other = await adminWithLabel(server.app, 'Other Links Lab');
  });
  afterAll(() => server.close());

  it('issues 256 random bits once, stores only their hash, and opens its own record', async () => {
    const recordId = randomUUID();
    const { token, link } = await issue({ recordId });
    expect(token).toMatch(PUBLIC_LINK_TOKEN_PATTERN);
    const stored = await queryRows<{ token_hash: string }>(
      server.database.global,
      sql`select token_hash from public_links where id = ${link.id}`,
    );
    expect(stored[0]!.token_hash).toBe(hashToken(token));
    expect(stored[0]!.token_hash).not.toContain(token);

    const resolved = await resolvePublicLink(server.database, token, 'metadata_form', VISITOR);
    expect(resolved).toEqual({
      ok: true,
      link: expect.objectContaining({ recordId, organizationId: orgId() }),
    });
    expect(await uses(link.id)).toEqual([
      { action: 'open', outcome: 'allowed', ip: VISITOR.ip, user_agent: VISITOR.userAgent },
    ]);
  });

  it('answers a malformed, unknown or other-purpose token as not found, and never opens another record', async () => {
    const { token } = await issue({ purpose: 'contract_signature' });
    for (const bad of ['', 'short', `${token}x`, token.replace(/./, '!'), 'A'.repeat(43)]) {
      expect(await resolvePublicLink(server.database, bad, 'contract_signature', VISITOR)).toEqual({
        ok: false,
        reason: 'not_found',
      });
    }
    // A contract signature link is no metadata form link.
    expect(await resolvePublicLink(server.database, token, 'metadata_form', VISITOR)).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it('refuses an expired link as expired and logs the refusal', async () => {
    const { token, link } = await issue();
    await server.database.global.execute(
      sql`update public_links set expires_at = now() - interval '1 second' where id = ${link.id}`,
    );
    expect(await resolvePublicLink(server.database, token, 'metadata_form', VISITOR)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect((await uses(link.id)).map((u) => u.outcome)).toEqual(['expired']);
  });

  it('spends a single-use link once, even with two submissions at the same moment', async () => {
    const { token, link } = await issue({ singleUse: true });
    const opened = await resolvePublicLink(server.database, token, 'metadata_form', VISITOR);
    if (!opened.ok) throw new Error('link should open');
    const submit = () =>
      server.database.withOrg(opened.link.organizationId, (tx) =>
        consumePublicLink(tx, opened.link, VISITOR),
      );
    const results = await Promise.all([submit(), submit()]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'used' }]);
    // Used says used, even after it expires too.
    await server.database.global.execute(
      sql`update public_links set expires_at = now() - interval '1 second' where id = ${link.id}`,
    );
    expect(await resolvePublicLink(server.database, token, 'metadata_form', VISITOR)).toEqual({
      ok: false,
      reason: 'used',
    });
    expect((await uses(link.id)).map((u) => `${u.action}:${u.outcome}`).sort()).toEqual(
      ['open:allowed', 'open:used', 'submit:allowed', 'submit:used'].sort(),
    );
  });

  it('keeps a link that is not single-use usable after a submission', async () => {
    const { token } = await issue({ singleUse: false });
    const opened = await resolvePublicLink(server.database, token, 'metadata_form', VISITOR);
    if (!opened.ok) throw new Error('link should open');
    const submit = () =>
      server.database.withOrg(opened.link.organizationId, (tx) =>
        consumePublicLink(tx, opened.link, VISITOR),
      );
    expect((await submit()).ok).toBe(true);
    expect((await submit()).ok).toBe(true);
    expect((await resolvePublicLink(server.database, token, 'metadata_form', VISITOR)).ok).toBe(true);
  });

  it('is withdrawn by its own label only; another label can neither revoke nor list it', async () => {
    const recordId = randomUUID();
    const { token, link } = await issue({ recordId });
    const byOther = await server.database.withOrg(other.organization.id, (tx) =>
      revokePublicLink(tx, other.organization.id, link.id),
    );
    expect(byOther).toBe(false);
    const listedByOther = await server.database.withOrg(other.organization.id, (tx) =>
      listPublicLinks(tx, other.organization.id, 'metadata_form', recordId),
    );
    expect(listedByOther).toEqual([]);
    // Row-level security too: bound to the other label, even an unfiltered read sees none of it.
    const leaked = await server.database.withOrg(other.organization.id, (tx) =>
      queryRows<{ id: string }>(tx, sql`select id from public_links where id = ${link.id}`),
    );
    expect(leaked).toEqual([]);

    expect((await resolvePublicLink(server.database, token, 'metadata_form', VISITOR)).ok).toBe(true);
    const revoked = await server.database.withOrg(orgId(), (tx) => revokePublicLink(tx, orgId(), link.id));
    expect(revoked).toBe(true);
    expect(await resolvePublicLink(server.database, token, 'metadata_form', VISITOR)).toEqual({
      ok: false,
      reason: 'revoked',
    });
    const listed = await server.database.withOrg(orgId(), (tx) =>
      listPublicLinks(tx, orgId(), 'metadata_form', recordId),
    );
    expect(listed.map((l) => [l.id, l.state])).toEqual([[link.id, 'revoked']]);
  });
});
