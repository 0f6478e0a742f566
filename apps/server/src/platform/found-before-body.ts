import { LABEL_COPY_MESSAGES } from '@music-review/core/label-copy';
import { METADATA_MESSAGES } from '@music-review/core/metadata-forms';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { RequestAuth } from './auth/request-auth.ts';
import { hashToken } from './auth/tokens.ts';
import type { Database } from './db/index.ts';
import { queryRows } from './db/index.ts';
import { AppError } from './errors.ts';
import type { App } from './http.ts';

/** What the checks read: the caller and the database. */
type Services = { auth: RequestAuth; database: Database };

/**
 * Routes whose body names what to do to a record the path names: the record must be the caller's
 * before the body is looked at (decision 0013). Another label's (or account's) id, or one that
 * does not exist, answers 404 whatever the body, exactly like a valid body would; only the owner
 * learns what is wrong with a body. Runs as a preValidation hook ahead of the route's own and of the
 * input guard, after the session check.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Params = Record<string, string | undefined>;
/** Resolves to the not-found message when the record is not the caller's, or null when it is. */
type Check = (ctx: Services, req: FastifyRequest) => Promise<string | null>;

/** A record of the caller's label, looked up under row-level security (and filtered by label). */
function ofLabel(param: string, message: string, query: (orgId: string, id: string) => SQL): Check {
  return async (ctx, req) => {
    const id = (req.params as Params)[param];
    if (!id || !UUID.test(id)) return message;
    const member = await ctx.auth.requireMember(req);
    const rows = await ctx.database.withOrg(member.organizationId, (tx) =>
      queryRows(tx, query(member.organizationId, id)),
    );
    return rows.length > 0 ? null : message;
  };
}

const song = ofLabel(
  'songId',
  'Song not found',
  (orgId, id) => sql`select 1 from songs where organization_id = ${orgId} and id = ${id}`,
);
const contract = ofLabel(
  'id',
  'Contract not found',
  (orgId, id) => sql`select 1 from contracts where organization_id = ${orgId} and id = ${id}`,
);

const CHECKS: Record<string, Check> = {
  'POST /api/v1/songs/:songId/contracts': song,
  'PUT /api/v1/contracts/:id': contract,
  'POST /api/v1/contracts/:id/send': contract,
  'PUT /api/v1/metadata-forms/:id': ofLabel(
    'id',
    METADATA_MESSAGES.formNotFound,
    (orgId, id) => sql`select 1 from metadata_forms where organization_id = ${orgId} and id = ${id}`,
  ),
  'POST /api/v1/songs/:songId/assets': song,
  'POST /api/v1/songs/:songId/assets/uploads': song,
  'POST /api/v1/songs/:songId/assets/bio-text': song,
  'DELETE /api/v1/label-copies/:id/links/:linkId': ofLabel(
    'id',
    LABEL_COPY_MESSAGES.notFound,
    (orgId, id) => sql`select 1 from label_copies where organization_id = ${orgId} and id = ${id}`,
  ),
  // The caller's own factor: every statement filters by the session's user.
  'POST /auth/v1/factors/:id/verify': async (ctx, req) => {
    const id = (req.params as Params).id;
    if (!id || !UUID.test(id)) return 'Factor not found';
    const caller = await ctx.auth.requireSession(req);
    const rows = await queryRows(
      ctx.database.global,
      sql`select 1 from mfa_factors where user_id = ${caller.userId} and id = ${id}`,
    );
    return rows.length > 0 ? null : 'Factor not found';
  },
  // The signer has no session: the link's token (in the body) must be one of this contract's. Like
  // every public link look-up this runs as the owner with the token's hash as the filter.
  'POST /api/v1/public/contracts/:id/sign': async (ctx, req) => {
    const id = (req.params as Params).id;
    const body = req.body as { token?: unknown } | null | undefined;
    const token = body && typeof body === 'object' && typeof body.token === 'string' ? body.token : '';
    if (!id || !UUID.test(id) || !token || token.length > 100) return PUBLIC_LINK_MESSAGES.not_found;
    const rows = await queryRows(
      ctx.database.asOwner('a public link names its organization only once its token is found'),
      sql`select 1 from public_links l join contract_signers s on s.id = l.record_id
          where l.token_hash = ${hashToken(token)} and l.purpose = 'contract_signature'
            and s.contract_id = ${id}`,
    );
    return rows.length > 0 ? null : PUBLIC_LINK_MESSAGES.not_found;
  },
};

/** Routes this rule covers, as "METHOD /path" (the test walks them). */
export const FOUND_BEFORE_BODY_ROUTES = Object.keys(CHECKS);

/** Adds the check as the first preValidation hook of each covered route registered after this call. */
export function registerFoundBeforeBody(app: App, ctx: Services) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat();
    const check = methods.map((m) => CHECKS[`${m} ${route.url}`]).find(Boolean);
    if (!check) return;
    const hook = async (req: FastifyRequest) => {
      const missing = await check(ctx, req);
      if (missing) throw new AppError('not_found', missing);
    };
    const own = route.preValidation;
    route.preValidation = [hook, ...(own ? [own].flat() : [])];
  });
}
