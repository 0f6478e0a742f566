/**
 * What the signed-in shell (app/shell) uses of the player feature. Kept apart from index.ts, which
 * carries page components: without the bundler's tree-shaking (dev server, tests) importing the
 * index loads all of them, and the shell loads with every signed-in page and in every test's setup.
 */
export { BottomPlayer } from './components/bottom-player';
export { NowPlayingStrip } from './components/now-playing-strip';
