import { type ProjectFileDto, previewKind } from '@music-review/core/project-folder';
import { useEffect, useState } from 'react';

/** Audio plays, images show, PDFs open from a blob URL (stored PDFs are served as downloads). */
export function FilePreview({ file }: { file: ProjectFileDto }) {
  const kind = previewKind(file.content_type);
  if (kind === 'image') {
    return <img src={file.url} alt={file.name} className="max-h-[70vh] w-full rounded-lg object-contain" />;
  }
  if (kind === 'audio') {
    // biome-ignore lint/a11y/useMediaCaption: music files have no captions
    return <audio controls autoPlay src={file.url} aria-label={`Play ${file.name}`} className="w-full" />;
  }
  if (kind === 'pdf') return <PdfFrame url={file.url} title={file.name} />;
  return (
    <p className="text-sm text-muted-foreground">No preview for this kind of file. Download it instead.</p>
  );
}

function PdfFrame({ url, title }: { url: string; title: string }) {
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let created: string | null = null;
    fetch(url, { signal: controller.signal })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
      .then((blob) => {
        created = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setBlobUrl(created);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  if (failed) return <p className="text-sm text-muted-foreground">The preview could not be loaded.</p>;
  if (!blobUrl) return <p className="text-sm text-muted-foreground">Loading preview…</p>;
  return (
    <iframe
      src={blobUrl}
      title={title}
      className="h-[70vh] w-full rounded-lg border border-border bg-white"
    />
  );
}
