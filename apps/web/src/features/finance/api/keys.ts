/** Imports per "Show more". */
export const IMPORTS_PAGE_SIZE = 50;
/** Unmatched groups per "Show more". */
export const UNMATCHED_PAGE_SIZE = 50;
/** Lines shown when a group is expanded (the API pages up to 500). */
export const GROUP_LINES_LIMIT = 100;

/** What identifies one unmatched group: its lines are listed by the same three values. */
export interface GroupKey {
  source: string;
  identifier_kind: string;
  identifier: string;
}

/**
 * The finance cache keys, all under 'finance', so a change announced over realtime refreshes
 * whatever of it is on screen with one invalidation.
 */
export const financeKeys = {
  all: ['finance'] as const,
  summary: ['finance', 'summary'] as const,
  imports: ['finance', 'imports'] as const,
  unmatchedAll: ['finance', 'unmatched'] as const,
  unmatched: (q: string) => ['finance', 'unmatched', q] as const,
  lines: (group: GroupKey) =>
    ['finance', 'lines', group.source, group.identifier_kind, group.identifier] as const,
  /** The Resolve picker's catalogue searches (not finance data: kept out of 'finance' refreshes). */
  picker: (kind: 'recording' | 'release', q: string) => ['finance-picker', kind, q] as const,
};
