// Chat delivery on PostgreSQL: two server copies on one database, 500 WebSocket clients of one label
// split across them, 50 song chats of 10 members. Members send through the HTTP API at a fixed rate;
// every member follows its chat's `conversation:<id>` topic. Measured: messages delivered per second,
// send-to-receive latency (from just before the POST to the frame at each member) and every message
// received exactly once by every member of its chat.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- chat
// Knobs: BENCH_SECONDS (sending time per run, default 10), BENCH_RATES (sends per second, comma
// separated, default 100, i.e. 1,000 deliveries per second), BENCH_SYNCHRONOUS_COMMIT (see below).
import { loadavg } from 'node:os';
import { importJWK, type JWK, SignJWT } from 'jose';
import pg from 'pg';
import { WebSocket } from 'ws';
import { createDatabase, DURATION, startServer } from './lib.ts';

const MEMBERS = 500;
const CHATS = 50;
const PER_CHAT = MEMBERS / CHATS;
const RATES = (process.env.BENCH_RATES ?? '100').split(',').map(Number);
/** After the last send, how long stragglers may take before a message counts as lost. */
const DRAIN_MS = 5_000;

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.warn('chat benchmark skipped: set BENCH_DATABASE_URL (it needs PostgreSQL).');
  process.exit(0);
}

interface Client {
  index: number;
  chat: number;
  token: string;
  base: string;
  socket: WebSocket;
}

