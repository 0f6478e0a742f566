import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../lib/local-storage';

export const SIDEBAR_COLLAPSED_KEY = 'sidebar-collapsed';

/** The sidebar's collapsed state, remembered on the device (spec section 2). */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [isCollapsed, setIsCollapsed] = useState(() => readStorage(SIDEBAR_COLLAPSED_KEY) === 'true');
  const toggle = useCallback(() => {
    const next = !isCollapsed;
    writeStorage(SIDEBAR_COLLAPSED_KEY, String(next));
    setIsCollapsed(next);
  }, [isCollapsed]);
  return [isCollapsed, toggle];
}
