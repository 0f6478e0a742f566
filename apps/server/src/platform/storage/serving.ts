import { parseKey } from './keys.ts';
import { familyOf } from './upload-rules.ts';

/** The Content-Type to serve: the stored one if it is an accepted media type, else a download. */
export function safeContentType(stored: string): string {
  return familyOf(stored) ? stored : 'application/octet-stream';
}

/**
 * Audio and images play or show in the page (`inline`); anything else downloads (`attachment`),
 * so no stored file is ever rendered as a document. Filenames are key parts: safe characters only.
 */
export function contentDisposition(contentType: string, filename: string): string {
  const family = familyOf(contentType);
  const mode = family === 'audio' || family === 'image' ? 'inline' : 'attachment';
  return `${mode}; filename="${filename}"`;
}

/**
 * The same rule from the key alone, for presigned S3 URLs (signing does no I/O): audio and images
 * inline, waveform JSON (a '.json' file, also under 'revisions') as an attachment.
 */
export function dispositionForKey(key: string): string {
  const parsed = parseKey(key);
  const filename = parsed?.filename ?? 'file';
  const isMedia =
    (parsed?.type === 'audio' || parsed?.type === 'images' || parsed?.type === 'revisions') &&
    !filename.toLowerCase().endsWith('.json');
  return `${isMedia ? 'inline' : 'attachment'}; filename="${filename}"`;
}