interface RunResult {
  rate: number;
  sent: number;
  sendErrors: number;
  expected: number;
  delivered: number;
  lost: number;
  duplicates: number;
  unhydrated: number;
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  postP50: number;
  postP99: number;
  /** A frame's arrival minus the POST's answer (negative when the frame came first). */
  afterAnswerP50: number;
  afterAnswerP99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
const round = (n: number) => Math.round(n * 10) / 10;

// A diagnostic: BENCH_SYNCHRONOUS_COMMIT=off lets commits return before the WAL reaches the disk
// (for this database only), to see how much of the latency is the disk's flush.
const synchronousCommit = process.env.BENCH_SYNCHRONOUS_COMMIT;
if (synchronousCommit && !/^(on|off|local|remote_write|remote_apply)$/.test(synchronousCommit)) {
  throw new Error('BENCH_SYNCHRONOUS_COMMIT: on, off, local, remote_write or remote_apply');
}
const database = await createDatabase(serverUrl, 'mr_bench_chat');
if (synchronousCommit) {
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(
    `alter database ${new URL(database.url).pathname.slice(1)} set synchronous_commit = ${synchronousCommit}`,
  );
  await admin.end();
}
const env = { DATABASE_URL: database.url, SEED_DEMO: 'false' };
// The first copy migrates the new database; the second starts on the migrated one.
const servers: Awaited<ReturnType<typeof startServer>>[] = [];
const clients: Client[] = [];
try {
  servers.push(await startServer(env));
  servers.push(await startServer(env));
  const serverB = servers[1]!;
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('begin');
  const org = await client.query<{ id: string }>(
    `insert into organizations (name, invite_code, subscription_plan_id)
     select 'Bench Chat Records', 'BENCHCHAT1', id from subscription_plans where name = 'Label' returning id`,
  );
  const orgId = org.rows[0]!.id;
  // Members signed in already: a session each, with an access token signed by the servers' own key
  // exactly as a password sign-in issues it (500 password checks would only heat the machine).
  const members = await client.query<{ user_id: string; email: string; session_id: string }>(
    `with u as (
       insert into users (email, password_hash, user_metadata, email_confirmed_at)
       select 'member' || g || '@bench.test', 'no-password', jsonb_build_object('name', 'Member ' || g), now()
       from generate_series(1, $1::int) g returning id, email, user_metadata
     ), r as (
       insert into reviewers (user_id, name, email, organization_id, is_admin)
       select id, user_metadata->>'name', email, $2, email = 'member1@bench.test' from u
     ), s as (
       insert into auth_sessions (user_id, aal) select id, 'aal1' from u returning id, user_id
     )
     select u.id as user_id, u.email, s.id as session_id from u join s on s.user_id = u.id
     order by substring(u.email from 'member([0-9]+)@')::int`,
    [MEMBERS, orgId],
  );
  const chats = await client.query<{ id: string }>(
    `with s as (
       insert into songs (organization_id, title, artist, status)
       select $1, 'Chat Song ' || g, 'Artist ' || g, 'signed' from generate_series(1, $2::int) g
       returning id
     )
     insert into conversations (organization_id, type, song_id)
     select $1, 'song_chat', id from s returning id`,
    [orgId, CHATS],
  );
  await client.query('commit');
  const key = await client.query<{ kid: string; private_jwk: JWK }>(
    'select kid, private_jwk from signing_keys where retired_at is null order by created_at, kid limit 1',
  );
  await client.end();
  const chatIds = chats.rows.map((r) => r.id);
  const { kid, private_jwk } = key.rows[0]!;
  const signingKey = await importJWK(private_jwk, 'ES256');
  const now = Math.floor(Date.now() / 1000);
  const tokens = await Promise.all(
    members.rows.map((m) =>
      new SignJWT({
        sub: m.user_id,
        session_id: m.session_id,
        email: m.email,
        aal: 'aal1',
        role: 'authenticated',
      })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuer('music-review')
        .setAudience('authenticated')
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .setSubject(m.user_id)
        .sign(signingKey),
    ),
  );
  const check = await fetch(`${serverB.base}/api/v1/me`, {
    headers: { authorization: `Bearer ${tokens[0]}` },
  });
  if (check.status !== 200)
    throw new Error(`the servers refused a token: ${check.status} ${await check.text()}`);
  console.info(
    `seeded ${MEMBERS} signed-in members and ${CHATS} song chats in ${Math.round(performance.now() - t0)} ms`,
  );

  // Member i is in chat i % CHATS; its socket is on copy i % 2, so every chat spans both copies.
  const t2 = performance.now();
  const received: { index: number; frame: Frame; at: number }[] = [];
  await Promise.all(
    tokens.map(async (token, index) => {
      const base = servers[index % 2]!.base;
      const chat = index % CHATS;
      const socket = await connect(
        `${base.replace('http', 'ws')}/realtime/v1`,
        token,
        `conversation:${chatIds[chat]}`,
      );
      socket.on('message', (data) => {
        const at = performance.now();
        const frame = JSON.parse(data.toString()) as Frame;
        if (frame.type === 'change' && frame.table === 'messages') received.push({ index, frame, at });
      });
      clients[index] = { index, chat, token, base, socket };
    }),
  );
  console.info(`${MEMBERS} sockets authenticated and subscribed in ${Math.round(performance.now() - t2)} ms`);

  // A warm-up, not reported: JIT, the copies' database pools and the conversation caches.
  const warmUp = await run(50, chatIds, received, 3);
  console.info(`warm-up: ${warmUp.sent} messages, ${warmUp.lost} lost`);

  const results: RunResult[] = [];
  for (const rate of RATES) {
    received.length = 0;
    const before = loadavg()[0]!.toFixed(1);
    results.push(await run(rate, chatIds, received));
    console.info(
      `run at ${rate} sends/s: 1-minute load average ${before} before, ${loadavg()[0]!.toFixed(1)} after`,
    );
  }
  printResults(results);
} finally {
  for (const c of clients) c?.socket.terminate();
  await Promise.all(servers.map((s) => s.stop().catch(() => {})));
  if (process.env.BENCH_KEEP_DATABASE === '1') console.info(`kept database ${database.url}`);
  else await database.drop();
}

interface Frame {
  type: string;
  table?: string;
  event?: string;
  id?: string;
  message?: { message_text: string };
}

/** Opens a socket, authenticates and subscribes; resolves once the subscription is confirmed. */
function connect(url: string, token: string, topic: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error(`no subscription on ${url} within 30 s`)), 30_000);
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    const onMessage = (data: unknown) => {
      const m = JSON.parse(String(data)) as { type: string; code?: string };
      if (m.type === 'auth_ok') socket.send(JSON.stringify({ type: 'subscribe', topic, ref: 's' }));
      else if (m.type === 'subscribed') {
        clearTimeout(timer);
        socket.off('message', onMessage);
        resolve(socket);
      } else if (m.type === 'error') reject(new Error(`socket refused: ${m.code}`));
    };
    socket.on('message', onMessage);
  });
}

/**
 * Sends `rate` messages per second for `seconds`, each by a random member into its chat through the
 * copy its socket is on, then waits for the stragglers and counts.
 */
