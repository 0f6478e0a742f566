import { submitMarketingQuestionnaire } from '@music-review/core/contracts/marketing';
import type { QuestionnaireInput } from '@music-review/core/marketing';
import { publicApi } from './public-api';

/** POST /api/v1/public/marketing-forms/{token}/submit: sends the questionnaire and spends the link. */
export function submitQuestionnaire(token: string, data: QuestionnaireInput) {
  return publicApi.call(submitMarketingQuestionnaire, { params: { token }, body: { data } });
}
