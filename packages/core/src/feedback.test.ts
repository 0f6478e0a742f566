import { describe, expect, it } from 'vitest';
import { FEEDBACK_ERRORS, FEEDBACK_MESSAGE_MAX, feedbackMessageError } from './feedback.ts';
import { sendFeedbackBody } from './feedback-schemas.ts';

describe('feedbackMessageError', () => {
  it('asks for a description, then for a shorter one', () => {
    expect(feedbackMessageError('  ')).toBe(FEEDBACK_ERRORS.messageEmpty);
    expect(feedbackMessageError('x'.repeat(FEEDBACK_MESSAGE_MAX))).toBeNull();
    expect(feedbackMessageError('x'.repeat(FEEDBACK_MESSAGE_MAX + 1))).toBe(FEEDBACK_ERRORS.messageTooLong);
  });
});

describe('sendFeedbackBody', () => {
  it('takes a kind, the trimmed text and an optional http(s) page address', () => {
    expect(
      sendFeedbackBody.parse({ kind: 'bug', message: ' broken ', page_url: 'https://app.test/overview' }),
    ).toEqual({ kind: 'bug', message: 'broken', page_url: 'https://app.test/overview' });
    expect(sendFeedbackBody.safeParse({ kind: 'rant', message: 'x' }).error?.issues[0]?.message).toBe(
      FEEDBACK_ERRORS.kind,
    );
    expect(
      sendFeedbackBody.safeParse({ kind: 'idea', message: 'x', page_url: 'javascript:alert(1)' }).error
        ?.issues[0]?.message,
    ).toBe(FEEDBACK_ERRORS.pageUrl);
  });
});
