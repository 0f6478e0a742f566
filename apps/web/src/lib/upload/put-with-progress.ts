/**
 * Direct uploads to presigned URLs (Add Tracks, the artist's revision upload), with progress.
 */

/**
 * Why a direct upload failed: no answer at all (network), or the store refused it (status). Not an
 * ApiError on purpose: a refusal from the store is not the API's, so a 404 or 410 here must not be
 * mistaken for the API's "this link is gone".
 */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    /** The store's own code when it answered in the API's error shape, else 'upload_failed' or 'network_error'. */
    readonly code: string,
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
  ) {
    super(message);
  }

  get isNetworkError() {
    return this.status === 0;
  }
}

export const UPLOAD_NETWORK_MESSAGE = 'The upload was interrupted. Check your connection and try again.';

/** What an upload rejects with when its signal aborts. */
export const uploadCancelled = () => new DOMException('The upload was cancelled', 'AbortError');

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The store's own error when it answered in the API's shape (the local driver does); S3 answers XML. */
function errorFrom(xhr: XMLHttpRequest): UploadError {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { code?: unknown; message?: unknown } };
    const { code, message } = body.error ?? {};
    if (typeof message === 'string' && message) {
      return new UploadError(typeof code === 'string' && code ? code : 'upload_failed', message, xhr.status);
    }
  } catch {
    // Not JSON: the generic text below.
  }
  return new UploadError('upload_failed', `The upload failed (${xhr.status}). Please try again.`, xhr.status);
}

/**
 * PUTs a body to a presigned URL with XMLHttpRequest, because fetch reports no upload progress.
 * The Content-Type must be the one the URL was signed for. `onProgress` gets the fraction sent
 * (0-1), and 1 once the store has taken it. Rejects with an UploadError (status 0 without an
 * answer), or an AbortError when `signal` aborts.
 */
export function putWithProgress(
  url: string,
  body: Blob,
  contentType: string,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(uploadCancelled());
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
    xhr.onerror = () => settle(new UploadError('network_error', UPLOAD_NETWORK_MESSAGE, 0));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => settle(uploadCancelled());
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(body);
  });
}
