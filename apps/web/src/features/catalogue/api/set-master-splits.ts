import { setMasterSplits } from '@music-review/core/contracts/catalogue';
import type { BodyOf } from '@music-review/core/endpoint';
import type { ApiClient } from '../../../lib/api-client';

export type MasterSplitInput = BodyOf<typeof setMasterSplits>['splits'];

/** PUT /api/v1/catalogue/recordings/{id}/splits: the whole master split (total 100), versioned. */
export function putMasterSplits(api: ApiClient, id: string, splits: MasterSplitInput, rowVersion: number) {
  return api.call(setMasterSplits, { params: { id }, body: { splits, row_version: rowVersion } });
}
