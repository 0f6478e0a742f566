import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy* waits up to 5 s (default 1 s): a loaded 2-core CI machine compiles lazy pages slowly.
configure({ asyncUtilTimeout: 5000 });
// The signed-in shell is a lazy chunk of the app (docs/PERFORMANCE.md, login bundle). Loaded here, as
// when it was part of the entry, so a file's first test does not spend its time budget compiling it.
await import('../app/shell/app-shell');

// jsdom has no matchMedia. Answer width queries for its 1024 px wide window (a desktop), the rest
// with false; a test can stub another viewport.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) => {
    const min = /\(min-width:\s*(\d+)px\)/.exec(query);
    const max = /\(max-width:\s*(\d+)px\)/.exec(query);
    const matches = min
      ? window.innerWidth >= Number(min[1])
      : max
        ? window.innerWidth <= Number(max[1])
        : false;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };
}

/**
 * Component tests do not talk to a realtime server: the shell's socket stays "connecting" and never
 * errors (the realtime client has its own tests, in the browser-like and the server suites).
 */
class QuietWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  send() {}
  close() {
    this.readyState = 3;
  }
}

// Tests fail on an unexpected console.error (React warnings, unhandled requests...).
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  vi.stubGlobal('WebSocket', QuietWebSocket);
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  // react-hot-toast keeps its toasts in module state: start every test without any.
  toast.remove();
  document.body.innerHTML = '';
  document.documentElement.className = '';
  // Files share one jsdom (isolate: false in vitest.config.ts): leave nothing for the next file.
  document.documentElement.removeAttribute('style');
  document.title = '';
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
