import type { MessageDto, MessagePageDto } from '@music-review/core/messages';

/**
 * What an open thread holds: its messages keyed by sequence, so a message seen twice (a socket frame
 * and a fetch, or two fetches) is kept once, and a gap in the sequence shows what was missed.
 * Pure functions; the thread's query keeps the state (ARCHITECTURE, realtime: nothing lost, nothing
 * twice).
 */
export interface ThreadState {
  /** Ascending by sequence; deleted messages are left out. */
  messages: MessageDto[];
  /** The highest sequence this state has accounted for (a deleted message's counts too). */
  lastSequence: number;
  /** Older messages exist before the first one held. */
  hasMoreBefore: boolean;
}

export const emptyThread: ThreadState = { messages: [], lastSequence: 0, hasMoreBefore: false };

const bySequence = (a: MessageDto, b: MessageDto) => a.sequence - b.sequence;

/**
 * Merges a page into the state. `covers` is the range of sequences the page answers for in full:
 * a held message inside it that the page leaves out was deleted meanwhile and goes too.
 */
function mergeRange(
  state: ThreadState,
  page: MessageDto[],
  covers: { from: number; to: number } | null,
  hasMoreBefore: boolean,
  lastSequence: number,
): ThreadState {
  const merged = new Map<number, MessageDto>();
  for (const message of state.messages) {
    const inRange = covers && message.sequence >= covers.from && message.sequence <= covers.to;
    if (!inRange) merged.set(message.sequence, message);
  }
  for (const message of page) {
    if (!message.is_deleted) merged.set(message.sequence, message);
  }
  return {
    messages: [...merged.values()].sort(bySequence),
    lastSequence: Math.max(state.lastSequence, lastSequence),
    hasMoreBefore,
  };
}

/**
 * The latest page (GET .../messages without after/before), merged: it answers for everything from
 * its first message (or sequence 1 when nothing is older) to the conversation's last sequence.
 */
export function mergeLatestPage(state: ThreadState | undefined, page: MessagePageDto): ThreadState {
  const current = state ?? emptyThread;
  const first = page.messages[0]?.sequence;
  const from = page.has_more_before && first !== undefined ? first : 1;
  const olderHeld = current.messages.some((m) => m.sequence < from);
  return mergeRange(
    current,
    page.messages,
    { from, to: page.last_sequence },
    olderHeld ? current.hasMoreBefore : page.has_more_before,
    page.last_sequence,
  );
}

/**
 * A page of messages after `after` (the catch-up after a gap): it answers for (after, last returned]
 * when full, and up to the conversation's last sequence when it returned fewer than `limit`.
 */
export function mergeAfterPage(
  state: ThreadState | undefined,
  page: MessagePageDto,
  after: number,
  limit: number,
): ThreadState {
  const current = state ?? emptyThread;
  const lastReturned = page.messages.at(-1)?.sequence ?? after;
  const to = page.messages.length < limit ? page.last_sequence : lastReturned;
  return mergeRange(current, page.messages, { from: after + 1, to }, current.hasMoreBefore, to);
}

/** A page of older messages (before the first held one). */
export function mergeBeforePage(
  state: ThreadState | undefined,
  page: MessagePageDto,
  before: number,
): ThreadState {
  const current = state ?? emptyThread;
  const first = page.messages[0]?.sequence;
  const from = page.has_more_before && first !== undefined ? first : 1;
  return mergeRange(current, page.messages, { from, to: before - 1 }, page.has_more_before, 0);
}

export interface MessageChange {
  event: 'INSERT' | 'UPDATE' | 'DELETE' | 'BULK';
  message: MessageDto;
}

/**
 * A change of one message pushed over the socket. The next sequence is appended; a later one is
 * kept too, but `gapAfter` says from where to fetch what was missed. One already held is a
 * duplicate and ignored, unless it is an update (a deletion drops it, an edit replaces it); an
 * earlier one not held (inside a gap being fetched) is put in its place.
 */
export function applyMessageChange(
  state: ThreadState,
  change: MessageChange,
): { state: ThreadState; gapAfter: number | null } {
  const { message } = change;
  const held = state.messages.some((m) => m.sequence === message.sequence);
  if (change.event === 'DELETE' || message.is_deleted) {
    if (!held) return { state, gapAfter: null };
    return {
      state: { ...state, messages: state.messages.filter((m) => m.sequence !== message.sequence) },
      gapAfter: null,
    };
  }
  if (held || (change.event === 'UPDATE' && message.sequence <= state.lastSequence)) {
    // An edit of a message outside what is held (older than the first page) is not shown.
    if (change.event !== 'UPDATE' || !held) return { state, gapAfter: null };
    return {
      state: {
        ...state,
        messages: state.messages.map((m) => (m.sequence === message.sequence ? message : m)),
      },
      gapAfter: null,
    };
  }
  const gapAfter = message.sequence > state.lastSequence + 1 ? state.lastSequence : null;
  return {
    state: {
      ...state,
      messages: [...state.messages, message].sort(bySequence),
      lastSequence: Math.max(state.lastSequence, message.sequence),
    },
    gapAfter,
  };
}

/** Adds a message the caller just sent (the POST's answer), unless the socket brought it first. */
export function addSentMessage(
  state: ThreadState | undefined,
  message: MessageDto,
): { state: ThreadState; gapAfter: number | null } {
  return applyMessageChange(state ?? emptyThread, { event: 'INSERT', message });
}
