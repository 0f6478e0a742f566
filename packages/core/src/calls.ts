/**
 * Video calls (issue 5, spec route /video-call/{callId}): a call is started from a direct message or
 * a song chat, and the members who can see that conversation join it. Audio and video travel
 * browser to browser (WebRTC, one connection per pair of participants); the server only stores
 * the signalling (offers, answers, ICE candidates) and announces it over the realtime socket.
 */
import type { CallParticipantDto } from './contracts/calls.ts';

export const CALL_SIGNAL_KINDS = ['offer', 'answer', 'candidate'] as const;
export type CallSignalKind = (typeof CALL_SIGNAL_KINDS)[number];

/** A signal's payload (an SDP of a few kilobytes, or one candidate) is small; anything larger is refused. */
export const CALL_SIGNAL_PAYLOAD_MAX_CHARS = 64_000;
/** Signals returned by one GET .../signals?after=. */
export const CALL_SIGNALS_PAGE_MAX = 500;

/**
 * The call page sends a heartbeat this often while it is in a call (POST /api/v1/calls/{id}/heartbeat),
 * as the track viewers do (spec section 9: viewer heartbeat every 15 s).
 */
export const CALL_HEARTBEAT_MS = 15_000;
/**
 * A participant without a heartbeat for this long has missed one: their tab is gone (closed without
 * a leave, crashed, offline), and the server's call sweep takes them out of the call.
 */
export const CALL_DROP_AFTER_MS = 2 * CALL_HEARTBEAT_MS;

export const CALL_MESSAGES = {
  /** The chat message posted when a call starts; the join link follows it. */
  started: 'Started a video call',
  notFound: 'Call not found',
  /** Support conversations are answered in writing. */
  wrongConversation: 'Video calls can be started from a direct message or a song chat',
  recipientNotInCall: 'to: that member is not in the call',
  notInCall: 'Join the call first',
  payloadTooLarge: `payload: at most ${CALL_SIGNAL_PAYLOAD_MAX_CHARS} characters`,
  /** Shown on the call page when getUserMedia fails; the call goes on with what is available. */
  mediaUnavailable: 'Could not access your camera or microphone',
} as const;

/** The web route of a call, also the join link posted in the conversation. */
export function callJoinPath(callId: string): string {
  return `/video-call/${encodeURIComponent(callId)}`;
}

/** The chat message that announces a call: the text, then the absolute join link. */
export function callStartedMessage(appUrl: string, callId: string): string {
  return `${CALL_MESSAGES.started}: ${appUrl.replace(/\/$/, '')}${callJoinPath(callId)}`;
}

const CALL_LINK =
  /(?:https?:\/\/[^\s/]+)?\/video-call\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/i;

/**
 * The call a chat message links to, e.g. in "Started a video call: https://host/video-call/<id>":
 * the thread can show it as a "Join" link inside the app. Null when the text has none.
 */
export function findCallLink(text: string): { callId: string; path: string } | null {
  const match = CALL_LINK.exec(text);
  if (!match) return null;
  const callId = match[1]!.toLowerCase();
  return { callId, path: callJoinPath(callId) };
}

// The request bodies' schemas (and the types inferred from them) are in calls-schemas.ts, apart so
// that the browser's chat, which links calls, loads no zod.
export type { IceServerDto, LeaveCallBody, SendCallSignalBody } from './calls-schemas.ts';

// The answers' types are inferred from the endpoints' schemas (contracts/calls.ts); type-only, so the
// browser loads no zod for them.
export type {
  CallDto,
  CallParticipantDto,
  CallSignalDto,
  JoinedCallDto,
  StartedCallDto,
} from './contracts/calls.ts';

/**
 * Who makes the offer between two participants: the later joiner (ties broken by id), so the two
 * never offer to each other at once. Both sides compute the same answer from the participant list.
 */
export function isOfferer(
  me: Pick<CallParticipantDto, 'reviewer_id' | 'joined_at'>,
  other: Pick<CallParticipantDto, 'reviewer_id' | 'joined_at'>,
): boolean {
  const mine = Date.parse(me.joined_at);
  const theirs = Date.parse(other.joined_at);
  if (mine !== theirs) return mine > theirs;
  return me.reviewer_id > other.reviewer_id;
}
