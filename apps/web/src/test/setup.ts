import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';

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

// Tests fail on an unexpected console.error (React warnings, unhandled requests...).
let consoleErrors: unknown[][] = [];
beforeEach(() => {
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
  localStorage.clear();
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
