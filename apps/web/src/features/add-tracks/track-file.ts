import { type AudioTags, tagsFromFileName } from '@music-review/core/audio-tags';

/** A refusal beside those of inspectAudioFile (lib/upload/audio-file.ts): the file is listed already. */
export const duplicateFileMessage = (name: string) => `${name} is already in the list.`;

/** Title and artist to start from: the file's tags, field by field, else its name. */
export function prefillDetails(fileName: string, tags: AudioTags): { title: string; artist: string } {
  const fromName = tagsFromFileName(fileName);
  return { title: tags.title ?? fromName.title ?? '', artist: tags.artist ?? fromName.artist ?? '' };
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
