import { looksLikeHtml, sniffAudioType, sniffImageType } from '@music-review/core/audio-types';
import { AppError } from '../errors.ts';
import type { StorageType } from './keys.ts';

/**
 * What a stored file may be. Waveforms are our waveform JSON (data 0-255; not BBC audiowaveform's
 * signed format, see packages/core waveform.ts); documents are PDFs; 'file' is
 * any other kind a project folder keeps (archives, text, office documents), checked only for not
 * being a web page.
 */
export type ContentFamily = 'audio' | 'image' | 'waveform' | 'document' | 'file';

// Declared types browsers and tools send for the formats we accept (the bytes are checked too).
const CONTENT_TYPES: Record<ContentFamily, readonly string[]> = {
  audio: [
    'audio/wav',
    'audio/x-wav',
    'audio/wave',
    'audio/vnd.wave',
    'audio/aiff',
    'audio/x-aiff',
    'audio/flac',
    'audio/x-flac',
    'audio/mpeg',
    'audio/mp3',
    'audio/aac',
    'audio/x-aac',
    'audio/mp4',
    'audio/m4a',
    'audio/x-m4a',
    'audio/ogg',
    'audio/opus',
  ],
  image: ['image/png', 'image/jpeg', 'image/webp'],
  waveform: ['application/json'],
  document: ['application/pdf'],
  file: [
    'application/zip',
    'application/x-zip-compressed',
    'application/x-7z-compressed',
    'application/x-tar',
    'application/gzip',
    'text/plain',
    'text/csv',
    'text/markdown',
    'application/rtf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'application/octet-stream',
  ],
};

/**
 * Which families each key type holds. 'revisions' holds a new version's audio and the waveform
 * derived beside it (clients derive the waveform key from the audio key).
 */
export const TYPE_FAMILIES: Record<StorageType, readonly ContentFamily[]> = {
  audio: ['audio'],
  revisions: ['audio', 'waveform'],
  waveforms: ['waveform'],
  images: ['image'],
  // Written by the server itself (contract PDFs): never uploaded by a client.
  documents: [],
  assets: ['audio', 'image', 'document', 'file'],
  files: ['audio', 'image', 'document', 'file'],
};

export interface UploadLimits {
  audio: number;
  image: number;
  waveform: number;
  document: number;
  file: number;
}

/** 'Audio/MPEG; charset=x' -> 'audio/mpeg'. */
export function normalizeContentType(value: string | undefined): string {
  return (value ?? '').split(';')[0]!.trim().toLowerCase();
}

export function familyOf(contentType: string): ContentFamily | null {
  const ct = normalizeContentType(contentType);
  for (const family of Object.keys(CONTENT_TYPES) as ContentFamily[]) {
    if (CONTENT_TYPES[family].includes(ct)) return family;
  }
  return null;
}

/** The family a declared content type gives a file of this key type, or 415. */
export function allowedFamily(type: StorageType, contentType: string): ContentFamily {
  const family = familyOf(contentType);
  if (!family || !TYPE_FAMILIES[type].includes(family)) {
    const accepted = TYPE_FAMILIES[type].flatMap((f) => CONTENT_TYPES[f]).join(', ');
    throw new AppError('unsupported_media_type', `A ${type} file must be one of: ${accepted}.`);
  }
  return family;
}

/** Reads bytes of a file being checked: a staged upload on disk, or a stored S3 object. */
export interface ObjectReader {
  size: number;
  /** Bytes start..end inclusive. */
  read(start: number, end: number): Promise<Buffer>;
}

const HEAD_BYTES = 4096;
const tooLarge = (limit: number) =>
  new AppError('payload_too_large', `The file is larger than the limit of ${formatBytes(limit)}.`);
const wrongContent = (message: string) => new AppError('unsupported_media_type', message);

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MB` : `${Math.ceil(n / 1024)} KB`;
}

export const maxBytesFor = (family: ContentFamily, limits: UploadLimits) => limits[family];

/**
 * The one content check every upload passes before anyone can be handed a URL to it: the local
 * driver runs it on the staged file before it becomes visible, the S3 path runs it after the
 * upload (finalize-upload.ts). Size first, then the bytes: the extension and the declared type are
 * never trusted, and HTML is refused whatever it claims to be. Throws 413 or 415.
 */
export async function checkUploadContent(
  type: StorageType,
  contentType: string,
  reader: ObjectReader,
  limits: UploadLimits,
): Promise<{ family: ContentFamily }> {
  const family = allowedFamily(type, contentType);
  const limit = maxBytesFor(family, limits);
  if (reader.size > limit) throw tooLarge(limit);
  if (reader.size === 0) throw wrongContent('The file is empty.');

  if (family === 'waveform') {
    const text = (await reader.read(0, reader.size - 1)).toString('utf8');
    if (!isWaveformJson(text)) throw wrongContent('Invalid waveform data format');
    return { family };
  }

  const head = await reader.read(0, Math.min(reader.size, HEAD_BYTES) - 1);
  if (looksLikeHtml(head)) throw wrongContent('HTML is not accepted as a media file.');
  if (family === 'document') {
    if (Buffer.from(head.subarray(0, 5)).toString('latin1') !== '%PDF-') {
      throw wrongContent('The file is not a PDF document.');
    }
    return { family };
  }
  if (family === 'file') return { family };
  const sniffed = family === 'audio' ? sniffAudioType(head) : sniffImageType(head);
  if (!sniffed) {
    throw wrongContent(
      family === 'audio'
        ? 'The file is not a supported audio file (WAV, AIFF, FLAC, MP3, AAC/M4A, OGG or Opus).'
        : 'The file is not a supported image (PNG, JPEG or WebP).',
    );
  }
  return { family };
}

/** Spec section 5: waveform data is valid only if `data` is a non-empty array. */
function isWaveformJson(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
    const data = (value as { data?: unknown }).data;
    return Array.isArray(data) && data.length > 0;
  } catch {
    return false;
  }
}
