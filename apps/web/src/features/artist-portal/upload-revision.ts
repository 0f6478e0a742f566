import type { WaveformData } from '@music-review/core/waveform';
import { MAX_WAVEFORM_SOURCE_BYTES, waveformFileName } from '../../lib/upload/audio-file';
import { isAbortError, putWithProgress } from '../../lib/upload/put-with-progress';
import { generateWaveformFromFile } from '../player';
import { completeRevisionUpload, type RevisionUploadedDto } from './api/complete-revision-upload';
import { requestUploadUrl } from './api/request-upload-url';

/** What is already on the store for one chosen file, so "Try again" does not send it twice. */
export interface UploadedParts {
  audioKey?: string;
}

export interface UploadRevisionInput {
  token: string;
  file: File;
  contentType: string;
  /** The waveform being generated meanwhile; null when it could not be made. */
  waveform: Promise<WaveformData | null>;
  /** Kept by the caller across attempts for the same file; filled in as parts arrive. */
  uploaded: UploadedParts;
  onProgress: (fraction: number) => void;
  onFinishing: () => void;
  signal?: AbortSignal;
}

/**
 * The waveform of a chosen file, made as Add Tracks makes it (decoded here, the heavy loop in the
 * player's Web Worker). Null when the file is too large to decode safely or the waveform cannot be
 * made: the upload then goes ahead without it.
 */
export async function generateWaveformForUpload(file: Blob): Promise<WaveformData | null> {
  if (file.size > MAX_WAVEFORM_SOURCE_BYTES) return null;
  try {
    return (await generateWaveformFromFile(file)).waveform;
  } catch {
    return null;
  }
}

async function uploadWaveform(
  token: string,
  audioFilename: string,
  waveform: WaveformData,
  signal?: AbortSignal,
): Promise<string | undefined> {
  try {
    const target = await requestUploadUrl(
      token,
      { kind: 'waveform', filename: waveformFileName(audioFilename), content_type: 'application/json' },
      signal,
    );
    const body = new Blob([JSON.stringify(waveform)], { type: 'application/json' });
    await putWithProgress(target.presigned_url, body, 'application/json', { signal });
    return target.key;
  } catch (error) {
    if (isAbortError(error)) throw error;
    // The waveform is a convenience: the song still gets its new version, and the first listener
    // generates the picture (spec section 4). A link that went bad shows at the complete step.
    return undefined;
  }
}

/**
 * The upload of a new version: the audio to its presigned URL (with progress), the waveform beside
 * it when one could be made, then 'complete', which uses the link up.
 */
export async function uploadRevision(input: UploadRevisionInput): Promise<RevisionUploadedDto> {
  const { token, file, contentType, uploaded, signal } = input;
  if (!uploaded.audioKey) {
    const target = await requestUploadUrl(
      token,
      { kind: 'audio', filename: file.name, content_type: contentType },
      signal,
    );
    await putWithProgress(target.presigned_url, file, contentType, { onProgress: input.onProgress, signal });
    uploaded.audioKey = target.key;
  }
  input.onProgress(1);
  input.onFinishing();
  const waveform = await input.waveform;
  const waveformKey = waveform ? await uploadWaveform(token, file.name, waveform, signal) : undefined;
  return completeRevisionUpload(
    token,
    waveformKey
      ? { audio_file_key: uploaded.audioKey, waveform_file_key: waveformKey }
      : { audio_file_key: uploaded.audioKey },
    signal,
  );
}
