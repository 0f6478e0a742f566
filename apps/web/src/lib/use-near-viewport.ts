import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within `rootMargin` of the visible part of the page; once true, it
 * stays true. Work a list item needs only when seen (a card's waveform: a signed URL, a download
 * and a drawing each) waits for it, so a long list opens as fast as a short one. Where the browser
 * has no IntersectionObserver, everything counts as near.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = '50% 0px'): boolean {
  const [isNear, setIsNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setIsNear(true);
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, ref, rootMargin]);
  return isNear;
}
