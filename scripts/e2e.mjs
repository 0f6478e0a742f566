// npm run test:e2e: browser tests in Debian's Chromium against the built app.
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { BIN, buildWebIfNeeded, ROOT, run } from './lib.mjs';

if (!ensureChromium()) process.exit(1);
const built = await buildWebIfNeeded();
if (built !== 0) process.exit(built);
process.exit(
  await run(join(BIN, 'playwright'), [
    'test',
    '--config',
    join(ROOT, 'e2e/playwright.config.ts'),
    ...process.argv.slice(2),
  ]),
);
