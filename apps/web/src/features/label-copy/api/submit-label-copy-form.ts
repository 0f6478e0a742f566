import { submitLabelCopyForm } from '@music-review/core/contracts/label-copy';
import type { LabelCopyData } from '@music-review/core/label-copy';
import { publicApi } from './public-api';

/** POST /api/v1/public/label-copy-forms/{token}/submit: sends the artist's form to the label and spends the link. */
export const submitPublicLabelCopyForm = (token: string, data: LabelCopyData) =>
  publicApi.call(submitLabelCopyForm, { params: { token }, body: { data } });
