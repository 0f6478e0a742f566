import { submitMarketingGeneralIntake } from '@music-review/core/contracts/marketing';
import type { GeneralIntakeInput } from '@music-review/core/marketing';
import { publicApi } from './public-api';

/** POST /api/v1/public/marketing-general/{token}/submit: one answer (the link stays open for more). */
export function submitGeneralIntake(token: string, data: GeneralIntakeInput) {
  return publicApi.call(submitMarketingGeneralIntake, { params: { token }, body: { data } });
}
