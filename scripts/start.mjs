// npm start: build the web app if its build is missing or stale, then serve everything on PORT.
import { join } from 'node:path';
import { BIN, buildWebIfNeeded, ROOT, run } from './lib.mjs';

const built = await buildWebIfNeeded();
if (built !== 0) process.exit(built);
process.exit(await run(join(BIN, 'tsx'), [join(ROOT, 'apps/server/src/main.ts')]));
