import { removePressPhoto as removePressPhotoEndpoint } from '@music-review/core/contracts/marketing';
import { publicApi } from './public-api';

/** DELETE /api/v1/public/marketing-forms/{token}/photos?key=: one uploaded photo, while a draft. */
export function removePressPhoto(token: string, key: string) {
  return publicApi.call(removePressPhotoEndpoint, { params: { token }, query: { key } });
}
