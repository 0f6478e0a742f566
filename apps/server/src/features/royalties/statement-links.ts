/**
 * Payees open their published statements by a public link of the app's one link mechanism (issue 16;
 * platform/public-links): one link per statement, read-only, for a year, emailed to the payee when
 * the period is published. No account is needed; a withdrawn, expired or unknown link answers like
 * every other link page (404/410).
 */
import type { PublicLinkPurpose } from '@music-review/core/public-links';
import { periodName } from '@music-review/core/royalties';
import {
  STATEMENT_LINK_DAYS,
  STATEMENT_LINK_PATH,
  STATEMENT_LINK_PURPOSE,
  statementMail,
} from '@music-review/core/royalty-statements';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { linkMail, sendEach } from '../../platform/mail/mailer.ts';
import { linkRefusal, openPublicLink } from '../../platform/public-links/open-link.ts';
import { createPublicLink, listPublicLinks } from '../../platform/public-links/public-links.ts';
import * as repo from './periods.repo.ts';
import { loadStatementDocument, type StatementDocument } from './statement-documents.ts';

const DAY_MS = 86_400_000;

// 'royalty_statement' is not yet in PUBLIC_LINK_PURPOSES (core/public-links.ts, owned by the
// platform); until it is, the cast keeps the type check. Links are stored with this text either way.
export const STATEMENT_PURPOSE: PublicLinkPurpose = STATEMENT_LINK_PURPOSE;

export interface AfterPublishResult {
  /** Links issued now (a statement that already had one gets none: the call is idempotent). */
  links: number;
  mailed: number;
  /** Statements whose payee has no email: their link exists, nobody was mailed. */
  without_email: number;
  /** Addresses the mail could not be sent to (SMTP refused or unreachable): their link exists. */
  mail_failed: string[];
}

/**
 * Right after a period's publishing transaction: a link for each statement of the period that has
 * none yet, then the mail to each payee with an email. Runs again safely (a statement with a link,
 * even a withdrawn one, is skipped: the label withdrew it on purpose). The period row is locked while
 * links are issued, so two calls at once issue each link once. Mail goes out after the commit, so
 * every mailed link exists; a mail that fails is counted in `mail_failed` (publishing has happened
 * and stays done) and is not sent again by a later call.
 */
export async function afterPublish(
  ctx: AppContext,
  org: string,
  periodId: string,
): Promise<AfterPublishResult> {
  const { database, config, mailer } = ctx;
  const issued = await database.withOrg(org, async (tx) => {
    const period = await repo.findPeriod(tx, org, periodId, true);
    if (period?.status !== 'published') return null;
    const label = await repo.statementLabelOf(tx, org);
    const name = periodName(period.start_month, await repo.cadenceOf(tx, org));
    const links: Array<{ payee_name: string; email: string | null; url: string; expiresAt: Date }> = [];
    for (const recipient of await repo.statementRecipients(tx, org, periodId)) {
      if ((await listPublicLinks(tx, org, STATEMENT_PURPOSE, recipient.id)).length > 0) continue;
      const { link, token } = await createPublicLink(tx, {
        organizationId: org,
        purpose: STATEMENT_PURPOSE,
        recordId: recipient.id,
        ttlMs: STATEMENT_LINK_DAYS * DAY_MS,
        singleUse: false,
        createdBy: null,
      });
      links.push({
        payee_name: recipient.payee_name,
        email: recipient.email,
        url: `${config.appUrl}${STATEMENT_LINK_PATH}${token}`,
        expiresAt: link.expiresAt,
      });
    }
    return { labelName: label?.app_name?.trim() || label?.name || 'Your label', periodName: name, links };
  });
  if (!issued) return { links: 0, mailed: 0, without_email: 0, mail_failed: [] };
  const mails = issued.links.flatMap((link) => {
    if (!link.email) return [];
    const text = statementMail(issued.labelName, issued.periodName, link.payee_name);
    return [
      linkMail(link.email, text.subject, text.intro, text.linkText, link.url, {
        footer: `The link works until ${link.expiresAt.toUTCString().slice(0, 16)}. If you did not expect this, you can ignore this email.`,
      }),
    ];
  });
  const failed = await sendEach(mailer, mails);
  if (failed.length > 0) console.warn(`statement links: ${failed.length} mail(s) could not be sent`);
  return {
    links: issued.links.length,
    mailed: mails.length - failed.length,
    without_email: issued.links.length - mails.length,
    mail_failed: failed,
  };
}

/**
 * The statement a link opens (the rate limit, the token and the use logged as `action` first), read
 * in the link's label. A link whose statement is gone answers like an unknown one.
 */
export async function openStatementLink(
  ctx: AppContext,
  request: FastifyRequest,
  token: string,
  action: string,
): Promise<StatementDocument> {
  const { link } = await openPublicLink(ctx, request, token, STATEMENT_PURPOSE, action);
  const statementId = link.recordId;
  if (!statementId) throw linkRefusal('not_found');
  const doc = await ctx.database.withOrg(link.organizationId, (tx) =>
    loadStatementDocument(tx, link.organizationId, statementId),
  );
  if (!doc) throw linkRefusal('not_found');
  return doc;
}
