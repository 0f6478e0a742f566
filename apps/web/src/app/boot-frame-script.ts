import { ANALYTICS_TEXTS } from '@music-review/core/analytics';
import { CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import { DISTRIBUTION_TEXTS } from '@music-review/core/distribution';
import { FINANCE_TEXTS } from '@music-review/core/royalties';
import { SESSION_HINT_COOKIE } from '@music-review/core/session-hint';
import { SHELL_CLASSES as C } from '../components/shell-classes';
import { BOOT_FRAME_ID } from '../lib/boot-frame';
import { DESKTOP_QUERY } from '../lib/use-media-query';
import { SIDEBAR_COLLAPSED_KEY } from './shell/use-sidebar-collapsed';

/**
 * The signed-in pages whose heading is known before anything loads (a fixed title), by path. Each
 * page renders exactly this heading (`e2e/boot-frame.spec.ts` compares them, text and place).
 */
export const BOOT_FRAME_TITLES: Readonly<Record<string, string>> = {
  '/home': 'Home',
  '/review-dashboard': 'Review Dashboard',
  '/overview': 'Overview',
  '/signed-songs': 'Signed Songs',
  '/add-tracks': 'Add Tracks',
  '/catalogue': CATALOGUE_TEXTS.catalogueHeading,
  '/artists-writers': CATALOGUE_TEXTS.peopleHeading,
  '/distribution': DISTRIBUTION_TEXTS.heading,
  '/finance': FINANCE_TEXTS.heading,
  '/analytics': ANALYTICS_TEXTS.heading,
  '/profile': 'Profile',
};

const div = (className: string, inner = '') => `<div class="${className}">${inner}</div>`;

/**
 * The inline script index.html runs right after #root (vite.config.ts puts it there; the server's
 * Content-Security-Policy allows it by its hash like the theme script). Only with the session hint
 * cookie (a session may exist) and on a page of BOOT_FRAME_TITLES; otherwise it does nothing and the
 * app's own loader shows. Plain ES5, no dependencies: it runs before any bundle.
 */
export function bootFrameScript(): string {
  const heading = div(C.pageHeader, div('min-w-0', `<h1 class="${C.pageTitle}"></h1>`));
  const desktop = (sidebarWidth: string) =>
    div(
      C.frameDesktop,
      [
        `<div class="${C.sidebar} ${sidebarWidth}"></div>`,
        div(C.column, [div(C.topBar), div(C.mainDesktop, div(C.pageWidthDesktop, heading))].join('')),
      ].join(''),
    );
  const mobile = div(
    C.frameMobile,
    div(C.column, [div(C.mobileTopBar), div(C.mainMobile, heading)].join('')),
  );
  const data = JSON.stringify({
    id: BOOT_FRAME_ID,
    titles: BOOT_FRAME_TITLES,
    cookie: SESSION_HINT_COOKIE,
    query: DESKTOP_QUERY,
    collapsedKey: SIDEBAR_COLLAPSED_KEY,
    expanded: desktop(C.sidebarExpanded),
    collapsed: desktop(C.sidebarCollapsed),
    mobile,
  }).replace(/</g, '\\u003c'); // markup inside a script: no "</script" can end it early
  return `(function () {
  var d = ${data};
  var title = d.titles[location.pathname.replace(/\\/+$/, '') || '/'];
  var hint = document.cookie.split(';').some(function (c) {
    c = c.trim();
    return c.indexOf(d.cookie + '=') === 0 && c.length > d.cookie.length + 1;
  });
  if (!title || !hint) return;
  var collapsed = false;
  try { collapsed = localStorage.getItem(d.collapsedKey) === 'true'; } catch (e) {}
  var frame = document.createElement('div');
  frame.id = d.id;
  frame.setAttribute('aria-busy', 'true');
  frame.innerHTML = matchMedia(d.query).matches ? (collapsed ? d.collapsed : d.expanded) : d.mobile;
  frame.querySelector('h1').textContent = title;
  var root = document.getElementById('root');
  root.parentNode.insertBefore(frame, root);
})();`;
}
