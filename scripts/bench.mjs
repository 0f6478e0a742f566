// npm run bench: every benchmark under bench/ (results go into docs/PERFORMANCE.md by hand).
import { join } from 'node:path';
import { BIN, ROOT, run } from './lib.mjs';

process.exit(await run(join(BIN, 'tsx'), [join(ROOT, 'bench/me.bench.ts')]));
