import { type AudioTags, ID3V1_BYTES, readAudioTags, TAG_HEAD_BYTES } from '@music-review/core/audio-tags';
import { contentTypeFor, sniffAudioType } from '@music-review/core/audio-types';

/** The server's audio limit (STORAGE_MAX_AUDIO_BYTES, 300 MiB), checked here before uploading. */
export const MAX_AUDIO_BYTES = 300 * 1024 * 1024;

/**
 * Above this size no waveform is made before the upload: decoding holds the file and its decoded
 * samples (several times its size) in memory at once, which can take a phone's tab down
 * mid-upload. The player makes it on first play instead (spec section 4).
 */
export const MAX_WAVEFORM_SOURCE_BYTES = 200 * 1024 * 1024;

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
  // An MP4 with video is taken for its audio track (packages/core/src/audio-types.ts).
  'mp4',
  'ogg',
  'oga',
  'opus',
];

/** What the file chooser offers; the first bytes decide in the end (inspectAudioFile). */
export const AUDIO_ACCEPT = ['audio/*', ...AUDIO_EXTENSIONS.map((ext) => `.${ext}`)].join(',');

/** The refusals a page shows, given the file's name (a page that takes one file may leave it out). */
export interface AudioFileMessages {
  notAudio(name: string): string;
  tooLarge(name: string): string;
  empty(name: string): string;
  unreadable(name: string): string;
}

/** For a list of files (Add Tracks): each refusal names its file. */
export const namedAudioFileMessages: AudioFileMessages = {
  notAudio: (name) => `${name} is not a supported audio file. Choose ${ACCEPTED_FORMATS_TEXT}.`,
  tooLarge: (name) => `${name} is larger than 300 MB.`,
  empty: (name) => `${name} is empty.`,
  unreadable: (name) => `${name} could not be read. Please choose it again.`,
};

/** For a form that takes one file (the artist's revision upload), the message shown beside it. */
export const singleAudioFileMessages: AudioFileMessages = {
  notAudio: () =>
    'This file is not an audio file we can take. Please choose a WAV, AIFF, FLAC, MP3, AAC, M4A or OGG file.',
  tooLarge: () => 'This file is larger than 300 MB. Please choose a smaller file.',
  empty: () => 'This file is empty. Please choose another one.',
  unreadable: () => 'This file could not be read. Please choose it again.',
};

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
 * audio, the file must not be empty, the size must be within the limit, and the first bytes must
 * be one of the accepted formats (the server checks the same bytes again). The content type comes
 * from those bytes, not from the browser's guess, which is empty or wrong for several audio
 * formats. Only the first TAG_HEAD_BYTES and the last 128 bytes (ID3v1) are read. A refusal's
 * message comes from `messages`.
 */
export async function inspectAudioFile(file: File, messages: AudioFileMessages): Promise<AudioFileCheck> {
  const refuse = (message: (name: string) => string): AudioFileCheck => ({
    ok: false,
    message: message(file.name),
  });
  if (!claimsAudio(file)) return refuse(messages.notAudio);
  if (file.size === 0) return refuse(messages.empty);
  if (file.size > MAX_AUDIO_BYTES) return refuse(messages.tooLarge);
  let head: Uint8Array;
  let tail: Uint8Array | undefined;
  try {
    head = await readBytes(file.slice(0, TAG_HEAD_BYTES));
    if (file.size > TAG_HEAD_BYTES) tail = await readBytes(file.slice(file.size - ID3V1_BYTES));
  } catch {
    return refuse(messages.unreadable);
  }
  const type = sniffAudioType(head);
  if (!type) return refuse(messages.notAudio);
  return { ok: true, contentType: contentTypeFor(type), tags: readAudioTags(head, tail) };
}

/** The waveform's file name beside the audio's: 'demo.final.mp3' -> 'demo.final.json'. */
export function waveformFileName(audioFileName: string): string {
  const dot = audioFileName.lastIndexOf('.');
  const stem = dot > 0 ? audioFileName.slice(0, dot) : audioFileName;
  return `${stem || 'waveform'}.json`;
}

const sizeFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** A file's size for people: KB below 1 MB, else MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(Math.max(bytes, 1) / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}
