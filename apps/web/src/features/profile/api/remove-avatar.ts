import type { ProfileDto } from '@music-review/core/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { meQueryKey } from '../../../lib/me';

/** DELETE /api/v1/profile/avatar: back to initials. */
export function useRemoveAvatar() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<ProfileDto>('/api/v1/profile/avatar'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
