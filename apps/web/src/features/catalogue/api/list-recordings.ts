import { listRecordings } from '@music-review/core/contracts/catalogue';
import type { ApiClient } from '../../../lib/api-client';
import type { RecordingsQuery } from '../catalogue-view';

/** GET /api/v1/catalogue/recordings: a page of recordings, filtered and sorted. */
export function fetchRecordings(api: ApiClient, query: RecordingsQuery, signal?: AbortSignal) {
  return api.call(listRecordings, { query, signal });
}
