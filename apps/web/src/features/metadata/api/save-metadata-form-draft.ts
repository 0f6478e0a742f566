import { saveMetadataFormDraft } from '@music-review/core/contracts/metadata-forms';
import type { FullMetadataDraft } from '@music-review/core/metadata-forms';
import type { ApiClient } from '../../../lib/api-client';

/** PUT /api/v1/public/metadata-forms/{token}/draft: autosaves the artist's answers as typed (by link, no session). */
export function saveMetadataDraft(
  api: ApiClient,
  token: string,
  data: FullMetadataDraft,
  signal?: AbortSignal,
) {
  return api.call(saveMetadataFormDraft, {
    params: { token },
    body: { data },
    ...(signal ? { signal } : {}),
  });
}
