import type { ProfileDto } from '@music-review/core/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { meQueryKey } from '../../../lib/me';

/** PATCH /api/v1/profile: the name the label sees (the user menu shows it from /me). */
export function useUpdateProfile() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => api.patch<ProfileDto>('/api/v1/profile', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
