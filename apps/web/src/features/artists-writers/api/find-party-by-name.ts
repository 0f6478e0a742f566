import { findPartyByName } from '@music-review/core/contracts/parties';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useMe } from '../../../lib/me';
import { peopleKeys } from './keys';

/**
 * GET /api/v1/parties/by-name?name=: the person credited under a name (main or other credited name,
 * any case), or null. Kept for the usual 5 minutes: a name shown again costs no second call.
 */
const findPartyQuery = (api: ApiClient, name: string) =>
  queryOptions({
    queryKey: peopleKeys.byName(name),
    queryFn: ({ signal }) => api.call(findPartyByName, { query: { name: name.trim() }, signal }),
  });

/** Whether the label's plan has Artists & Writers: without it there is no person page to link to. */
function useHasPeoplePages() {
  return useMe().data?.organization?.has_catalogue === true;
}

/** The id of the person credited as `name`, once known; null when there is none (or no plan for it). */
export function usePersonIdByName(name: string): string | null {
  const api = useApiClient();
  const hasPages = useHasPeoplePages();
  const found = useQuery({ ...findPartyQuery(api, name), enabled: hasPages && name.trim() !== '' });
  return found.data?.id ?? null;
}

/**
 * A look-up for the moment a name is chosen (a search result). `isAvailable` is false when the
 * plan has no person pages (nothing to look up); `find` resolves to the person's id, or null when
 * there is none or the look-up fails (the caller then goes where it went before person pages).
 */
export function usePersonLookup() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const isAvailable = useHasPeoplePages();
  const find = useCallback(
    async (name: string): Promise<string | null> => {
      if (name.trim() === '') return null;
      try {
        return (await queryClient.fetchQuery(findPartyQuery(api, name))).id;
      } catch {
        return null;
      }
    },
    [api, queryClient],
  );
  return { isAvailable, find };
}
