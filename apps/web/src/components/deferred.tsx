import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders `children` just after the first paint of what surrounds them, in a transition: React then
 * builds them in small slices between frames instead of one long task, and the page's own content
 * (its heading, its first cards) is on screen first. For parts that are not the reason the page
 * was opened: the header's buttons, the bottom bar, a long list's cards. `fallback` holds their
 * place meanwhile (give it the same size when something below would otherwise move).
 */
export function Deferred({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [isReady, setIsReady] = useState(false);
  useEffect(() => {
    startTransition(() => setIsReady(true));
  }, []);
  return isReady ? children : fallback;
}
