import type { PartyRole } from '@music-review/core/catalogue';
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** What a people list is filtered by (the URL holds it). */
export interface PartyListFilters {
  /** null: everyone (the merge dialog's search). */
  role: PartyRole | null;
  q: string;
  sort: 'name' | 'updated';
}

/**
 * The query keys of Artists & Writers. Everything sits under 'people', so one invalidation (a
 * realtime change, a merge) refreshes lists, person pages, payees and name look-ups together.
 */
export const peopleKeys = {
  all: ['people'] as const,
  parties: (filters: PartyListFilters) => ['people', 'parties', filters] as const,
  party: (id: string) => ['people', 'party', id] as const,
  payees: (q: string) => ['people', 'payees', q] as const,
  payee: (id: string) => ['people', 'payee', id] as const,
  payeeAccount: (id: string) => ['people', 'payee-account', id] as const,
  // Names are matched case-insensitively by the server: one cache entry per spelling's lower case.
  byName: (name: string) => ['people', 'by-name', name.trim().toLowerCase()] as const,
};

/** Rows per page of every people list (server-side paging). */
export const PEOPLE_PAGE_SIZE = 50;

/**
 * After a save whose answer is already in the cache under `fresh`: everything else of Artists &
 * Writers reloads (lists, counts, the payee a person pays into), the record just answered does not.
 */
export function invalidatePeopleBesides(queryClient: QueryClient, fresh: QueryKey) {
  const freshHash = hashKey(fresh);
  return queryClient.invalidateQueries({
    queryKey: peopleKeys.all,
    predicate: (query) => query.queryHash !== freshHash,
  });
}
