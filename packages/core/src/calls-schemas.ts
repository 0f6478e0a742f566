import { z } from 'zod';
import { CALL_MESSAGES, CALL_SIGNAL_KINDS, CALL_SIGNAL_PAYLOAD_MAX_CHARS } from './calls.ts';

/** The calls API's request schemas and the ICE_SERVERS setting (calls.ts holds the rest). */

/** POST /api/v1/calls/{id}/signals. `payload` is opaque to the server (the browsers agree on it). */
export const sendCallSignalBody = z.object({
  to: z.uuid({ message: 'to: must be the id of a member in the call' }),
  kind: z.enum(CALL_SIGNAL_KINDS, { message: "kind: must be 'offer', 'answer' or 'candidate'" }),
  payload: z
    .record(z.string(), z.unknown(), { message: 'payload: must be an object' })
    .refine((value) => JSON.stringify(value).length <= CALL_SIGNAL_PAYLOAD_MAX_CHARS, {
      message: CALL_MESSAGES.payloadTooLarge,
    }),
});
export type SendCallSignalBody = z.infer<typeof sendCallSignalBody>;

/**
 * POST /api/v1/calls/{id}/leave. `joined_at` (from the join) makes the leave about that visit only: a
 * reloaded page's leave that arrives after its own next join then changes nothing.
 */
export const leaveCallBody = z
  .object({ joined_at: z.iso.datetime({ offset: true, message: 'joined_at: must be a time' }).optional() })
  .optional();
export type LeaveCallBody = z.infer<typeof leaveCallBody>;

/** GET /api/v1/calls/{id}/signals?after=: signals addressed to the caller after that sequence. */
export const listCallSignalsQuery = z.object({
  after: z.coerce.number().int().min(0, { message: 'after: must be 0 or more' }).default(0),
});

/** An RTCIceServer as the browser takes it (STUN or TURN). */
export const iceServerSchema = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServerDto = z.infer<typeof iceServerSchema>;

/**
 * The ICE_SERVERS setting: a JSON array of RTCIceServer. Empty (the default) means host candidates
 * only, which is enough on one machine or one network; across networks give a STUN and a TURN server.
 */
export const iceServersSetting = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of RTCIceServer objects' });
      return z.NEVER;
    }
  })
  .pipe(z.array(iceServerSchema, { message: 'must be a JSON array of RTCIceServer objects' }));
