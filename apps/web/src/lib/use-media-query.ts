import { useCallback, useSyncExternalStore } from 'react';

/** Spec section 9: below 768 px the app uses its mobile layout. */
export const DESKTOP_QUERY = '(min-width: 768px)';

/** Whether the media query matches; `fallback` where matchMedia does not exist. */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback;
  return useSyncExternalStore(subscribe, getSnapshot, () => fallback);
}

export const useIsDesktop = () => useMediaQuery(DESKTOP_QUERY);
