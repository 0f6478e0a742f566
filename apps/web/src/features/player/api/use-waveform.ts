import type { LoadedWaveform } from '@music-review/core/waveform';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { SignedUrlSource } from '../../../lib/audio/signed-url-source';
import { useSignedUrlSource } from '../../../lib/audio/signed-url-source';
import { generateWaveformFromUrl } from '../generate-waveform';
import {
  loadWaveform,
  WaveformFetchError,
  type WaveformLoaderDeps,
  type WaveformSourceInput,
} from '../waveform-loader';
import { setSongWaveform } from './set-song-waveform';
import { uploadWaveform } from './upload-waveform';

/**
 * Keyed by the audio file the waveform pictures: when the browser generates and stores a missing
 * waveform, the song's waveform key changes but the cached picture is still the right one.
 */
export const waveformQueryKey = (input: WaveformSourceInput) =>
  ['waveform', input.audioFileKey ?? input.waveformFileKey ?? input.waveformUrl ?? input.songId] as const;

/**
 * The browser side of the loader: signing, fetching, generating and uploading. Files are signed by
 * the source (the session, or a metadata form's token); only a source that may store uploads a
 * generated waveform.
 */
export function createWaveformLoaderDeps(api: ApiClient, source: SignedUrlSource): WaveformLoaderDeps {
  const read: WaveformLoaderDeps = {
    signUrl: async (key) => (await source.sign(key)).url,
    fetchJson: async (url) => {
      const response = await fetch(url, { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new WaveformFetchError(response.status);
      try {
        return await response.json();
      } catch {
        return null;
      }
    },
    generate: async (audioKey) => generateWaveformFromUrl((await source.sign(audioKey)).url),
  };
  if (!source.canStore) return read;
  return {
    ...read,
    upload: (derivedKey, waveform) => uploadWaveform(api, derivedKey, waveform),
    storeKey: (songId, key) => setSongWaveform(api, songId, key),
  };
}

/**
 * A song's waveform, cached by its key so every card and page shares one download. With `enabled`
 * false nothing is fetched yet (a card still out of sight).
 */
export function useWaveform(input: WaveformSourceInput, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const source = useSignedUrlSource();
  return useQuery<LoadedWaveform, Error>({
    queryKey: waveformQueryKey(input),
    queryFn: async () => (await loadWaveform(input, createWaveformLoaderDeps(api, source))).waveform,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    enabled,
  });
}
