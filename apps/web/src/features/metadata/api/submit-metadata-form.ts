import { submitMetadataForm as submitMetadataFormCall } from '@music-review/core/contracts/metadata-forms';
import type { FullMetadataDraft } from '@music-review/core/metadata-forms';
import type { ApiClient } from '../../../lib/api-client';

/**
 * POST /api/v1/public/metadata-forms/{token}/submit: the artist sends the form (by link, no session);
 * it is saved, then checked, and answers the locked form.
 */
export function submitMetadataForm(api: ApiClient, token: string, data: FullMetadataDraft) {
  return api.call(submitMetadataFormCall, { params: { token }, body: { data } });
}
