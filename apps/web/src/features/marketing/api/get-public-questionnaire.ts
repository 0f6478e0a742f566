import { openMarketingQuestionnaire } from '@music-review/core/contracts/marketing';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from './public-api';

export const publicQuestionnaireQueryKey = (token: string) => ['public', 'marketing-form', token] as const;

/** GET /api/v1/public/marketing-forms/{token}: the artist's questionnaire, opened by its link. */
export function usePublicQuestionnaire(token: string) {
  return useQuery({
    queryKey: publicQuestionnaireQueryKey(token),
    queryFn: ({ signal }) => publicApi.call(openMarketingQuestionnaire, { params: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
