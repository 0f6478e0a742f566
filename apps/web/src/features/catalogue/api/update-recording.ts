import { updateRecording } from '@music-review/core/contracts/catalogue';
import type { BodyOf } from '@music-review/core/endpoint';
import type { ApiClient } from '../../../lib/api-client';

export type RecordingChanges = Omit<BodyOf<typeof updateRecording>, 'row_version'>;

/** PATCH /api/v1/catalogue/recordings/{id}: the changed fields; a stale row_version answers 409. */
export function patchRecording(api: ApiClient, id: string, changes: RecordingChanges, rowVersion: number) {
  return api.call(updateRecording, { params: { id }, body: { ...changes, row_version: rowVersion } });
}
