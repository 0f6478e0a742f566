import type { PartyRole } from '@music-review/core/catalogue';
import { listParties } from '@music-review/core/contracts/parties';
import type { ApiClient } from '../../../lib/api-client';

/** GET /api/v1/parties: the people whose name (or other name, IPI, ISNI) contains `q`, for a picker. */
export async function searchParties(
  api: ApiClient,
  q: string,
  role: PartyRole | undefined,
  signal?: AbortSignal,
) {
  const { rows } = await api.call(listParties, {
    query: { ...(q ? { q } : {}), ...(role ? { role } : {}), limit: 10 },
    signal,
  });
  return rows;
}
