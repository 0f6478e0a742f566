import type { FullMetadataDraft } from '@music-review/core/metadata-forms';
import { useCallback, useEffect, useRef, useState } from 'react';
import { publicErrorMessage } from '../../../components/public-portal';
import { useApiClient } from '../../../lib/api-context';
import { saveMetadataDraft } from '../api/save-metadata-form-draft';

/** How long after the last keystroke a draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveState =
  | { step: 'idle' }
  | { step: 'pending' }
  | { step: 'saving' }
  | { step: 'saved'; at: Date }
  | { step: 'failed'; message: string; status: number | null };

/**
 * Saves the draft AUTOSAVE_DELAY_MS after the last change, one save at a time (a change made during a
 * save is saved right after it), so the newest text always reaches the server last. A failed save
 * keeps the text on the page and is retried on the next change or with `retry`.
 */
export function useAutosave(token: string, value: FullMetadataDraft, changeCount: number) {
  const api = useApiClient();
  const [state, setState] = useState<SaveState>({ step: 'idle' });
  const latest = useRef(value);
  latest.current = value;
  const savedCount = useRef(0);
  const wantedCount = useRef(0);
  wantedCount.current = changeCount;
  const inFlight = useRef(false);

  const flush = useCallback(async () => {
    if (inFlight.current || savedCount.current >= wantedCount.current) return;
    inFlight.current = true;
    const count = wantedCount.current;
    setState({ step: 'saving' });
    try {
      await saveMetadataDraft(api, token, latest.current);
      savedCount.current = count;
      inFlight.current = false;
      if (wantedCount.current > count) void flush();
      else setState({ step: 'saved', at: new Date() });
    } catch (error) {
      inFlight.current = false;
      const status = (error as { status?: number }).status ?? null;
      setState({ step: 'failed', message: publicErrorMessage(error, "Couldn't save"), status });
    }
  }, [api, token]);

  useEffect(() => {
    if (changeCount === 0) return;
    setState((current) => (current.step === 'saving' ? current : { step: 'pending' }));
    const timer = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changeCount, flush]);

  return { state, retry: flush, hasUnsaved: () => savedCount.current < wantedCount.current };
}
