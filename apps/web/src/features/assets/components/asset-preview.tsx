import type { AssetVersionDto } from '@music-review/core/assets';
import { PdfPreview, TextPreview } from '../../../components/file-preview';

/** The current version's preview: image, audio player, PDF or text. */
export function AssetPreview({ asset, label }: { asset: AssetVersionDto; label: string }) {
  const type = asset.content_type;
  if (type.startsWith('image/')) {
    return (
      <img
        src={asset.url}
        alt={`${label}, version ${asset.version}`}
        width={224}
        height={224}
        className="aspect-square w-full max-w-56 rounded-lg border border-border bg-muted object-cover"
      />
    );
  }
  if (type.startsWith('audio/')) {
    // biome-ignore lint/a11y/useMediaCaption: music masters have no captions
    return <audio controls preload="none" src={asset.url} aria-label={`Play ${label}`} className="w-full" />;
  }
  if (type === 'application/pdf')
    return <PdfPreview url={asset.url} title={`${label} preview`} className="h-[60vh]" />;
  if (type === 'text/plain') return <TextPreview url={asset.url} />;
  return null;
}
