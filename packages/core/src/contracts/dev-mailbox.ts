/**
 * The dev mailbox (outside production, without SMTP_URL): the mail the server sent, for the e2e
 * tests and for reading confirmation and reset links by hand. Served to loopback clients only; any
 * other gets the 404 of a path that does not exist. The contract of its endpoint
 * (packages/core/src/endpoint.ts). Handler: apps/server/src/features/dev-mailbox/dev-mailbox.routes.ts,
 * which also serves the same mail as an HTML page at /dev/mailbox (for a person, not the API).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const mail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

export type DevMailDto = z.infer<typeof mail>;

export const listDevMail = endpoint({
  operationId: 'listDevMail',
  summary: 'The mail this server sent, newest first (loopback clients only, never in production)',
  tag: 'dev-mailbox',
  method: 'GET',
  path: '/api/dev/mailbox',
  access: 'anonymous',
  query: z.object({
    to: z.string().optional().meta({ description: 'Only mail to this address (any case).' }),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  responses: { 200: z.array(mail) },
  errors: ['not_found'],
});
