import { useCallback, useEffect, useRef, useState } from 'react';

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/**
 * Saves `value` AUTOSAVE_DELAY_MS after the last change (drafts save as people type). The value
 * stays in the caller's state whatever happens, so a failed save never loses typed text; the next
 * change, or `flush`, tries again.
 */
export const AUTOSAVE_DELAY_MS = 800;

export function useAutosave<T>(value: T, save: (value: T) => Promise<unknown>, enabled: boolean) {
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(value);
  const saved = useRef(value);
  const saveRef = useRef(save);
  saveRef.current = save;
  latest.current = value;

  const flush = useCallback(async () => {
    if (latest.current === saved.current) return true;
    const sending = latest.current;
    setStatus('saving');
    try {
      await saveRef.current(sending);
      saved.current = sending;
      setError(null);
      setStatus(latest.current === sending ? 'saved' : 'pending');
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not save');
      setStatus('error');
      return false;
    }
  }, []);

  useEffect(() => {
    if (!enabled || value === saved.current) return;
    setStatus('pending');
    const timer = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, enabled, flush]);

  /** Treat `next` as what the server holds (after loading, or a save elsewhere). */
  const reset = useCallback((next: T) => {
    saved.current = next;
    latest.current = next;
    setStatus('idle');
  }, []);

  return { status, error, flush, reset, isDirty: value !== saved.current };
}

export function autosaveText(status: AutosaveStatus): string {
  switch (status) {
    case 'pending':
      return 'Unsaved changes';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Draft saved';
    case 'error':
      return 'Not saved';
    default:
      return '';
  }
}
