import nodemailer from 'nodemailer';
import type { Database } from '../db/index.ts';
import { devMailbox } from '../db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise mail is kept in the database's dev mailbox. */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  database: Database;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      async close() {
        transport.close();
      },
    };
  }
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      await options.database.global.insert(devMailbox).values(mail);
    },
    async close() {},
  };
}

/**
 * Sends each mail in turn; answers the addresses whose mail could not be sent (SMTP refused or
 * unreachable), so a caller that already did its work reports them instead of failing.
 */
export async function sendEach(mailer: Mailer, mails: readonly Mail[]): Promise<string[]> {
  const failed: string[] = [];
  for (const mail of mails) {
    try {
      await mailer.send(mail);
    } catch {
      failed.push(mail.to);
    }
  }
  return failed;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const DEFAULT_FOOTER = 'If you did not ask for this, you can ignore this email.';

/**
 * A plain, accessible mail with one call-to-action link. `note` is someone's own words quoted as
 * they wrote them (line breaks kept, never read as HTML); `footer` replaces the default last line.
 */
export function linkMail(
  to: string,
  subject: string,
  intro: string,
  linkText: string,
  url: string,
  options: { note?: string | null; footer?: string } = {},
): Mail {
  const footer = options.footer ?? DEFAULT_FOOTER;
  const note = options.note?.trim();
  return {
    to,
    subject,
    text: `${intro}\n\n${note ? `${note}\n\n` : ''}${linkText}: ${url}\n\n${footer}\n\nMusic Review`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(intro)}</p>
${note ? `<blockquote style="margin:0 0 1em;padding:8px 12px;border-left:3px solid #ccc;white-space:pre-wrap">${escapeHtml(note)}</blockquote>\n` : ''}<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#7c3aed;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(linkText)}</a></p>
<p style="color:#555;font-size:13px">Or open this address: ${escapeHtml(url)}<br>${escapeHtml(footer)}</p>
<p>Music Review</p></body></html>`,
  };
}
