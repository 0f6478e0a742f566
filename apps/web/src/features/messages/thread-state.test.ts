import { describe, expect, it } from 'vitest';
import { makeMessage, makePage } from './testing/factories';
import {
  addSentMessage,
  applyMessageChange,
  emptyThread,
  mergeAfterPage,
  mergeBeforePage,
  mergeLatestPage,
  type ThreadState,
} from './thread-state';

const seqs = (state: ThreadState) => state.messages.map((m) => m.sequence);
const stateOf = (...sequences: number[]): ThreadState => ({
  messages: sequences.map((sequence) => makeMessage({ sequence })),
  lastSequence: Math.max(0, ...sequences),
  hasMoreBefore: false,
});

describe('applyMessageChange', () => {
  it('appends the next sequence', () => {
    const { state, gapAfter } = applyMessageChange(stateOf(1, 2), {
      event: 'INSERT',
      message: makeMessage({ sequence: 3 }),
    });
    expect(seqs(state)).toEqual([1, 2, 3]);
    expect(state.lastSequence).toBe(3);
    expect(gapAfter).toBeNull();
  });

  it('ignores a duplicate', () => {
    const before = stateOf(1, 2);
    const { state, gapAfter } = applyMessageChange(before, {
      event: 'INSERT',
      message: makeMessage({ sequence: 2, message_text: 'other' }),
    });
    expect(state).toBe(before);
    expect(gapAfter).toBeNull();
  });

  it('reports a gap, keeping the message that revealed it', () => {
    const { state, gapAfter } = applyMessageChange(stateOf(1, 2), {
      event: 'INSERT',
      message: makeMessage({ sequence: 5 }),
    });
    expect(seqs(state)).toEqual([1, 2, 5]);
    expect(state.lastSequence).toBe(5);
    expect(gapAfter).toBe(2);
  });

  it('drops a deleted message, and an update replaces one held', () => {
    const deleted = applyMessageChange(stateOf(1, 2, 3), {
      event: 'UPDATE',
      message: makeMessage({ sequence: 2, is_deleted: true }),
    }).state;
    expect(seqs(deleted)).toEqual([1, 3]);
    expect(deleted.lastSequence).toBe(3);

    const edited = applyMessageChange(stateOf(1, 2), {
      event: 'UPDATE',
      message: makeMessage({ sequence: 1, message_text: 'edited' }),
    }).state;
    expect(edited.messages[0]?.message_text).toBe('edited');
  });

  it('ignores an update of a message older than those held', () => {
    const before = { ...stateOf(5, 6), hasMoreBefore: true };
    const { state } = applyMessageChange(before, { event: 'UPDATE', message: makeMessage({ sequence: 2 }) });
    expect(state).toBe(before);
  });
});

describe('mergeLatestPage', () => {
  it('takes the first page as it is', () => {
    const state = mergeLatestPage(
      undefined,
      makePage([makeMessage({ sequence: 1 }), makeMessage({ sequence: 2 })]),
    );
    expect(seqs(state)).toEqual([1, 2]);
    expect(state.lastSequence).toBe(2);
  });

  it('merges a refetch without duplicates, dropping what was deleted meanwhile', () => {
    const held = stateOf(1, 2, 3);
    const page = makePage([1, 3, 4, 5].map((sequence) => makeMessage({ sequence })));
    const state = mergeLatestPage(held, page);
    expect(seqs(state)).toEqual([1, 3, 4, 5]);
    expect(state.lastSequence).toBe(5);
  });

  it('keeps older messages loaded before the page', () => {
    const held = { ...stateOf(1, 2, 3, 4), hasMoreBefore: false };
    const page = makePage([makeMessage({ sequence: 4 }), makeMessage({ sequence: 5 })], {
      has_more_before: true,
    });
    const state = mergeLatestPage(held, page);
    expect(seqs(state)).toEqual([1, 2, 3, 4, 5]);
    expect(state.hasMoreBefore).toBe(false);
  });

  it('counts a deleted last message in the last sequence', () => {
    const state = mergeLatestPage(
      emptyThread,
      makePage([makeMessage({ sequence: 1 })], { last_sequence: 2 }),
    );
    expect(state.lastSequence).toBe(2);
    // The next message is then 3, not a gap.
    expect(
      applyMessageChange(state, { event: 'INSERT', message: makeMessage({ sequence: 3 }) }).gapAfter,
    ).toBeNull();
  });
});

describe('mergeAfterPage', () => {
  it('fills a gap and drops held messages the server no longer lists', () => {
    const held = { ...stateOf(1, 2, 3, 6), lastSequence: 6 };
    const page = makePage([4, 5, 6, 7].map((sequence) => makeMessage({ sequence })));
    const state = mergeAfterPage(held, page, 2, 100);
    expect(seqs(state)).toEqual([1, 2, 4, 5, 6, 7]);
    expect(state.lastSequence).toBe(7);
  });

  it('answers only for what a full page returned', () => {
    const held = stateOf(1, 2, 9);
    const page = makePage(
      [3, 4].map((sequence) => makeMessage({ sequence })),
      { last_sequence: 9 },
    );
    const state = mergeAfterPage(held, page, 2, 2);
    expect(seqs(state)).toEqual([1, 2, 3, 4, 9]);
  });
});

describe('mergeBeforePage', () => {
  it('puts older messages in front', () => {
    const held = { ...stateOf(3, 4), hasMoreBefore: true };
    const state = mergeBeforePage(
      held,
      makePage(
        [1, 2].map((sequence) => makeMessage({ sequence })),
        { last_sequence: 4 },
      ),
      3,
    );
    expect(seqs(state)).toEqual([1, 2, 3, 4]);
    expect(state.hasMoreBefore).toBe(false);
    expect(state.lastSequence).toBe(4);
  });
});

describe('addSentMessage', () => {
  it('adds the sent message once, whether the socket brought it first or not', () => {
    const sent = makeMessage({ sequence: 3 });
    const once = addSentMessage(stateOf(1, 2), sent).state;
    expect(seqs(once)).toEqual([1, 2, 3]);
    expect(seqs(addSentMessage(once, sent).state)).toEqual([1, 2, 3]);
  });
});
