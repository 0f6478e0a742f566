import { fontStylesheetUrl } from '@music-review/core/branding';
import { useEffect } from 'react';

/** Loads the typed families for the preview, once typing pauses (not one request per letter). */
export function usePreviewFonts(families: string[]) {
  const key = families.join('|');
  useEffect(() => {
    const links: HTMLLinkElement[] = [];
    const timer = window.setTimeout(() => {
      for (const family of key.split('|')) {
        const href = family ? fontStylesheetUrl(family) : null;
        const isLoaded = [...document.head.querySelectorAll('link')].some(
          (l) => l.getAttribute('href') === href,
        );
        if (!href || isLoaded) continue;
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        link.dataset.brandingPreviewFont = '';
        document.head.append(link);
        links.push(link);
      }
    }, 600);
    return () => {
      window.clearTimeout(timer);
      for (const link of links) link.remove();
    };
  }, [key]);
}
