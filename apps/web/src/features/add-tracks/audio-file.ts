import {
  type AudioTags,
  ID3V1_BYTES,
  readAudioTags,
  TAG_HEAD_BYTES,
  tagsFromFileName,
} from '@music-review/core/audio-tags';
import { contentTypeFor, sniffAudioType } from '@music-review/core/audio-types';

/** The server's audio limit (STORAGE_MAX_AUDIO_BYTES, 300 MiB), checked here before uploading. */
export const MAX_AUDIO_BYTES = 300 * 1024 * 1024;

export const ACCEPTED_FORMATS_TEXT = 'WAV, AIFF, FLAC, MP3, AAC/M4A, OGG or Opus';

const AUDIO_EXTENSIONS = [
  'wav',
  'wave',
  'bwf',
  'aif',
  'aiff',
  'aifc',
  'flac',
  'mp3',
  'aac',
  'm4a',
  'ogg',
  'oga',
  'opus',
];

/** What the file chooser offers; the first bytes decide in the end (inspectAudioFile). */
export const AUDIO_ACCEPT = ['audio/*', ...AUDIO_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

export const audioFileMessages = {
  notAudio: (name: string) => `${name} is not a supported audio file. Choose ${ACCEPTED_FORMATS_TEXT}.`,
  tooLarge: (name: string) => `${name} is larger than 300 MB.`,
  empty: (name: string) => `${name} is empty.`,
  unreadable: (name: string) => `${name} could not be read. Please choose it again.`,
  duplicate: (name: string) => `${name} is already in the list.`,
} as const;

export type AudioFileCheck =
  | { ok: true; contentType: string; tags: AudioTags }
  | { ok: false; message: string };

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** A name or a browser type that claims audio; the bytes are checked after this. */
function claimsAudio(file: File): boolean {
  return AUDIO_EXTENSIONS.includes(extensionOf(file.name)) || file.type.startsWith('audio/');
}

async function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * Checks a chosen file before anything is sent and reads its tags: the name or type must claim
 * audio, the size must be within the limit, and the first bytes must be one of the accepted
 * formats (the server checks the same bytes again). The content type comes from those bytes, not
 * from the browser's guess, which is empty or wrong for several audio formats. Only the first
 * TAG_HEAD_BYTES and the last 128 bytes (ID3v1) are read.
 */
export async function inspectAudioFile(file: File): Promise<AudioFileCheck> {
  if (!claimsAudio(file)) return { ok: false, message: audioFileMessages.notAudio(file.name) };
  if (file.size === 0) return { ok: false, message: audioFileMessages.empty(file.name) };
  if (file.size > MAX_AUDIO_BYTES) return { ok: false, message: audioFileMessages.tooLarge(file.name) };
  let head: Uint8Array;
  let tail: Uint8Array | undefined;
  try {
    head = await readBytes(file.slice(0, TAG_HEAD_BYTES));
    if (file.size > TAG_HEAD_BYTES) tail = await readBytes(file.slice(file.size - ID3V1_BYTES));
  } catch {
    return { ok: false, message: audioFileMessages.unreadable(file.name) };
  }
  const type = sniffAudioType(head);
  if (!type) return { ok: false, message: audioFileMessages.notAudio(file.name) };
  return { ok: true, contentType: contentTypeFor(type), tags: readAudioTags(head, tail) };
}

/** Title and artist to start from: the file's tags, field by field, else its name. */
export function prefillDetails(fileName: string, tags: AudioTags): { title: string; artist: string } {
  const fromName = tagsFromFileName(fileName);
  return { title: tags.title ?? fromName.title ?? '', artist: tags.artist ?? fromName.artist ?? '' };
}

/** The waveform's file name beside the audio's: 'demo.mp3' -> 'demo.json'. */
export function waveformFileName(audioFileName: string): string {
  const dot = audioFileName.lastIndexOf('.');
  return `${dot > 0 ? audioFileName.slice(0, dot) : audioFileName}.json`;
}

const sizeFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(Math.max(bytes, 1) / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

/** Audio the browser can tell the length of from its header: resolves to seconds, or null. */
export function probeDuration(file: File, signal: AbortSignal): Promise<number | null> {
  // jsdom and old browsers have no object URLs; the duration then comes from decoding.
  if (typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = document.createElement('audio');
    let isDone = false;
    const finish = (seconds: number | null) => {
      if (isDone) return;
      isDone = true;
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
      signal.removeEventListener('abort', onAbort);
      resolve(seconds);
    };
    const onAbort = () => finish(null);
    audio.preload = 'metadata';
    audio.onloadedmetadata = () =>
      finish(Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : null);
    audio.onerror = () => finish(null);
    signal.addEventListener('abort', onAbort, { once: true });
    audio.src = url;
  });
}
