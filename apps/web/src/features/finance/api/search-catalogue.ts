import { listRecordings, listReleases } from '@music-review/core/contracts/catalogue';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { CatalogueTargetDto } from '../finance-types';
import { financeKeys } from './keys';

/** Matches the Resolve picker offers at once. */
export const PICKER_LIMIT = 10;

/**
 * The catalogue's recordings (GET /api/v1/catalogue/recordings) or releases (…/releases) whose title,
 * artist or code contains `q`, as targets an unmatched group can be resolved to.
 */
export function useCatalogueTargets(kind: CatalogueTargetDto['kind'], q: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: financeKeys.picker(kind, q),
    queryFn: async ({ signal }): Promise<CatalogueTargetDto[]> => {
      const query = { ...(q ? { q } : {}), sort: 'title' as const, dir: 'asc' as const, limit: PICKER_LIMIT };
      if (kind === 'recording') {
        const { rows } = await api.call(listRecordings, { query, signal });
        return rows.map((row) => ({
          kind,
          id: row.id,
          title: row.version ? `${row.title} (${row.version})` : row.title,
          display_artist: row.display_artist,
          code: row.isrc,
        }));
      }
      const { rows } = await api.call(listReleases, { query, signal });
      return rows.map((row) => ({
        kind,
        id: row.id,
        title: row.version ? `${row.title} (${row.version})` : row.title,
        display_artist: row.display_artist,
        code: row.upc,
      }));
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
