import type { SongDto } from '@music-review/core/api';
import type { ApiClient } from '../../lib/api-client';
import { MAX_WAVEFORM_SOURCE_BYTES, waveformFileName } from '../../lib/upload/audio-file';
import { putWithProgress, uploadCancelled } from '../../lib/upload/put-with-progress';
import { type GeneratedWaveform, generateWaveformFromFile } from '../player';
import { type CreateSongBody, createSong, type TrackDetails } from './api/create-song';
import { requestUploadUrl, type UploadTarget, type UploadUrlRequest } from './api/request-upload-url';

/** At most this many tracks upload (and decode) at once. */
export const UPLOAD_CONCURRENCY = 2;

/** The side effects of adding a track, injected so the order and the rules can be tested alone. */
export interface TrackUploadDeps {
  requestUploadUrl(input: UploadUrlRequest, signal: AbortSignal): Promise<UploadTarget>;
  /** PUTs a body to a presigned URL; onProgress gets the fraction sent (0-1). */
  putFile(
    url: string,
    body: Blob,
    contentType: string,
    onProgress: (fraction: number) => void,
    signal: AbortSignal,
  ): Promise<void>;
  /** Decodes the file and builds its waveform in a Web Worker. */
  generateWaveform(file: File): Promise<GeneratedWaveform>;
  createSong(body: CreateSongBody, signal: AbortSignal): Promise<SongDto>;
}

export interface TrackUploadInput {
  /** The song's id, also the id part of its storage keys. */
  songId: string;
  file: File;
  /** From the file's first bytes. */
  contentType: string;
  orgName?: string;
  details: TrackDetails;
  /**
   * What an earlier attempt finished: the audio's key, and the waveform's key (null when it could
   * not be made). A retry does not upload these again.
   */
  done?: { audioKey?: string; waveformKey?: string | null };
}

export type TrackUploadEvent =
  | { kind: 'progress'; fraction: number }
  | { kind: 'audioUploaded'; key: string }
  | { kind: 'waveform'; key: string | null; durationSeconds: number | null }
  | { kind: 'saving' };

/**
 * Adds one track: the audio uploads while its waveform is generated and uploaded beside it, then
 * the song is created with both keys. A waveform that cannot be made (an undecodable file, a
 * failed upload) is left out: the song is added without it and the player makes it on first play.
 * Rejects with the failing step's error; with an AbortError when `signal` aborts.
 */
export async function uploadTrack(
  input: TrackUploadInput,
  deps: TrackUploadDeps,
  onEvent: (event: TrackUploadEvent) => void,
  signal: AbortSignal,
): Promise<{ song: SongDto; hasWaveform: boolean }> {
  const { songId, file, orgName } = input;
  const emit = (event: TrackUploadEvent) => {
    if (!signal.aborted) onEvent(event);
  };

  const uploadAudio = async () => {
    if (input.done?.audioKey) return input.done.audioKey;
    const target = await deps.requestUploadUrl(
      { orgName, type: 'audio', id: songId, filename: file.name, contentType: input.contentType },
      signal,
    );
    await deps.putFile(
      target.presignedUrl,
      file,
      input.contentType,
      (fraction) => emit({ kind: 'progress', fraction }),
      signal,
    );
    emit({ kind: 'audioUploaded', key: target.key });
    return target.key;
  };

  // Never rejects: a missing waveform does not stop the track.
  const uploadWaveform = async (): Promise<string | null> => {
    if (input.done?.waveformKey !== undefined) return input.done.waveformKey;
    let durationSeconds: number | null = null;
    let key: string | null = null;
    try {
      if (file.size <= MAX_WAVEFORM_SOURCE_BYTES) {
        const generated = await deps.generateWaveform(file);
        durationSeconds = generated.durationSeconds;
        if (signal.aborted) return null;
        const target = await deps.requestUploadUrl(
          {
            orgName,
            type: 'waveforms',
            id: songId,
            filename: waveformFileName(file.name),
            contentType: 'application/json',
          },
          signal,
        );
        const json = new Blob([JSON.stringify(generated.waveform)], { type: 'application/json' });
        await deps.putFile(target.presignedUrl, json, 'application/json', () => {}, signal);
        key = target.key;
      }
    } catch {
      key = null;
    }
    emit({ kind: 'waveform', key, durationSeconds });
    return key;
  };

  const waveformKey = uploadWaveform();
  const audioKey = await uploadAudio();
  const waveform = await waveformKey;
  if (signal.aborted) throw uploadCancelled();
  emit({ kind: 'saving' });
  const song = await deps.createSong(
    {
      id: songId,
      ...input.details,
      audio_file_key: audioKey,
      ...(waveform ? { waveform_file_key: waveform } : {}),
    },
    signal,
  );
  return { song, hasWaveform: waveform !== null };
}

/**
 * Runs `worker` over `items`, at most `limit` at a time, in order. Once `shouldStop` answers true
 * no further item starts (those running finish). `worker` handles its own errors.
 */
export async function runWithConcurrency<T>(
  items: readonly T[],
  limit: number,
  worker: (item: T) => Promise<void>,
  shouldStop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !shouldStop()) {
      const item = items[next++]!;
      await worker(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The browser side: the API client, XMLHttpRequest uploads, and the player's waveform worker. */
export function createTrackUploadDeps(api: ApiClient): TrackUploadDeps {
  return {
    requestUploadUrl: (input, signal) => requestUploadUrl(api, input, signal),
    putFile: (url, body, contentType, onProgress, signal) =>
      putWithProgress(url, body, contentType, { onProgress, signal }),
    generateWaveform: generateWaveformFromFile,
    createSong: (body, signal) => createSong(api, body, signal),
  };
}
