import {
  canUploadDerivedWaveform,
  type LoadedWaveform,
  validateWaveformData,
  type WaveformData,
  waveformErrorMessages,
  waveformKeyForAudio,
} from '@music-review/core/waveform';

/** What the loader knows about a song's files. */
export interface WaveformSourceInput {
  songId: string;
  audioFileKey: string | null;
  waveformFileKey: string | null;
  waveformUrl?: string | null;
}

export type WaveformSource =
  | { kind: 'storedKey'; key: string }
  | { kind: 'storedUrl'; url: string }
  | { kind: 'derivedKey'; key: string };

/**
 * Spec section 4, waveform loading order: the stored key, then the stored URL, then the key
 * derived from the audio key (extension replaced by .json). Sources that do not exist are skipped.
 */
export function planWaveformSources(input: WaveformSourceInput): WaveformSource[] {
  const sources: WaveformSource[] = [];
  if (input.waveformFileKey) sources.push({ kind: 'storedKey', key: input.waveformFileKey });
  if (input.waveformUrl) sources.push({ kind: 'storedUrl', url: input.waveformUrl });
  const derived = input.audioFileKey ? waveformKeyForAudio(input.audioFileKey) : null;
  if (derived && derived !== input.waveformFileKey) sources.push({ kind: 'derivedKey', key: derived });
  return sources;
}

/** A failed waveform fetch, with the HTTP status (404 on the derived key means "generate it"). */
export class WaveformFetchError extends Error {
  constructor(readonly status: number) {
    super(waveformErrorMessages.loadFailed(status));
  }
}

/**
 * A missing file answers 404 either from the storage GET or, before that, from get-signed-url,
 * which checks that the file exists (ApiError carries the status too).
 */
function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

/** The side effects of loading, injected so the order and the rules can be tested alone. */
export interface WaveformLoaderDeps {
  /** A signed URL for a stored key (get-signed-url). */
  signUrl(key: string): Promise<string>;
  /** GETs JSON from a URL; throws WaveformFetchError with the status when the answer is not ok. */
  fetchJson(url: string): Promise<unknown>;
  /** Decodes the audio file and builds its waveform (in a worker). */
  generate(audioKey: string): Promise<WaveformData>;
  /**
   * Uploads the JSON under the derived key's place; resolves to the key the storage gave it.
   * Absent for a reader who may not store files (an external party): the waveform is only shown.
   */
  upload?(derivedKey: string, waveform: WaveformData): Promise<string>;
  /** Stores the uploaded key on the song (PUT /api/v1/songs/{id}/waveform); absent with upload. */
  storeKey?(songId: string, key: string): Promise<void>;
}

export interface LoadedWaveformResult {
  waveform: LoadedWaveform;
  source: WaveformSource['kind'] | 'generated';
}

async function loadFrom(source: WaveformSource, deps: WaveformLoaderDeps): Promise<LoadedWaveform> {
  const url = source.kind === 'storedUrl' ? source.url : await deps.signUrl(source.key);
  return validateWaveformData(await deps.fetchJson(url));
}

/**
 * Tries the sources in order; a source that fails gives way to the next. When the derived file
 * is missing (404) the waveform is generated from the audio, uploaded only when the derived key
 * has its 4 path parts (spec section 5), and its key stored on the song. Generation failures
 * reject with 'Waveform generation failed: {reason}'; upload failures are not fatal, the
 * generated waveform is still shown.
 */
export async function loadWaveform(
  input: WaveformSourceInput,
  deps: WaveformLoaderDeps,
): Promise<LoadedWaveformResult> {
  const sources = planWaveformSources(input);
  if (sources.length === 0) {
    throw new Error(
      input.audioFileKey ? waveformErrorMessages.noWaveformKey : waveformErrorMessages.noAudioFilename,
    );
  }
  let lastError: unknown = null;
  for (const source of sources) {
    try {
      return { waveform: await loadFrom(source, deps), source: source.kind };
    } catch (error) {
      lastError = error;
      const isMissingDerived = source.kind === 'derivedKey' && isNotFound(error);
      if (isMissingDerived && input.audioFileKey) {
        return generateAndStore(input, source.key, input.audioFileKey, deps);
      }
    }
  }
  throw lastError instanceof Error ? lastError : new Error(waveformErrorMessages.invalidFormat);
}

async function generateAndStore(
  input: WaveformSourceInput,
  derivedKey: string,
  audioKey: string,
  deps: WaveformLoaderDeps,
): Promise<LoadedWaveformResult> {
  let waveform: WaveformData;
  try {
    waveform = await deps.generate(audioKey);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(waveformErrorMessages.generationFailed(reason));
  }
  if (deps.upload && deps.storeKey && canUploadDerivedWaveform(derivedKey)) {
    try {
      const key = await deps.upload(derivedKey, waveform);
      await deps.storeKey(input.songId, key);
    } catch {
      // Not stored this time: the next listener generates it again. The waveform still shows.
    }
  }
  return { waveform: validateWaveformData(waveform), source: 'generated' };
}
