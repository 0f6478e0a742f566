import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client';

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

/** The store's own error when it answered in the API's shape (the local driver does); S3 answers XML. */
function errorFrom(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = body.error ?? {};
    if (typeof code === 'string' && typeof message === 'string' && message) {
      return new ApiError(code, message, xhr.status);
    }
  } catch {
    // Not JSON: the generic text below.
  }
  return new ApiError('upload_failed', `The upload failed (${xhr.status}). Please try again.`, xhr.status);
}

/**
 * PUTs a body to a presigned URL with XMLHttpRequest, because fetch reports no upload progress.
 * The Content-Type must be the one the URL was signed for. `onProgress` gets the fraction sent
 * (0-1). Rejects with an ApiError (status 0 without an answer), or an AbortError when `signal`
 * aborts.
 */
export function putWithProgress(
  url: string,
  body: Blob,
  contentType: string,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const settle = (error?: unknown) => {
      signal?.removeEventListener('abort', onAbortSignal);
      if (error) reject(error);
      else resolve();
    };
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        settle();
      } else {
        settle(errorFrom(xhr));
      }
    };
    xhr.onerror = () => settle(new ApiError('network_error', NETWORK_ERROR_MESSAGE, 0));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => settle(abortError());
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(body);
  });
}
