import { listPayees } from '@music-review/core/contracts/parties';
import type { ApiClient } from '../../../lib/api-client';

/** GET /api/v1/payees: the payees whose name contains `q`, for the master split's payee picker. */
export async function searchPayees(api: ApiClient, q: string, signal?: AbortSignal) {
  const { rows } = await api.call(listPayees, { query: { ...(q ? { q } : {}), limit: 10 }, signal });
  return rows;
}
