import { getContractDownloadUrl } from '@music-review/core/contracts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/**
 * GET /api/v1/contracts/{id}/download?which=: a 15-minute URL of the PDF as sent or as signed. A
 * mutation, not a query: the URL is asked for on a click and expires, so nothing caches it.
 */
export function useContractDownloadUrl() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ id, which }: { id: string; which: 'document' | 'signed' }) =>
      api.call(getContractDownloadUrl, { params: { id }, query: { which } }),
  });
}
