import { useEffect, useState } from 'react';
import { cn } from '../lib/cn';

/**
 * Fetches a stored file for a preview. Stored files are served as downloads, so a frame or a link
 * would download them: the preview reads the body itself. Aborts when the URL changes or on unmount.
 */
function useFetchedFile<T>(url: string, read: (res: Response) => Promise<T>, dispose?: (value: T) => void) {
  const [value, setValue] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read and dispose are fixed for each caller
  useEffect(() => {
    const controller = new AbortController();
    let created: T | null = null;
    fetch(url, { signal: controller.signal })
      .then((res) => (res.ok ? read(res) : Promise.reject(new Error(String(res.status)))))
      .then((result) => {
        created = result;
        setValue(result);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (created !== null) dispose?.(created);
    };
  }, [url]);
  return { value, failed };
}

function PreviewStatus({ failed }: { failed: boolean }) {
  return (
    <p className="text-sm text-muted-foreground">
      {failed ? 'The preview could not be loaded.' : 'Loading preview…'}
    </p>
  );
}

const readPdf = async (res: Response) =>
  URL.createObjectURL(new Blob([await res.blob()], { type: 'application/pdf' }));
const readText = (res: Response) => res.text();
const revoke = (blobUrl: string) => URL.revokeObjectURL(blobUrl);

/** A PDF shown from a blob URL (stored PDFs are served as attachments, which a frame would download); className sets its height. */
export function PdfPreview({ url, title, className }: { url: string; title: string; className?: string }) {
  const { value: blobUrl, failed } = useFetchedFile(url, readPdf, revoke);
  if (failed || !blobUrl) return <PreviewStatus failed={failed} />;
  return (
    <iframe
      src={blobUrl}
      title={title}
      className={cn('w-full rounded-lg border border-border bg-white', className)}
    />
  );
}

/** A plain text file's text (fetched: stored text is served as a download, never rendered as a page). */
export function TextPreview({ url }: { url: string }) {
  const { value: text, failed } = useFetchedFile(url, readText);
  if (failed || text === null) return <PreviewStatus failed={failed} />;
  return (
    <p className="max-h-48 overflow-auto whitespace-pre-wrap rounded-lg border border-border bg-muted/40 p-3 text-sm">
      {text}
    </p>
  );
}
