import { describe, expect, it } from 'vitest';
import { dedupeArtists, isSearchable, normalizeSearchQuery, titleOrUntitled, UNTITLED } from './search.ts';

describe('search rules', () => {
  it('searches from 2 characters on, ignoring surrounding spaces', () => {
    expect(isSearchable('')).toBe(false);
    expect(isSearchable('a')).toBe(false);
    expect(isSearchable('  a  ')).toBe(false);
    expect(isSearchable('ab')).toBe(true);
    expect(isSearchable(' ab ')).toBe(true);
    expect(normalizeSearchQuery('  Nova Kite ')).toBe('Nova Kite');
  });

  it("shows 'Untitled' for a missing or blank title", () => {
    expect(titleOrUntitled(null)).toBe(UNTITLED);
    expect(titleOrUntitled(undefined)).toBe(UNTITLED);
    expect(titleOrUntitled('')).toBe(UNTITLED);
    expect(titleOrUntitled('   ')).toBe('Untitled');
    expect(titleOrUntitled('Golden River')).toBe('Golden River');
  });

  it('de-duplicates artists case-insensitively, keeps the first spelling and only names containing the query', () => {
    expect(dedupeArtists(['Nova', 'NOVA', 'Kite', 'Supernova', 'nova '], 'nov')).toEqual([
      'Nova',
      'Supernova',
      'nova ',
    ]);
    expect(dedupeArtists(['Maya Torres', 'maya torres', 'Liam Torres'], ' TORRES ')).toEqual([
      'Maya Torres',
      'Liam Torres',
    ]);
  });

  it('keeps at most the limit of artists', () => {
    const names = ['Ana', 'Anna', 'Annabel', 'Hanna', 'Joanna', 'Susanna', 'Ann'];
    expect(dedupeArtists(names, 'an')).toHaveLength(5);
    expect(dedupeArtists(names, 'an', 2)).toEqual(['Ana', 'Anna']);
  });
});
