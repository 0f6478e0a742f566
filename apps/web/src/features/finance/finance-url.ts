import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The tabs of this step of issue 16 (Contracts, Statements and Payments come with the next ones). */
export const FINANCE_TABS = ['imports', 'unmatched'] as const;
export type FinanceTab = (typeof FINANCE_TABS)[number];

/** The Unmatched search as the server takes it (trimmed, at most 200 characters). */
export const unmatchedQueryFrom = (searchParams: URLSearchParams) =>
  (searchParams.get('q') ?? '').trim().slice(0, 200);

/**
 * /finance's state in the URL: the tab (?tab=unmatched; imports by default) and the Unmatched
 * search (?q=), so a reload or a shared link shows the same list. A tab change is a history entry,
 * so Back returns to the last tab; typing in the search box replaces the entry instead of adding
 * one per pause.
 */
export function useFinanceUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: FinanceTab = searchParams.get('tab') === 'unmatched' ? 'unmatched' : 'imports';
  const q = unmatchedQueryFrom(searchParams);

  const setParam = useCallback(
    (name: 'tab' | 'q', value: string) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: name === 'q' },
      ),
    [setSearchParams],
  );
  const setTab = useCallback(
    (next: FinanceTab) => setParam('tab', next === 'imports' ? '' : next),
    [setParam],
  );
  const setQuery = useCallback((next: string) => setParam('q', next), [setParam]);

  return { tab, setTab, q, setQuery };
}
