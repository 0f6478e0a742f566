import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from './api-client';

/** The file name the answer gives (RFC 6266: the UTF-8 `filename*` first, then `filename`), else `fallback`. */
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
 * GETs a file from the API (with the member's bearer token when given; public links pass null) and
 * saves it under the name the answer gives, else `fallbackName`. Files are not JSON, so downloads
 * bypass `api.call`; a refusal (a plan limit, a missing file) is thrown as the API's error, a failed
 * connection as `network_error`.
 */
export async function downloadFile(path: string, accessToken: string | null, fallbackName: string) {
  let response: Response;
  try {
    response = await fetch(path, {
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
  anchor.download = fileNameOf(response, fallbackName);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
