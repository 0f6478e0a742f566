import { downloadDeliveryErn } from '@music-review/core/contracts/distribution';
import { fillPath } from '@music-review/core/endpoint';
import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from '../../../lib/api-client';
import { useAuthStore } from '../../../lib/auth/auth-context';

function fileNameOf(response: Response, fallback: string) {
  const header = response.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // the plain name below
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/**
 * GETs the delivery's ERN message with the member's token and saves it. A file, not JSON, so it
 * bypasses `api.call`; a refusal is thrown as the API's error.
 */
async function saveErn(deliveryId: string, messageId: string, accessToken: string | null) {
  let response: Response;
  try {
    response = await fetch(fillPath(downloadDeliveryErn.path, { id: deliveryId }), {
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network_error', NETWORK_ERROR_MESSAGE, 0);
  }
  if (!response.ok) throw await toApiError(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileNameOf(response, `${messageId}.xml`);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GET /api/v1/distribution/deliveries/{id}/ern: the DDEX message as it was sent (or refused). */
export function useDownloadDeliveryErn() {
  const store = useAuthStore();
  return useMutation({
    mutationFn: ({ deliveryId, messageId }: { deliveryId: string; messageId: string }) =>
      saveErn(deliveryId, messageId, store.getAccessToken()),
  });
}
