// Load benchmark of GET /api/v1/me with a valid token, 50 concurrent connections, beside a bare
// Node http hello-world measured in the same run. The server runs in a child process (as in
// production) so the load generator does not share its event loop.
// Usage: npm run bench -- me            (embedded PGlite)
//        BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- me
import { createDatabase, load, printTable, type Result, spawnNode, startServer, waitFor } from './lib.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const results: Result[] = [];
const serverUrl = process.env.BENCH_DATABASE_URL;
const database = serverUrl ? await createDatabase(serverUrl, 'mr_bench') : undefined;
const server = await startServer({ SEED_DEMO: 'true', ...(database ? { DATABASE_URL: database.url } : {}) });
try {
  const token = await server.signIn('admin@demo.test', 'demo-password');
  results.push(
    await load(
      `GET /api/v1/me (${database ? 'PostgreSQL' : 'PGlite'})`,
      `${server.base}/api/v1/me`,
      CONNECTIONS,
      {
        authorization: `Bearer ${token}`,
      },
    ),
  );
} finally {
  await server.stop();
  await database?.drop();
}

const helloPort = 3900 + Math.floor(Math.random() * 90);
const hello = spawnNode(
  [
    '-e',
    `require('node:http').createServer((q,s)=>{s.setHeader('content-type','application/json');s.end('{"hello":"world"}')}).listen(${helloPort},'127.0.0.1')`,
  ],
  {},
);
try {
  await waitFor(`http://127.0.0.1:${helloPort}/`, hello);
  results.push(await load('bare node:http hello-world', `http://127.0.0.1:${helloPort}/`, CONNECTIONS));
} finally {
  hello.kill('SIGTERM');
}
printTable('GET /api/v1/me', results);
