import type { Database } from '../../platform/db/index.ts';
import { devMailbox } from '../../platform/db/schema.ts';

export interface TextMessage {
  /** E.164, e.g. +442079460958. */
  to: string;
  text: string;
}

/** Where texted codes go. A provider (Twilio, Vonage, ...) plugs in here. */
export interface SmsTransport {
  readonly kind: 'dev-mailbox' | 'provider';
  send(message: TextMessage): Promise<void>;
}

/**
 * No provider configured: texts are kept in the dev mailbox like mail in development, addressed to
 * the phone number, so a developer (and the tests) can read the code at /dev/mailbox.
 */
export function createDevMailboxSms(database: Database): SmsTransport {
  return {
    kind: 'dev-mailbox',
    async send(message) {
      await database.global.insert(devMailbox).values({
        to: message.to,
        subject: 'Text message',
        text: message.text,
        html: `<p>${message.text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)}</p>`,
      });
    },
  };
}
