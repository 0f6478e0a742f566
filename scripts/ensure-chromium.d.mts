/** Path of the Chromium binary the browser tests and benchmarks use (`CHROMIUM_PATH` or Debian's). */
export const CHROMIUM: string;
/** Installs Debian's Chromium when missing and running as root; false (with a message) otherwise. */
export function ensureChromium(): boolean;
