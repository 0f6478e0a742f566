import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeTopic } from '../../../lib/realtime-context';

/**
 * What the label's metadata-form calls share (contracts: packages/core/src/contracts/metadata-forms.ts;
 * routes: apps/server/src/features/metadata-forms): every list is filed under this key, so any change
 * to a form refreshes them all.
 */
export const metadataFormsQueryKey = ['metadata-forms'] as const;

/** Any change to a form (the artist typing, a colleague confirming) refreshes what is shown. */
export function useMetadataFormsRefresh() {
  const queryClient = useQueryClient();
  useRealtimeTopic('table:metadata_forms', () => {
    void queryClient.invalidateQueries({ queryKey: metadataFormsQueryKey });
  });
}

export function useInvalidateMetadataForms() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: metadataFormsQueryKey });
}
