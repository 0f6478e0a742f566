import { useCallback, useSyncExternalStore } from 'react';

/** Spec section 9: below 768 px the app uses its mobile layout. */
export const DESKTOP_QUERY = '(min-width: 768px)';

/**
 * One MediaQueryList per query for the whole page: a list of fifty song cards reads the same query
 * on every render of each card, and making a new list each time is not free.
 */
const lists = new Map<string, MediaQueryList>();
/** The matchMedia the lists came from (tests put their own in place; their lists are new ones). */
let listsFrom: typeof window.matchMedia | undefined;
function mediaQueryList(query: string): MediaQueryList | null {
  if (typeof window.matchMedia !== 'function') return null;
  if (listsFrom !== window.matchMedia) {
    lists.clear();
    listsFrom = window.matchMedia;
  }
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether the media query matches; `fallback` where matchMedia does not exist. */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      if (!list) return () => {};
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => mediaQueryList(query)?.matches ?? fallback;
  return useSyncExternalStore(subscribe, getSnapshot, () => fallback);
}

export const useIsDesktop = () => useMediaQuery(DESKTOP_QUERY);