async function run(
  rate: number,
  chatIds: string[],
  received: { index: number; frame: Frame; at: number }[],
  seconds = DURATION,
): Promise<RunResult> {
  const total = rate * seconds;
  const sentAt = new Map<string, { at: number; chat: number; answeredAt: number }>();
  const postTimes: number[] = [];
  let sendErrors = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let k = 0; k < total; k++) {
    // Paced by the clock, not by the previous send: a slow answer does not slow the load.
    const due = start + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const sender = clients[Math.floor(Math.random() * MEMBERS)]!;
    const key = `r${rate}-m${k}`;
    const at = performance.now();
    const sent = { at, chat: sender.chat, answeredAt: Number.NaN };
    sentAt.set(key, sent);
    inFlight.push(
      fetch(`${sender.base}/api/v1/conversations/${chatIds[sender.chat]}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message_text: `bench ${key}` }),
      })
        .then(async (res) => {
          sent.answeredAt = performance.now();
          postTimes.push(sent.answeredAt - at);
          if (res.status !== 201) {
            sendErrors++;
            sentAt.delete(key);
            console.warn(`send ${key}: ${res.status} ${(await res.text()).slice(0, 200)}`);
          } else await res.arrayBuffer();
        })
        .catch((err: unknown) => {
          sendErrors++;
          sentAt.delete(key);
          console.warn(`send ${key}: ${String(err)}`);
        }),
    );
  }
  await Promise.all(inFlight);
  const sendingMs = performance.now() - start;
  await new Promise((r) => setTimeout(r, DRAIN_MS));

  // Every member of the sender's chat (the sender included) must have it exactly once.
  const perMessage = new Map<string, Map<number, number>>();
  const latencies: number[] = [];
  const afterAnswer: number[] = [];
  let unhydrated = 0;
  for (const { index, frame, at } of received) {
    if (frame.event !== 'INSERT') continue;
    const text = frame.message?.message_text;
    if (!text) {
      unhydrated++;
      continue;
    }
    const key = text.slice('bench '.length);
    const sent = sentAt.get(key);
    if (!sent) continue;
    const counts = perMessage.get(key) ?? new Map<number, number>();
    perMessage.set(key, counts);
    counts.set(index, (counts.get(index) ?? 0) + 1);
    if (counts.get(index) === 1 && clients[index]!.chat === sent.chat) {
      latencies.push(at - sent.at);
      afterAnswer.push(at - sent.answeredAt);
    }
  }
  let delivered = 0;
  let duplicates = 0;
  let lost = 0;
  for (const [key, sent] of sentAt) {
    const counts = perMessage.get(key) ?? new Map<number, number>();
    for (const c of clients) {
      if (c.chat !== sent.chat) {
        if (counts.has(c.index)) duplicates += counts.get(c.index)!; // a wrong chat counts as a duplicate
        continue;
      }
      const n = counts.get(c.index) ?? 0;
      if (n === 0) lost++;
      else {
        delivered++;
        duplicates += n - 1;
      }
    }
  }
  latencies.sort((a, b) => a - b);
  postTimes.sort((a, b) => a - b);
  afterAnswer.sort((a, b) => a - b);
  const expected = sentAt.size * PER_CHAT;
  return {
    rate,
    sent: sentAt.size,
    sendErrors,
    expected,
    delivered,
    lost,
    duplicates,
    unhydrated,
    deliveredPerSecond: Math.round(delivered / (sendingMs / 1000)),
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies[latencies.length - 1] ?? 0),
    postP50: round(percentile(postTimes, 0.5)),
    postP99: round(percentile(postTimes, 0.99)),
    afterAnswerP50: round(percentile(afterAnswer, 0.5)),
    afterAnswerP99: round(percentile(afterAnswer, 0.99)),
  };
}

function printResults(results: RunResult[]) {
  console.info(
    `\nChat delivery: ${MEMBERS} sockets on 2 copies, ${CHATS} chats of ${PER_CHAT} (${DURATION} s per run, node ${process.version})\n`,
  );
  console.info(
    '| sends/s | sent | delivered/s | send-to-receive p50 ms | p99 ms | max ms | POST p50 ms | POST p99 ms | frame after answer p50 ms | p99 ms | lost | duplicates | send errors |',
  );
  console.info(
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of results) {
    console.info(
      `| ${r.rate} | ${r.sent} | ${r.deliveredPerSecond} | ${r.p50} | ${r.p99} | ${r.max} | ${r.postP50} | ${r.postP99} | ${r.afterAnswerP50} | ${r.afterAnswerP99} | ${r.lost} | ${r.duplicates} | ${r.sendErrors} |`,
    );
    if (r.unhydrated > 0) console.info(`  ${r.unhydrated} frames came without the message`);
  }
  if (results.some((r) => r.lost > 0 || r.duplicates > 0 || r.sendErrors > 0)) process.exitCode = 1;
}
