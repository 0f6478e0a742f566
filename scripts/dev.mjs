// npm run dev: the API with reload on change (port 3000) and Vite with hot reload (port 5173).
import { join } from 'node:path';
import { BIN, ROOT, run } from './lib.mjs';

console.info('API on http://localhost:3000, web app with hot reload on http://localhost:5173');
const codes = await Promise.all([
  run(join(BIN, 'tsx'), ['watch', '--clear-screen=false', join(ROOT, 'apps/server/src/main.ts')], {
    env: { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' },
  }),
  run(join(BIN, 'vite'), [], { cwd: join(ROOT, 'apps/web') }),
]);
process.exit(Math.max(...codes));
