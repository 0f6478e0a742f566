import { type ProjectFileDto, previewKind } from '@music-review/core/project-folder';
import { PdfPreview } from '../../../components/file-preview';

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
  if (kind === 'pdf') return <PdfPreview url={file.url} title={file.name} className="h-[70vh]" />;
  return (
    <p className="text-sm text-muted-foreground">No preview for this kind of file. Download it instead.</p>
  );
}
