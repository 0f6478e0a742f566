import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeTopics } from '../../../lib/realtime-context';
import type { ImportDto } from '../finance-types';
import { financeKeys } from './keys';
import { isImportRunning } from './list-statement-imports';

/**
 * Changes arriving together refetch once, at most this long after the first: an import reading a
 * large file announces its progress many times a second, which must neither refetch each time nor
 * (as a debounce that restarts on each change would) never refetch until it stops.
 */
const REFRESH_DELAY_MS = 300;

// An import's row announces its progress, its end and its lines (statement lines have no trigger of
// their own); an alias added by another member takes lines out of Unmatched.
const IMPORT_TOPICS = ['table:royalty_imports'];
const ALIAS_TOPICS = ['table:royalty_aliases'];

/** Runs `run` once, REFRESH_DELAY_MS after the first call since the last run. */
export function useBatched(run: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latest.current();
    }, REFRESH_DELAY_MS);
  };
}

/**
 * While /finance is open: a change to an import refetches the imports and the summary; a new alias
 * refetches Unmatched and the summary. (An import that finishes changes Unmatched too: the page
 * notices it leave the running ones and refetches then, whether it heard it live or by polling.)
 */
export function useFinanceRefresh() {
  const queryClient = useQueryClient();
  const refreshImports = useBatched(() => {
    void queryClient.invalidateQueries({ queryKey: financeKeys.imports });
    void queryClient.invalidateQueries({ queryKey: financeKeys.summary });
  });
  const refreshUnmatched = useBatched(() => {
    void queryClient.invalidateQueries({ queryKey: financeKeys.unmatchedAll });
    void queryClient.invalidateQueries({ queryKey: financeKeys.summary });
  });
  useRealtimeTopics(IMPORT_TOPICS, refreshImports);
  useRealtimeTopics(ALIAS_TOPICS, refreshUnmatched);
}

/**
 * When an import on screen stops running (imported, waiting for a decision, failed, cancelled), its
 * lines may have joined Unmatched and the summary: both are read again.
 */
export function useRefreshWhenImportsFinish(rows: readonly ImportDto[]) {
  const queryClient = useQueryClient();
  const running = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const now = new Set(rows.filter(isImportRunning).map((row) => row.id));
    const hasFinished = rows.some((row) => running.current.has(row.id) && !now.has(row.id));
    running.current = now;
    if (!hasFinished) return;
    void queryClient.invalidateQueries({ queryKey: financeKeys.summary });
    void queryClient.invalidateQueries({ queryKey: financeKeys.unmatchedAll });
  }, [rows, queryClient]);
}
