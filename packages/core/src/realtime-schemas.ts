import { z } from 'zod';
import { TOPIC_PATTERN } from './realtime.ts';

/**
 * The realtime protocol's client -> server messages as the server validates them (realtime.ts holds
 * the rest of the protocol). Apart so that the browser's realtime client loads no zod.
 */

const ref = z.string().min(1).max(64);
const topic = z.string().regex(TOPIC_PATTERN, 'topic must look like kind:argument');

export const clientMessageSchemas = {
  /** First message; sent again whenever the access token is refreshed. */
  auth: z.object({ type: z.literal('auth'), token: z.string().min(1).max(8192) }),
  subscribe: z.object({ type: z.literal('subscribe'), topic, ref }),
  unsubscribe: z.object({ type: z.literal('unsubscribe'), topic }),
  ping: z.object({ type: z.literal('ping'), ref }),
} as const;

export const clientMessageSchema = z.discriminatedUnion('type', [
  clientMessageSchemas.auth,
  clientMessageSchemas.subscribe,
  clientMessageSchemas.unsubscribe,
  clientMessageSchemas.ping,
]);

export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ClientMessageOf<T extends ClientMessage['type']> = Extract<ClientMessage, { type: T }>;
