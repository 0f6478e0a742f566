import { contentTypeFor, sniffAudioType } from '@music-review/core/audio-types';

/** The server's audio limit (STORAGE_MAX_AUDIO_BYTES, 300 MiB); checked here to fail before uploading. */
export const MAX_AUDIO_BYTES = 300 * 1024 * 1024;

/** What the file chooser offers; the bytes decide in the end (checkAudioFile). */
export const AUDIO_ACCEPT = 'audio/*,.wav,.wave,.aif,.aiff,.aifc,.flac,.mp3,.aac,.m4a,.mp4,.ogg,.oga,.opus';

export const audioFileMessages = {
  tooLarge: 'This file is larger than 300 MB. Please choose a smaller file.',
  empty: 'This file is empty. Please choose another one.',
  notAudio:
    'This file is not an audio file we can take. Please choose a WAV, AIFF, FLAC, MP3, AAC, M4A or OGG file.',
  unreadable: 'This file could not be read. Please choose it again.',
} as const;

/** Enough for every magic number; an ID3 tag longer than this is taken as MP3 (audio-types.ts). */
const SNIFF_BYTES = 64 * 1024;

export type AudioFileCheck = { ok: true; contentType: string } | { ok: false; message: string };

/**
 * Checks a chosen file before anything is sent: its size, and its type by its first bytes (the
 * server checks the same bytes again). The content type comes from those bytes, not from the
 * browser's guess, which is empty or wrong for several audio formats.
 */
export async function checkAudioFile(file: Blob): Promise<AudioFileCheck> {
  if (file.size === 0) return { ok: false, message: audioFileMessages.empty };
  if (file.size > MAX_AUDIO_BYTES) return { ok: false, message: audioFileMessages.tooLarge };
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    return { ok: false, message: audioFileMessages.unreadable };
  }
  const type = sniffAudioType(head);
  if (!type) return { ok: false, message: audioFileMessages.notAudio };
  return { ok: true, contentType: contentTypeFor(type) };
}
