import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The tabs of issue 16. */
export const FINANCE_TABS = ['imports', 'unmatched', 'contracts', 'statements', 'payments'] as const;
export type FinanceTab = (typeof FINANCE_TABS)[number];

const isFinanceTab = (value: string | null): value is FinanceTab =>
  (FINANCE_TABS as readonly (string | null)[]).includes(value);

/** The Unmatched search as the server takes it (trimmed, at most 200 characters). */
export const unmatchedQueryFrom = (searchParams: URLSearchParams) =>
  (searchParams.get('q') ?? '').trim().slice(0, 200);

type Param = 'tab' | 'q' | 'deal' | 'period';
/** A contract or period open on its tab: closed when another tab opens (the search is kept, as before). */
const TAB_PARAMS: readonly Param[] = ['deal', 'period'];

/**
 * /finance's state in the URL: the tab (?tab=unmatched; imports by default), the Unmatched search
 * (?q=), the contract whose terms are open (?deal=) and the period on screen (?period=), so a reload
 * or a shared link shows the same thing. A tab, contract or period change is a history entry, so
 * Back returns to the last one; typing in the search box replaces the entry instead of adding one
 * per pause.
 */
export function useFinanceUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: FinanceTab = isFinanceTab(requested) ? requested : 'imports';
  const q = unmatchedQueryFrom(searchParams);
  const deal = searchParams.get('deal') ?? '';
  const period = searchParams.get('period') ?? '';

  const setParam = useCallback(
    (name: Param, value: string) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (name === 'tab') for (const param of TAB_PARAMS) next.delete(param);
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
  const setDeal = useCallback((next: string) => setParam('deal', next), [setParam]);
  const setPeriod = useCallback((next: string) => setParam('period', next), [setParam]);

  return { tab, setTab, q, setQuery, deal, setDeal, period, setPeriod };
}
