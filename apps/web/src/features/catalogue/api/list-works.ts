import { listWorks } from '@music-review/core/contracts/catalogue';
import type { ApiClient } from '../../../lib/api-client';
import type { WorksQuery } from '../catalogue-view';

/** GET /api/v1/catalogue/works: a page of works (compositions), filtered and sorted. */
export function fetchWorks(api: ApiClient, query: WorksQuery, signal?: AbortSignal) {
  return api.call(listWorks, { query, signal });
}
