/**
 * Video calls (issue 5): started from a direct message or a song chat, joined by the members who can
 * see that conversation; the server stores only the WebRTC signalling. The contract of each endpoint
 * (packages/core/src/endpoint.ts); handlers: apps/server/src/features/calls/calls.routes.ts.
 *
 * A call the caller may not see (its conversation is not theirs to see) is 404, exactly like a call
 * that does not exist.
 */
import { z } from 'zod';
import { CALL_SIGNAL_KINDS } from '../calls.ts';
import {
  iceServerSchema,
  leaveCallBody,
  listCallSignalsQuery,
  sendCallSignalBody,
} from '../calls-schemas.ts';
import { endpoint } from '../endpoint.ts';

// UUIDs like every id in a path (contract-schemas.ts `uuid`), with the message the API has always
// answered for each.
const callParams = z.object({ id: z.uuid({ message: 'id: must be a call id' }) });
const conversationParams = z.object({ id: z.uuid({ message: 'id: must be a conversation id' }) });

const participant = z.object({
  reviewer_id: z.string(),
  name: z.string(),
  avatar_key: z.string().nullable(),
  joined_at: z.string(),
});

const call = z.object({
  id: z.string(),
  conversation_id: z.string(),
  conversation_type: z.enum(['dm', 'song_chat']),
  title: z.string().meta({
    description:
      "The conversation's title as the caller sees it: the other member's name, or the song's title.",
  }),
  started_by: z.string().nullable(),
  created_at: z.string(),
  ended_at: z
    .string()
    .nullable()
    .meta({ description: 'Set when the last participant left; joining again reopens the call.' }),
  participants: z.array(participant).meta({ description: 'Who is in the call now, earliest joiner first.' }),
});

const joinedCall = call.extend({
  signal_cursor: z.number().meta({
    description: 'Signals to the caller up to this sequence belong to an earlier visit: fetch ?after= this.',
  }),
});

const startedCall = z.object({
  id: z.string(),
  conversation_id: z.string(),
  join_url: z.string().meta({ description: 'The web path of the call, e.g. /video-call/<id>.' }),
});

const signal = z.object({
  id: z.string(),
  sequence: z.number(),
  call_id: z.string(),
  sender_id: z.string(),
  recipient_id: z.string(),
  kind: z.enum(CALL_SIGNAL_KINDS),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export type CallParticipantDto = z.infer<typeof participant>;
/** A call and who is in it now. */
export type CallDto = z.infer<typeof call>;
/** The call just joined, and where the caller's signal stream starts. */
export type JoinedCallDto = z.infer<typeof joinedCall>;
export type StartedCallDto = z.infer<typeof startedCall>;
export type CallSignalDto = z.infer<typeof signal>;

export const listIceServers = endpoint({
  operationId: 'listIceServers',
  summary: "The STUN and TURN servers of the server's configuration (empty: host candidates only)",
  tag: 'calls',
  method: 'GET',
  path: '/api/v1/calls/ice-servers',
  access: 'member',
  responses: { 200: z.array(iceServerSchema) },
  errors: [],
});

export const startCall = endpoint({
  operationId: 'startCall',
  summary:
    'Starts a call from a direct message or a song chat and posts its join link there (201), or hands back the one going on (200)',
  tag: 'calls',
  method: 'POST',
  path: '/api/v1/conversations/:id/calls',
  access: 'member',
  params: conversationParams,
  responses: { 200: startedCall, 201: startedCall },
  // validation_failed (common): a support conversation, answered in writing only.
  errors: ['not_found'],
});

export const getCall = endpoint({
  operationId: 'getCall',
  summary: 'A call and who is in it now',
  tag: 'calls',
  method: 'GET',
  path: '/api/v1/calls/:id',
  access: 'member',
  params: callParams,
  responses: { 200: call },
  errors: ['not_found'],
});

export const joinCall = endpoint({
  operationId: 'joinCall',
  summary: "Joins a call (reopening an ended one); answers it with where the caller's signals start",
  tag: 'calls',
  method: 'POST',
  path: '/api/v1/calls/:id/join',
  access: 'member',
  params: callParams,
  responses: { 200: joinedCall },
  errors: ['not_found'],
});

export const leaveCall = endpoint({
  operationId: 'leaveCall',
  summary: 'Leaves a call: the visit that joined at joined_at only, when given',
  tag: 'calls',
  method: 'POST',
  path: '/api/v1/calls/:id/leave',
  access: 'member',
  params: callParams,
  body: leaveCallBody,
  responses: { 204: null },
  errors: ['not_found'],
});

export const sendCallHeartbeat = endpoint({
  operationId: 'sendCallHeartbeat',
  summary: "The participant's page is still in the call (409 once they are out of it)",
  tag: 'calls',
  method: 'POST',
  path: '/api/v1/calls/:id/heartbeat',
  access: 'member',
  params: callParams,
  responses: { 204: null },
  errors: ['not_found', 'conflict'],
});

export const sendCallSignal = endpoint({
  operationId: 'sendCallSignal',
  summary: 'Stores an offer, answer or ICE candidate for another participant of the call',
  tag: 'calls',
  method: 'POST',
  path: '/api/v1/calls/:id/signals',
  access: 'member',
  params: callParams,
  body: sendCallSignalBody,
  responses: { 201: signal },
  // conflict: the sender is not in the call; validation_failed (common): the recipient is not.
  errors: ['not_found', 'conflict'],
});

export const listCallSignals = endpoint({
  operationId: 'listCallSignals',
  summary: 'The signals addressed to the caller after a sequence, in order',
  tag: 'calls',
  method: 'GET',
  path: '/api/v1/calls/:id/signals',
  access: 'member',
  params: callParams,
  query: listCallSignalsQuery,
  responses: { 200: z.array(signal) },
  errors: ['not_found'],
});
