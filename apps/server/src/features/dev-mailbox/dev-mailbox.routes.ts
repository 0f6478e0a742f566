import { listDevMail } from '@music-review/core/contracts/dev-mailbox';
import { desc, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { devMailbox } from '../../platform/db/schema.ts';
import { errorResponses, securityOf } from '../../platform/endpoint-route.ts';
import { errorBody } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import { isLoopbackAddress } from '../../platform/loopback.ts';
import { STYLES_ONLY_PAGE_POLICY } from '../../platform/security-headers.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** The start-up line that says who may read the dev mailbox (also in the banner of main.ts). */
export const DEV_MAILBOX_NOTICE =
  'dev mailbox served to loopback clients only (127.0.0.0/8, ::1), because no SMTP_URL is set';

/**
 * The dev mailbox: where mail goes when no SMTP_URL is set. It holds every account's confirmation
 * and reset links, so it is served only to clients on this machine (the address `req.ip` gives,
 * which honours TRUST_PROXY); anyone else gets the 404 of a path that does not exist. Never served
 * with SMTP configured, nor in production.
 */
export async function devMailboxRoutes(app: App, ctx: AppContext) {
  if (ctx.config.isProduction || ctx.mailer.kind !== 'dev-mailbox') return;
  app.log.info(DEV_MAILBOX_NOTICE);

  const loopbackOnly = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isLoopbackAddress(req.ip)) return reply.status(404).send(errorBody('not_found', 'Not found'));
  };

  const list = async (limit: number, to?: string) => {
    // The recipient filter goes before the limit, or older mail to that address would be cut off.
    const rows = await ctx.database.global
      .select()
      .from(devMailbox)
      .where(to ? sql`lower(${devMailbox.to}) = ${to.toLowerCase()}` : undefined)
      .orderBy(desc(devMailbox.createdAt))
      .limit(limit);
    return rows.map((r) => ({
      to: r.to,
      subject: r.subject,
      text: r.text,
      html: r.html,
      createdAt: r.createdAt.toISOString(),
    }));
  };

  // Registered by hand from its contract (packages/core/src/contracts/dev-mailbox.ts): the loopback
  // check must run on request, before the query is validated, so that any other client learns
  // nothing from a 400; route() has no such hook.
  app.get(
    listDevMail.path,
    {
      onRequest: loopbackOnly,
      schema: {
        operationId: listDevMail.operationId,
        summary: listDevMail.summary,
        tags: [listDevMail.tag],
        security: securityOf(listDevMail.access),
        querystring: listDevMail.query,
        response: { ...listDevMail.responses, ...errorResponses(listDevMail) },
      },
    },
    async (req) => list(req.query.limit, req.query.to),
  );

  const pageOptions = {
    onRequest: loopbackOnly,
    // Its own <style>, no script: a policy of its own, not the web app's.
    helmet: { contentSecurityPolicy: STYLES_ONLY_PAGE_POLICY },
    schema: { hide: true },
  };
  app.get('/dev/mailbox', pageOptions, async (_req, reply) => {
    const mails = await list(100);
    const items = mails
      .map(
        (m) => `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)}</span>
<time>${escapeHtml(new Date(m.createdAt).toLocaleString())}</time></header><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox · Music Review</title><style>
body{font-family:system-ui,sans-serif;margin:0;background:#0b0b10;color:#e7e7ee}main{max-width:760px;margin:0 auto;padding:24px}
h1{font-size:20px}p.note{color:#9a9aae}article{background:#16161f;border:1px solid #2a2a38;border-radius:10px;padding:16px;margin:12px 0}
header{display:flex;flex-wrap:wrap;gap:12px;align-items:baseline}header span,time{color:#9a9aae;font-size:13px}
pre{white-space:pre-wrap;word-break:break-word;font:14px/1.5 system-ui,sans-serif}a{color:#a78bfa}</style></head>
<body><main><h1>Dev mailbox</h1><p class="note">Mail sent by this server while no SMTP_URL is configured, newest first. Refresh to see new mail.</p>
${items || '<p>No mail yet.</p>'}</main></body></html>`;
  });
}
