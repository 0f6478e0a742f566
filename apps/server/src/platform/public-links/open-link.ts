import {
  PUBLIC_LINK_MESSAGES,
  type PublicLinkPurpose,
  type PublicLinkRefusal,
} from '@music-review/core/public-links';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { RateLimiter } from '../rate-limit.ts';
import { type LinkVisitor, type PublicLink, resolvePublicLink } from './public-links.ts';

/** Who is using a link, as the request shows it (for the link's use log and audit trails). */
export function visitorOf(request: FastifyRequest): LinkVisitor {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null };
}

const REFUSAL_CODE = {
  not_found: 'not_found',
  expired: 'link_expired',
  used: 'link_used',
  revoked: 'link_revoked',
} as const;

/** The error a refused link answers with: 404 unknown, 410 expired, used or withdrawn, with the page's text. */
export function linkRefusal(reason: PublicLinkRefusal): AppError {
  return new AppError(REFUSAL_CODE[reason], PUBLIC_LINK_MESSAGES[reason]);
}

/**
 * The one entry of every public page's API: counts the call against the visitor's address (429 past
 * RATE_LIMIT_PUBLIC_LINK_PER_IP), resolves the token for `purpose` and logs the use as `action`.
 * A link that cannot be used throws 404 (unknown, malformed, another purpose or label) or 410
 * (expired, used, revoked) with the page's message from PUBLIC_LINK_MESSAGES.
 */
export async function openPublicLink(
  ctx: {
    config: Pick<Config, 'RATE_LIMIT_PUBLIC_LINK_PER_IP' | 'RATE_LIMIT_WINDOW_SECONDS'>;
    database: Database;
    rateLimiter: RateLimiter;
  },
  request: FastifyRequest,
  token: string,
  purpose: PublicLinkPurpose,
  action = 'open',
): Promise<{ link: PublicLink; visitor: LinkVisitor }> {
  const visitor = visitorOf(request);
  await ctx.rateLimiter.hit(
    `public-link:ip:${visitor.ip ?? 'unknown'}`,
    ctx.config.RATE_LIMIT_PUBLIC_LINK_PER_IP,
    ctx.config.RATE_LIMIT_WINDOW_SECONDS,
  );
  const resolved = await resolvePublicLink(ctx.database, token, purpose, visitor, action);
  if (!resolved.ok) throw linkRefusal(resolved.reason);
  return { link: resolved.link, visitor };
}
