import { removeAvatar } from '@music-review/core/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { meQueryKey } from '../../../lib/me';

/** DELETE /api/v1/profile/avatar: back to initials. */
export function useRemoveAvatar() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(removeAvatar),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
