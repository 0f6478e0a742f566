import { describe, expect, it } from 'vitest';
import { inviteBody, isLastAdmin, TEAM_MESSAGES as M, usageFraction, usageText } from './team.ts';

describe('usageText', () => {
  it('shows the usage of a limit, and -1 as unlimited', () => {
    expect(usageText(3, 25)).toBe('3 of 25');
    expect(usageText(0, 3)).toBe('0 of 3');
    expect(usageText(7, -1)).toBe('7 (unlimited)');
  });
});

describe('usageFraction', () => {
  it('is the share used, capped at 1, and 0 when unlimited', () => {
    expect(usageFraction(1, 4)).toBe(0.25);
    expect(usageFraction(9, 3)).toBe(1);
    expect(usageFraction(50, -1)).toBe(0);
  });
});

describe('isLastAdmin', () => {
  it('is true only for an admin when no other admin exists', () => {
    expect(isLastAdmin({ is_admin: true }, 1)).toBe(true);
    expect(isLastAdmin({ is_admin: true }, 2)).toBe(false);
    expect(isLastAdmin({ is_admin: false }, 1)).toBe(false);
  });
});

describe('inviteBody', () => {
  it('trims the address and explains what is wrong', () => {
    expect(inviteBody.parse({ email: '  new@label.test ' }).email).toBe('new@label.test');
    expect(inviteBody.safeParse({ email: '  ' }).error?.issues[0]?.message).toBe(M.inviteEmailMissing);
    expect(inviteBody.safeParse({ email: 'not-an-email' }).error?.issues[0]?.message).toBe(
      M.inviteEmailInvalid,
    );
  });
});
