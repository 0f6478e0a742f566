import { listReleases } from '@music-review/core/contracts/catalogue';
import type { ApiClient } from '../../../lib/api-client';
import type { ReleasesQuery } from '../catalogue-view';

/** GET /api/v1/catalogue/releases: a page of releases, filtered and sorted. */
export function fetchReleases(api: ApiClient, query: ReleasesQuery, signal?: AbortSignal) {
  return api.call(listReleases, { query, signal });
}
