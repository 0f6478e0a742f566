import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../lib/local-storage';

export const SIDEBAR_COLLAPSED_KEY = 'sidebar-collapsed';

// Same-tab listeners: the storage event only reaches the other tabs.
const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SIDEBAR_COLLAPSED_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// Only where storage refuses writes (private modes): the choice then lasts for this page only.
let unsaved: boolean | null = null;

function isCollapsedNow() {
  const stored = readStorage(SIDEBAR_COLLAPSED_KEY);
  return stored === null ? (unsaved ?? false) : stored === 'true';
}

/**
 * The sidebar's collapsed state, remembered on the device (spec section 2): kept in localStorage,
 * so it survives a reload and follows along in the other open tabs.
 */
export function useSidebarCollapsed(): [boolean, () => void] {
  const isCollapsed = useSyncExternalStore(subscribe, isCollapsedNow, () => false);
  const toggle = useCallback(() => {
    const next = !isCollapsedNow();
    writeStorage(SIDEBAR_COLLAPSED_KEY, String(next));
    unsaved = readStorage(SIDEBAR_COLLAPSED_KEY) === String(next) ? null : next;
    for (const listener of listeners) listener();
  }, []);
  return [isCollapsed, toggle];
}
