import type { WaveformData } from '@music-review/core/waveform';
import { generateWaveformFromUrl } from '../player/generate-waveform';

/**
 * Above this size the waveform is not generated before the upload: decoding keeps the whole file
 * and its decoded samples (several times its size) in memory, which can take a phone's tab down
 * mid-upload. The song then gets its waveform from the first listener (spec section 4).
 */
export const MAX_WAVEFORM_SOURCE_BYTES = 200 * 1024 * 1024;

/**
 * The waveform of a chosen file, made the same way the player makes one (decoded here, the heavy
 * loop in a Web Worker), through an object URL for the file. Null when it cannot be made: the
 * upload then goes ahead without it.
 */
export async function generateWaveformForFile(file: Blob): Promise<WaveformData | null> {
  if (file.size > MAX_WAVEFORM_SOURCE_BYTES) return null;
  let url: string | null = null;
  try {
    url = URL.createObjectURL(file);
    return await generateWaveformFromUrl(url);
  } catch {
    return null;
  } finally {
    if (url) URL.revokeObjectURL(url);
  }
}
