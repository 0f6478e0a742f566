import { describe, expect, it } from 'vitest';
import { MESSAGE_ERRORS, unreadBadgeText } from './messages.ts';
import { sendMessageBody } from './messages-schemas.ts';

describe('unreadBadgeText', () => {
  it.each([
    [0, null],
    [-1, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('shows %i as %s', (count, text) => {
    expect(unreadBadgeText(count)).toBe(text);
  });
});

describe('sendMessageBody', () => {
  it('refuses whitespace-only text and trims the rest', () => {
    const blank = sendMessageBody.safeParse({ message_text: '   \n ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe(MESSAGE_ERRORS.empty);
    expect(sendMessageBody.parse({ message_text: '  hi  ' })).toEqual({ message_text: 'hi' });
  });
});
