import { describe, expect, it } from 'vitest';
import { inviteCodeError, labelNameError, ORGANIZATION_MESSAGES as M } from './organization.ts';

describe('labelNameError', () => {
  it.each([
    ['', M.labelNameEmpty],
    ['   ', M.labelNameEmpty],
    ['a', M.labelNameTooShort],
    [' a ', M.labelNameTooShort],
    ['x'.repeat(51), M.labelNameTooLong],
    ['Bad/Name', M.labelNameChars],
    ['Hello!', M.labelNameChars],
  ])('%j gives %j', (input, message) => {
    expect(labelNameError(input)).toBe(message);
  });

  it.each(['Demo Records', 'R&B Sound_Co.', 'Ab', 'x'.repeat(50), '  Éditions Mûre-9  '])(
    'accepts %j',
    (name) => {
      expect(labelNameError(name)).toBeNull();
    },
  );
});

describe('inviteCodeError', () => {
  it('requires a code after trimming', () => {
    expect(inviteCodeError('  ')).toBe(M.inviteCodeEmpty);
    expect(inviteCodeError(' abc ')).toBeNull();
  });

  it('formats the user limit text with the number', () => {
    expect(M.userLimitReached(3)).toBe(
      'This organization has reached its user limit (3 users). Please contact the organization admin to upgrade their plan.',
    );
  });
});
