import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, fieldErrorsFrom, fieldPath, isErrorCode, withoutFieldPath } from './api-errors.ts';

describe('fieldErrorsFrom', () => {
  it('keeps every field at fault, the first message of each, without the path in front', () => {
    const fields = fieldErrorsFrom([
      { path: ['title'], message: 'title: enter a title for the contract' },
      { path: ['terms', 'parties', 1, 'email'], message: 'terms.parties.1.email: enter a valid email' },
      { path: ['terms', 'parties', 1, 'email'], message: 'a second problem with the same field' },
      { path: ['terms', 'writers'], message: 'Shares must total 100%' },
      { path: [], message: 'The body must be an object' },
    ]);
    expect(fields).toEqual({
      title: 'Enter a title for the contract',
      'terms.parties.1.email': 'Enter a valid email',
      'terms.writers': 'Shares must total 100%',
    });
  });
});

describe('withoutFieldPath', () => {
  it('drops a front that names the field, however deep, and nothing else', () => {
    expect(withoutFieldPath('terms.artist_name: enter the artist', 'artist_name')).toBe('Enter the artist');
    expect(withoutFieldPath('isrc: An ISRC has 12 characters', 'isrc')).toBe('An ISRC has 12 characters');
    expect(withoutFieldPath('Scores go from 1 to 10', 'musical_score')).toBe('Scores go from 1 to 10');
    // Another field's name in front is part of the message, not this field's path.
    expect(withoutFieldPath('end: must be after start', 'start')).toBe('end: must be after start');
    expect(withoutFieldPath('Note: the file is too large', 'file')).toBe('Note: the file is too large');
    expect(withoutFieldPath('factor_type must be totp or phone', 'factor_type')).toBe(
      'factor_type must be totp or phone',
    );
  });
});

describe('error codes', () => {
  it('knows the codes and their statuses', () => {
    expect(fieldPath(['writers', 0, 'share'])).toBe('writers.0.share');
    expect(isErrorCode('validation_failed')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(ERROR_STATUS.validation_failed).toBe(400);
    expect(ERROR_STATUS.not_found).toBe(404);
  });
});
