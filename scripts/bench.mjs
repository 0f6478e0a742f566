// npm run bench: every benchmark under bench/, one after the other (results go into
// docs/PERFORMANCE.md by hand). `npm run bench -- waveform me` runs only the ones named.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT, run } from './lib.mjs';

const available = readdirSync(join(ROOT, 'bench'))
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}

let exitCode = 0;
for (const name of wanted.length > 0 ? wanted : available) {
  console.info(`\n== bench/${name}.bench.ts ==`);
  const code = await run(join(BIN, 'tsx'), [join(ROOT, `bench/${name}.bench.ts`)]);
  if (code !== 0) {
    console.error(`bench/${name}.bench.ts exited with ${code}`);
    exitCode = code;
  }
}
process.exit(exitCode);
