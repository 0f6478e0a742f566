/** Why a direct upload failed: no answer at all (network), or the store refused it (status). */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
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

/** The store's own message when it answered in the API's error shape (the local driver does). */
function messageFrom(responseText: string, status: number): string {
  try {
    const body = JSON.parse(responseText) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string' && body.error.message) return body.error.message;
  } catch {
    // S3 answers XML; fall through to the generic text.
  }
  return `The upload failed (${status}). Please try again.`;
}

/**
 * PUTs a file to a presigned URL with XMLHttpRequest, because fetch reports no upload progress.
 * The Content-Type must be the one the URL was signed for. Aborting rejects with an AbortError.
 */
export function putWithProgress(
  url: string,
  body: Blob,
  contentType: string,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    const cleanUp = () => signal?.removeEventListener('abort', onAbortSignal);

    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      cleanUp();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
      } else {
        reject(new UploadError(messageFrom(xhr.responseText, xhr.status), xhr.status));
      }
    };
    xhr.onerror = () => {
      cleanUp();
      reject(new UploadError(UPLOAD_NETWORK_MESSAGE, 0));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      cleanUp();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    xhr.send(body);
  });
}
