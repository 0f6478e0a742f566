import type { AssetVersionDto } from '@music-review/core/assets';
import { useEffect, useState } from 'react';

/** The bio's text (fetched: stored text is served as a download, never rendered as a page). */
function TextPreview({ url }: { url: string }) {
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch(url, { signal: controller.signal })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then(setText)
      .catch((error) => {
        if (!controller.signal.aborted) setFailed(!!error);
      });
    return () => controller.abort();
  }, [url]);
  if (failed) return <p className="text-sm text-muted-foreground">The preview could not be loaded.</p>;
  if (text === null) return <p className="text-sm text-muted-foreground">Loading preview…</p>;
  return (
    <p className="max-h-48 overflow-auto whitespace-pre-wrap rounded-lg border border-border bg-muted/40 p-3 text-sm">
      {text}
    </p>
  );
}

/** A PDF shown from a blob URL (stored PDFs are served as attachments, which a frame would download). */
export function PdfPreview({ url, title }: { url: string; title: string }) {
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
      className="h-[60vh] w-full rounded-lg border border-border bg-white"
    />
  );
}

/** The current version's preview: image, audio player, PDF or text. */
export function AssetPreview({ asset, label }: { asset: AssetVersionDto; label: string }) {
  const type = asset.content_type;
  if (type.startsWith('image/')) {
    return (
      <img
        src={asset.url}
        alt={`${label}, version ${asset.version}`}
        className="aspect-square w-full max-w-56 rounded-lg border border-border bg-muted object-cover"
      />
    );
  }
  if (type.startsWith('audio/')) {
    // biome-ignore lint/a11y/useMediaCaption: music masters have no captions
    return <audio controls preload="none" src={asset.url} aria-label={`Play ${label}`} className="w-full" />;
  }
  if (type === 'application/pdf') return <PdfPreview url={asset.url} title={`${label} preview`} />;
  if (type === 'text/plain') return <TextPreview url={asset.url} />;
  return null;
}
