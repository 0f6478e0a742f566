import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../../../lib/upload/put-with-progress';
import type { UploadProgressHandler } from '../../api/upload-catalogue-file';

export interface FileUploadState {
  /** The upload under way: its file name and the fraction sent (1 while the server checks it). */
  upload: { filename: string; fraction: number } | null;
  /** Why the last file was not accepted (the server's reason), until the next try. */
  refusal: string | null;
  start: (file: File) => void;
}

/**
 * One file at a time to a record (a release's artwork, a recording's master): progress while it is
 * sent and checked, the reason when it is refused. Closing the drawer cancels the upload.
 */
export function useFileUpload<R>(
  send: (file: File, onProgress: UploadProgressHandler, signal: AbortSignal) => Promise<R>,
  onDone: (result: R) => void,
): FileUploadState {
  const [upload, setUpload] = useState<FileUploadState['upload']>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function start(file: File) {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setRefusal(null);
    setUpload({ filename: file.name, fraction: 0 });
    try {
      const result = await send(
        file,
        (fraction) => setUpload({ filename: file.name, fraction }),
        abort.signal,
      );
      if (!abort.signal.aborted) onDone(result);
    } catch (error) {
      if (!isAbortError(error) && !abort.signal.aborted) {
        setRefusal(error instanceof Error ? error.message : 'The upload failed. Please try again.');
      }
    } finally {
      controller.current = null;
      setUpload(null);
    }
  }

  return { upload, refusal, start: (file) => void start(file) };
}
