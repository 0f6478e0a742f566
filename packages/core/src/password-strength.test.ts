import { describe, expect, it } from 'vitest';
import {
  checkPasswordStrength,
  PASSWORD_MIN_SCORE,
  PASSWORD_STRENGTH_MESSAGES,
  weakPasswordMessage,
} from './password-strength';

describe('checkPasswordStrength', () => {
  it.each([
    ['12345678'],
    ['password'],
    ['Password1!'],
    ['qwertyuiop'],
    ['iloveyou'],
    ['aaaaaaaa'],
    ['        '],
  ])('refuses %j and says why', (password) => {
    const strength = checkPasswordStrength(password);
    expect(strength.acceptable).toBe(false);
    expect(strength.score).toBeLessThan(PASSWORD_MIN_SCORE);
    expect(strength.problem).toEqual(expect.any(String));
    expect(weakPasswordMessage(strength).length).toBeGreaterThan(20);
  });

  it('names a common password as such', () => {
    const strength = checkPasswordStrength('password');
    expect(strength.problem).toBe(
      `${PASSWORD_STRENGTH_MESSAGES.tooGuessable} This is a heavily used password.`,
    );
    expect(strength.label).toBe('Very weak');
  });

  it('names spaces and one repeated character', () => {
    expect(checkPasswordStrength('          ').problem).toBe(PASSWORD_STRENGTH_MESSAGES.blank);
    expect(checkPasswordStrength('zzzzzzzzzzzzzzzzzzzz').problem).toBe(
      PASSWORD_STRENGTH_MESSAGES.oneCharacter,
    );
  });

  it.each([['correct-horse-battery'], ['violet-harbor-71'], ['blue canyon ladder nine']])(
    'accepts %j',
    (password) => {
      const strength = checkPasswordStrength(password);
      expect(strength).toMatchObject({ acceptable: true, problem: null });
      expect(strength.score).toBeGreaterThanOrEqual(PASSWORD_MIN_SCORE);
    },
  );

  it('refuses a password built on the account’s own email or name', () => {
    expect(checkPasswordStrength('kaleidoscope-records').acceptable).toBe(true);
    const own = checkPasswordStrength('kaleidoscope-records', ['ann@kaleidoscope-records.test', 'Ann']);
    expect(own.acceptable).toBe(false);
  });
});
