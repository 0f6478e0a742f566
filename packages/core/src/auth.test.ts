import { describe, expect, it } from 'vitest';
import { isUnconfirmedEmailError, nextAssuranceLevel, reviewerNameFor } from './auth.ts';
import { parseStoredTheme } from './theme.ts';

describe('auth rules', () => {
  it('recognises the unconfirmed-email error in its three spellings', () => {
    expect(isUnconfirmedEmailError('Email not confirmed')).toBe(true);
    expect(isUnconfirmedEmailError('email_not_confirmed')).toBe(true);
    expect(isUnconfirmedEmailError('Account unverified')).toBe(true);
    expect(isUnconfirmedEmailError('Invalid login credentials')).toBe(false);
    expect(isUnconfirmedEmailError(undefined)).toBe(false);
  });

  it('names a reviewer from metadata name, full name, then the email local part', () => {
    expect(reviewerNameFor('ann@x.test', { name: 'Ann Lee', full_name: 'Ann B. Lee' })).toBe('Ann Lee');
    expect(reviewerNameFor('ann@x.test', { full_name: 'Ann B. Lee' })).toBe('Ann B. Lee');
    expect(reviewerNameFor('ann@x.test', { name: '  ' })).toBe('ann');
  });

  it('steps up to aal2 only with a verified factor', () => {
    expect(nextAssuranceLevel([])).toBe('aal1');
    expect(nextAssuranceLevel([{ status: 'unverified' }])).toBe('aal1');
    expect(nextAssuranceLevel([{ status: 'unverified' }, { status: 'verified' }])).toBe('aal2');
  });

  it('defaults the theme to dark', () => {
    expect(parseStoredTheme(null)).toBe('dark');
    expect(parseStoredTheme('light')).toBe('light');
    expect(parseStoredTheme('weird')).toBe('dark');
  });
});
