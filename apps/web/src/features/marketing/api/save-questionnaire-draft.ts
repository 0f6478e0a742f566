import { saveMarketingQuestionnaireDraft } from '@music-review/core/contracts/marketing';
import type { QuestionnaireInput } from '@music-review/core/marketing';
import { publicApi } from './public-api';

/** PUT /api/v1/public/marketing-forms/{token}: the answers as typed (autosave; the link stays usable). */
export function saveQuestionnaireDraft(token: string, data: QuestionnaireInput) {
  return publicApi.call(saveMarketingQuestionnaireDraft, { params: { token }, body: { data } });
}
