import { saveLabelCopyForm } from '@music-review/core/contracts/label-copy';
import type { LabelCopyData } from '@music-review/core/label-copy';
import { publicApi } from './public-api';

/** PUT /api/v1/public/label-copy-forms/{token}: saves the artist's form as a draft (autosave). */
export const savePublicLabelCopyForm = (token: string, data: LabelCopyData) =>
  publicApi.call(saveLabelCopyForm, { params: { token }, body: { data } });
