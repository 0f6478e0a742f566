import { openMarketingGeneralIntake } from '@music-review/core/contracts/marketing';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from './public-api';

export const publicGeneralIntakeQueryKey = (token: string) => ['public', 'marketing-general', token] as const;

/** GET /api/v1/public/marketing-general/{token}: the label-wide intake, opened by its link. */
export function usePublicGeneralIntake(token: string) {
  return useQuery({
    queryKey: publicGeneralIntakeQueryKey(token),
    queryFn: ({ signal }) => publicApi.call(openMarketingGeneralIntake, { params: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
