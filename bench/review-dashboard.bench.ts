// GET /api/v1/review-dashboard on PostgreSQL: a label with 20 reviewers and 10,000 songs, most of
// them reviewed by several members, measured at 20 concurrent connections.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- review-dashboard
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { createDatabase, load, printTable, startServer } from './lib.ts';

const SONGS = Number(process.env.BENCH_SONGS ?? 10_000);
const REVIEWERS = 20;
const CONNECTIONS = 20;
const PASSWORD = 'bench-password';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.warn('review-dashboard benchmark skipped: set BENCH_DATABASE_URL (it needs PostgreSQL).');
  process.exit(0);
}

const database = await createDatabase(serverUrl, 'mr_bench_dash');
// The server migrates the new database at start; seeding happens after.
const server = await startServer({ DATABASE_URL: database.url, SEED_DEMO: 'false' });
const servers = [server];
try {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const passwordHash = await hash(PASSWORD);
  const t0 = performance.now();
  await client.query('begin');
  const org = await client.query<{ id: string }>(
    `insert into organizations (name, invite_code, subscription_plan_id)
     select 'Bench Records', 'BENCHCODE1', id from subscription_plans where name = 'Label' returning id`,
  );
  const orgId = org.rows[0]!.id;
  await client.query(
    `with u as (
       insert into users (email, password_hash, user_metadata, email_confirmed_at)
       select 'reviewer' || g || '@bench.test', $1, jsonb_build_object('name', 'Reviewer ' || g), now()
       from generate_series(1, $2::int) g returning id, email, user_metadata
     )
     insert into reviewers (user_id, name, email, organization_id, is_admin)
     select id, user_metadata->>'name', email, $3, email = 'reviewer1@bench.test' from u`,
    [passwordHash, REVIEWERS, orgId],
  );
  // Songs spread over the last year: about 2 % are inside the 7-day review window.
  await client.query(
    `insert into songs (organization_id, title, artist, submitted_at, status)
     select $1, 'Song ' || g, 'Artist ' || (g % 700), now() - (random() * interval '365 days'),
       case when g % 25 = 0 then 'signed' else 'pending' end
     from generate_series(1, $2::int) g`,
    [orgId, SONGS],
  );
  // Each reviewer reviewed about 40 % of the songs (reviewer 1 included).
  await client.query(
    `insert into reviews (organization_id, song_id, reviewer_id, musical_score, artist_score, overall_score, reviewed_at)
     select $1, s.id, r.id, 1 + floor(random() * 10)::int, 1 + floor(random() * 10)::int, 1 + floor(random() * 10)::int,
       least(now(), s.submitted_at + random() * interval '6 days')
     from songs s cross join reviewers r
     where s.organization_id = $1 and r.organization_id = $1 and random() < 0.4`,
    [orgId],
  );
  await client.query('commit');
  await client.query('analyze');
  const counts = await client.query<{ songs: number; reviews: number }>(
    'select (select count(*)::int from songs) as songs, (select count(*)::int from reviews) as reviews',
  );
  await client.end();
  console.info(
    `seeded ${counts.rows[0]!.songs} songs, ${counts.rows[0]!.reviews} reviews, ${REVIEWERS} reviewers in ${Math.round(performance.now() - t0)} ms`,
  );

  const results = [];
  const url = `${server.base}/api/v1/review-dashboard`;
  const token = await server.signIn('reviewer1@bench.test', PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  const body = (await (await fetch(url, { headers })).json()) as {
    pending_count: number;
    reviewed: unknown[];
    reviewed_has_more: boolean;
  };
  console.info(
    `dashboard: ${body.pending_count} pending, ${body.reviewed.length} reviewed cards (more: ${body.reviewed_has_more}), ${JSON.stringify(body).length} bytes`,
  );
  results.push(
    await load(`GET /api/v1/review-dashboard, nothing changing (${SONGS} songs)`, url, CONNECTIONS, headers),
  );

  // The same while another member saves a review every 250 ms: each save changes the label's data
  // version, so the reviewer's cached dashboard is rebuilt after every one.
  const writerToken = await server.signIn('reviewer2@bench.test', PASSWORD);
  const pendingIds = await songIdsFor(database.url);
  let writes = 0;
  const writer = setInterval(() => {
    const songId = pendingIds[writes++ % pendingIds.length];
    void fetch(`${server.base}/api/v1/songs/${songId}/reviews/mine`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${writerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        musical_score: 1 + (writes % 10),
        artist_score: 5,
        overall_score: 6,
        comment: null,
      }),
    });
  }, 250);
  try {
    results.push(
      await load(
        `GET /api/v1/review-dashboard, a review saved every 250 ms (${SONGS} songs)`,
        url,
        CONNECTIONS,
        headers,
      ),
    );
  } finally {
    clearInterval(writer);
  }
  console.info(`${writes} reviews saved during the second run`);
  await server.stop();

  // Every request computed: the cache off.
  const uncached = await startServer({
    DATABASE_URL: database.url,
    SEED_DEMO: 'false',
    REVIEW_DASHBOARD_CACHE_ENTRIES: '0',
  });
  servers.push(uncached);
  const uncachedToken = await uncached.signIn('reviewer1@bench.test', PASSWORD);
  results.push(
    await load(
      `GET /api/v1/review-dashboard, cache off (${SONGS} songs)`,
      `${uncached.base}/api/v1/review-dashboard`,
      CONNECTIONS,
      { authorization: `Bearer ${uncachedToken}` },
    ),
  );
  printTable('Review dashboard', results);
} finally {
  await Promise.all(servers.map((s) => s.stop().catch(() => {})));
  if (process.env.BENCH_KEEP_DATABASE === '1') console.info(`kept database ${database.url}`);
  else await database.drop();
}

/** Songs inside the review window, for the writer to review. */
async function songIdsFor(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = await client.query<{ id: string }>(
    "select id from songs where submitted_at > now() - interval '6 days' and status = 'pending' order by id",
  );
  await client.end();
  return rows.rows.map((r) => r.id);
}
