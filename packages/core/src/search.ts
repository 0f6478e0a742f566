/**
 * Global search (spec sections 2, 5 and 9): the rules and texts shared by the server and the web
 * app, and the shape of `GET /api/v1/search?q=`. Pure: no I/O, no DOM, no Node APIs.
 */

/** Spec section 9: searches run from 2 typed characters on. */
export const SEARCH_MIN_LENGTH = 2;
/** The longest search text the API accepts (a search box, not a document). */
export const SEARCH_MAX_LENGTH = 100;
/** Spec section 9: a search goes out 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Spec section 9: the dropdown closes 200 ms after the box loses focus. */
export const SEARCH_CLOSE_DELAY_MS = 200;
/** At most this many results per group. */
export const SEARCH_GROUP_LIMIT = 5;

export const SEARCH_PLACEHOLDER = 'Search songs, artists, contracts, or metadata...';
/** Spec section 5: contract and metadata entries without a song title. */
export const UNTITLED = 'Untitled';

export const SEARCH_TOO_SHORT_MESSAGE = `Type at least ${SEARCH_MIN_LENGTH} characters to search`;
export const SEARCH_TOO_LONG_MESSAGE = `Search text must be at most ${SEARCH_MAX_LENGTH} characters`;

/** The result groups in the order the dropdown shows them, with their headings (spec section 2). */
export const SEARCH_GROUPS = [
  { key: 'songs', heading: 'Songs' },
  { key: 'artists', heading: 'Artists' },
  { key: 'contracts', heading: 'Contracts' },
  { key: 'metadata', heading: 'Metadata' },
] as const;
export type SearchGroupKey = (typeof SEARCH_GROUPS)[number]['key'];

/** What is searched for: the typed text without surrounding spaces. */
export function normalizeSearchQuery(text: string): string {
  return text.trim();
}

/** Spec section 5: a search runs only for at least 2 characters (after trimming). */
export function isSearchable(text: string): boolean {
  return normalizeSearchQuery(text).length >= SEARCH_MIN_LENGTH;
}

/** A song title to show: 'Untitled' when there is none (null, empty or only spaces). */
export function titleOrUntitled(title: string | null | undefined): string {
  return title?.trim() ? title : UNTITLED;
}

/**
 * Spec section 5: artist names de-duplicated case-insensitively (the first spelling wins) and kept
 * only when the name contains the query (case-insensitively), at most `limit` of them.
 */
export function dedupeArtists(names: readonly string[], query: string, limit = SEARCH_GROUP_LIMIT): string[] {
  const needle = normalizeSearchQuery(query).toLowerCase();
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    if (!needle || !key.includes(needle) || seen.has(key)) continue;
    seen.add(key);
    kept.push(name);
    if (kept.length === limit) break;
  }
  return kept;
}

// The answer's types are inferred from the endpoint's schemas (contracts/search.ts); type-only, so
// the browser loads no zod for them.
export type {
  SearchArtistDto,
  SearchContractDto,
  SearchMetadataDto,
  SearchResultsDto,
  SearchSongDto,
} from './contracts/search.ts';
