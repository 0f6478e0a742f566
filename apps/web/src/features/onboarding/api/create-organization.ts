import type { OrganizationDto, ReviewerDto } from '@music-review/core/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { meQueryKey } from '../../../lib/me';

export interface MembershipDto {
  organization: OrganizationDto;
  reviewer: ReviewerDto;
}

/** POST /api/v1/organizations: the caller becomes the new label's admin. Reloads /me after. */
export function useCreateOrganization() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<MembershipDto>('/api/v1/organizations', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
