// GET /api/v1/search on PostgreSQL: one label with 100,000 songs, 20,000 contracts and 20,000
// metadata forms, among 1,000,000 songs (and 100,000 contracts and metadata forms) of 200 other
// labels, at 20 concurrent connections, for queries of 2, 3 and more characters.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- search
// (seeding takes a few minutes; BENCH_KEEP_DATABASE=1 keeps the database, BENCH_SEARCH_DATABASE_URL
// reuses a kept one instead of seeding again).
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase, DURATION, load, printTable, type Result, resultOf, startServer } from './lib.ts';

const LABEL_SONGS = 100_000;
const OTHER_SONGS = 1_000_000;
const OTHER_LABELS = 200;
const LABEL_CONTRACTS = 20_000;
const LABEL_FORMS = 20_000;
const OTHER_CONTRACTS = 100_000;
const CONNECTIONS = 20;
const PASSWORD = 'bench-password';

/** Typed queries: 2, 3 and more characters, matching at the start, inside, or nowhere. */
const QUERIES = [
  'lo', // 2: many prefix matches (titles, artists, contract artists)
  'xq', // 2: matches nothing
  'mid', // 3: "Midnight ..." and "... Midnight"
  'ight', // 4: only inside words (Night, Light, ...)
  'torres', // 6: an artist's family name, never at the start
  'golden river', // 12: a title
  'zzyzx', // 5: matches nothing
];

// ---------- Seed: realistic words, so trigram lists are as long or short as in a real catalogue ----------

const NOUNS = `Love Night Heart Fire Dream Light Rain Summer City River Gold Blue Midnight Shadow Paper Ocean Road
  Sky Star Moon Sun Heaven Paradise Island Garden Storm Winter Autumn Spring Angel Devil Queen King Diamond Crystal
  Desert Mountain Valley Coast Harbor Station Radio Satellite Rocket Machine Signal Memory Promise Whisper Silence
  Thunder Lightning Sugar Cherry Lemon Coffee Whiskey Wine Champagne Canyon Avenue Boulevard Highway Window Mirror
  Secret Morning Tonight Home Ghost Stranger Echo Honey Velvet Neon Horizon Kingdom Empire Fever Gravity Magnet Ribbon
  Lantern Compass Anchor Feather Wolf Tiger Dragon Butterfly Sparrow Raven Phoenix Lion Snake Horse Rose Lily Violet
  Orchid Jasmine Ivy Thorn Bridge Tower Castle Palace Street Corner Alley Harvest Tide Wave Shore Sand Stone Glass
  Steel Silk Smoke Dust Ashes Flame Spark Blaze Frost Snow Ice Cloud Breeze Wind Hurricane Eclipse Comet Galaxy
  Universe Planet Orbit Cosmos Nebula Dawn Dusk Twilight Sunset Sunrise Daylight Weekend Holiday Birthday Wedding
  Party Carnival Circus Parade Revolution Freedom Justice Glory Victory Trouble Danger Mystery Miracle Magic Wonder
  Hope Faith Grace Mercy Sorrow Tears Smile Kiss Touch Goodbye Hello Lullaby Anthem Ballad Serenade Symphony Melody
  Rhythm Harmony Chorus`;
const ADJECTIVES = `Golden Broken Electric Wild Young Silver Sweet Dark Lonely Crazy Velvet Bright Cold Warm Lost Hidden
  Secret Endless Restless Fearless Careless Beautiful Dangerous Perfect Strange Blue Red Black White Green Purple Pink
  Crimson Scarlet Emerald Sapphire Cosmic Digital Analog Neon Faded Frozen Burning Falling Rising Fading Shining
  Hollow Empty Heavy Gentle Quiet Loud Slow Fast Little Big Tiny Giant Royal Holy Wicked Savage Tender Bitter Sour
  Salty Midnight Summer Winter Northern Southern Eastern Western Ancient Modern Final First Last Only Silent Sacred
  Lucky Happy Sad Mad Bad Good True False Real Fake Free Brave Tired Sleepy Dreamy Hazy Misty Rainy Sunny Stormy`;
const VERBS = `Running Falling Dancing Waiting Chasing Burning Holding Breaking Drifting Calling Dreaming Flying
  Driving Walking Talking Singing Crying Smiling Fighting Hiding Leaving Coming Going Standing Looking Searching
  Finding Losing Winning Shining Glowing Fading Rising Sinking Floating Spinning Turning Moving Shaking Breathing
  Living Loving Missing Wanting Needing Feeling Thinking Knowing`;
const PREPOSITIONS = [
  'in the',
  'on the',
  'under the',
  'over the',
  'through the',
  'into the',
  'across the',
  'beyond the',
  'behind the',
  'from the',
  'to the',
  'after the',
  'before the',
  'with the',
  'without the',
];
const VERSIONS = [
  '(Remix)',
  '(Acoustic)',
  '(Live)',
  '(Radio Edit)',
  '(Demo)',
  '(Extended Mix)',
  '(Reprise)',
  '(Interlude)',
  'Pt. 2',
  '(Stripped)',
  '(Club Mix)',
];
const FIRST_NAMES = `Maya Liam Noah Emma Olivia Ava Sophia Isabella Mia Amelia Harper Evelyn Abigail Emily Ella Camila
  Luna Sofia Avery Mila Aria Scarlett Penelope Layla Chloe Victoria Madison Eleanor Grace Nora Riley Zoey Hannah Hazel
  Lily Ellie Violet Zoe James Oliver Benjamin Elijah Lucas Mason Logan Alexander Ethan Jacob Michael Daniel Henry
  Jackson Sebastian Aiden Matthew Samuel David Joseph Carter Owen Wyatt John Jack Luke Dylan Levi Isaac Gabriel Julian
  Mateo Anthony Lincoln Joshua Andrew Theodore Caleb Ryan Asher Nathan Thomas Leo Isaiah Charles Hudson Hunter Connor
  Eli Ezra Aaron Adrian Jonathan Nolan Jeremiah Elias Colton Cameron Robert Nicholas Dominic Adam Ian Austin Santiago
  Jordan Cooper Roman Evan Xavier Jose Leonardo Axel Everett Parker Miles Sawyer Jason Declan Micah Wesley Luca Vincent
  Damian Silas Kai Emmett Harrison Cole Tyler Bennett Kevin Luis George Rowan Diego Max Carlos Juan Calvin Jonah Abel
  Beau Alex Jasper Jude Blake Eric Elliot Antonio Finn August Dean Lorenzo Victor Milo Miguel Graham Grant Jesse Joel
  Richard Patrick Oscar Marcus Mark Peter Charlie Felix Paul Leon Omar Theo Javier Simon Nash Rafael Louis Sean Walter
  Martin Andre Tobias Arlo Atlas Ronan Tanner Orion Dante Mario Hector Angelo Romeo Julius Marco Troy Jared Rory Reed
  Quinn Solomon Pedro Frank Malcolm Noel Hugo Otto Jonas Sage Kenji Yuki Hiroshi Aiko Mei Wei Jin Priya Ravi Anika
  Kwame Amara Zuri Nia Kofi Chidi Ines Lucia Mateus Joao Anneke Sven Ingrid Lars Freya Astrid Bjorn Elif Emre Yara
  Leila Samir Nadia Olga Ivan Dmitri Katya Pavel`;
const LAST_NAMES = `Torres Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez
  Lewis Robinson Walker Young Allen King Wright Scott Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell
  Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales
  Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson
  Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long
  Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Fisher Vasquez
  Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant
  Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez Woods Kennedy
  Wells Vargas Henry Chen Freeman Webb Tucker Burns Crawford Olson Simpson Porter Hunter Gordon Silva Shaw Snyder Mason
  Dixon Hunt Hicks Holmes Palmer Wagner Black Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels
  Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Spencer Hawkins Arnold Pierce Hansen Peters Santos
  Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Andrews Ray Delgado Berry Perkins
  Hoffman Johnston Matthews Richards Contreras Willis Carpenter Lawrence Sandoval Tanaka Sato Suzuki Yamamoto Nakamura
  Wang Li Zhang Liu Yang Huang Zhao Wu Zhou Singh Kumar Sharma Gupta Okafor Mensah Diallo Kone Dubois Laurent Moreau
  Rossi Russo Ferrari Esposito Bianchi Muller Schneider Fischer Weber Becker Jansen Bakker Visser Larsen Nielsen Berg
  Lindqvist Novak Horvat Kowalski Nowak Ivanov Petrov Yilmaz Kaya Demir Haddad Khoury Nasser Cohen Levi Walsh Fraser`;
const STAGE_NAMES = `Nova Kite Aurora Zephyr Onyx Ember Solace Halcyon Vesper Lumen Juno Sable Indigo Cipher Nomad
  Rogue Prism Quasar Vortex Mirage Oasis Tundra Sierra Delta Titan Vega Lyra Nyx Eos Kairo Zenith Apex Rune Haze Frost
  Wren Finch Lark Robin Falcon Hawk`;

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const sqlArray = (items: string[]) => `array[${items.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;
/** A random element of the array, drawn per row. */
const pick = (items: string[]) => {
  const array = sqlArray(items);
  return `(${array})[1 + floor(random() * ${items.length})::int]`;
};

function titleSql() {
  const n = () => pick(words(NOUNS));
  const a = () => pick(words(ADJECTIVES));
  const v = pick(words(VERBS));
  const p = pick(PREPOSITIONS);
  return `(case floor(random() * 10)::int
    when 0 then ${a()} || ' ' || ${n()}
    when 1 then ${n()} || ' of ' || ${a()} || ' ' || ${n()}
    when 2 then ${v} || ' ' || ${p} || ' ' || ${n()}
    when 3 then 'The ' || ${a()} || ' ' || ${n()}
    when 4 then ${n()}
    when 5 then ${a()} || ' ' || ${n()} || ' ' || ${pick(VERSIONS)}
    when 6 then ${v} || ' ' || ${n()}
    when 7 then ${n()} || ' ' || ${p} || ' ' || ${n()}
    when 8 then 'My ' || ${a()} || ' ' || ${n()}
    else ${n()} || ' & ' || ${n()} end)`;
}

function artistSql() {
  const person = () => `${pick(words(FIRST_NAMES))} || ' ' || ${pick(words(LAST_NAMES))}`;
  const stage = pick(words(STAGE_NAMES));
  return `(case floor(random() * 10)::int
    when 0 then 'The ' || ${pick(words(ADJECTIVES))} || ' ' || ${pick(words(NOUNS))} || 's'
    when 1 then 'The ' || ${pick(words(NOUNS))} || 's'
    when 2 then ${stage}
    when 3 then ${stage} || ' ' || ${pick(words(NOUNS))}
    when 4 then ${person()} || ' feat. ' || ${person()}
    else ${person()} end)`;
}

async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const passwordHash = await hash(PASSWORD);
  const t0 = performance.now();
  // A throw-away database: skip the realtime and data-version triggers (and foreign-key checks)
  // while a million rows go in, and build the indexes after the load, as a restore would (the
  // migrations' own definitions, read back from pg_indexes).
  await client.query("set session_replication_role = 'replica'");
  await client.query("set maintenance_work_mem = '512MB'");
  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename in ('songs', 'contracts', 'metadata_forms', 'reviews')
       and indexname not like '%pkey'`,
  );
  for (const index of indexes.rows) await client.query(`drop index "${index.indexname}"`);
  await client.query('select setseed(0.42)');
  await client.query('begin');
  const org = await client.query<{ id: string }>(
    `insert into organizations (name, invite_code, subscription_plan_id)
     select 'Bench Records', 'BENCHSRCH1', id from subscription_plans where name = 'Label' returning id`,
  );
  const orgId = org.rows[0]!.id;
  await client.query(
    `insert into organizations (name, invite_code, subscription_plan_id)
     select 'Other Label ' || i, 'OTHER' || lpad(i::text, 5, '0'), (select id from subscription_plans where name = 'Label')
     from generate_series(1, $1::int) i`,
    [OTHER_LABELS],
  );
  // Two reviewers: one who reviewed about 30 % of the label's songs, and a newcomer who reviewed none.
  await client.query(
    `with u as (
       insert into users (email, password_hash, user_metadata, email_confirmed_at)
       select e, $1, jsonb_build_object('name', split_part(e, '@', 1)), now()
       from unnest(array['searcher@bench.test', 'newcomer@bench.test']) e returning id, email, user_metadata
     )
     insert into reviewers (user_id, name, email, organization_id, is_admin)
     select id, user_metadata->>'name', email, $2, email = 'searcher@bench.test' from u`,
    [passwordHash, orgId],
  );
  // Artists come from pools, so a label has repeat artists like a real one.
  await client.query(`create temp table label_artists as select g as i, ${artistSql()} as name
    from generate_series(1, 15000) g`);
  await client.query(`create temp table other_artists as select g as i, ${artistSql()} as name
    from generate_series(1, 60000) g`);
  // Every 11th row is the label's, so its songs are spread through the table like a real one's.
  await client.query(
    `insert into songs (organization_id, title, artist, submitted_at, status)
     select case when x.g % 11 = 0 then $1 else o.ids[1 + (x.g / 11) % array_length(o.ids, 1)] end,
       x.title, coalesce(la.name, oa.name), now() - random() * interval '730 days',
       case when x.g % 11 <> 0 and random() < 0.1 then 'signed' else 'pending' end
     from (
       select g, ${titleSql()} as title, 1 + floor(random() * 15000)::int as la, 1 + floor(random() * 60000)::int as oa
       from generate_series(1, $2::int) g
     ) x
     left join label_artists la on x.g % 11 = 0 and la.i = x.la
     left join other_artists oa on x.g % 11 <> 0 and oa.i = x.oa
     cross join (select array_agg(id) as ids from organizations where name like 'Other Label %') o`,
    [orgId, LABEL_SONGS + OTHER_SONGS],
  );
  // The label signed 20,000 songs: each has a contract and a metadata form.
  await client.query(
    `create temp table label_signed as
     select id, artist from songs where organization_id = $1 order by random() limit $2`,
    [orgId, Math.max(LABEL_CONTRACTS, LABEL_FORMS)],
  );
  await client.query(`update songs set status = 'signed' where id in (select id from label_signed)`);
  const contractStatuses = sqlArray(['draft', 'sent', 'signed', 'countersigned', 'terminated']);
  const formStatuses = sqlArray(['draft', 'sent', 'submitted', 'confirmed', 'needs_changes']);
  await client.query(
    `insert into contracts (organization_id, song_id, artist_name, status, updated_at)
     select $1, id, artist, (${contractStatuses})[1 + floor(random() * 5)::int], now() - random() * interval '365 days'
     from label_signed limit $2`,
    [orgId, LABEL_CONTRACTS],
  );
  await client.query(
    `insert into metadata_forms (organization_id, song_id, status, updated_at)
     select $1, id, (${formStatuses})[1 + floor(random() * 5)::int], now() - random() * interval '365 days'
     from label_signed limit $2`,
    [orgId, LABEL_FORMS],
  );
  // Other labels' contracts and forms share the trigram and status indexes.
  await client.query(
    `with picked as (
       select id, organization_id, artist from songs where organization_id <> $1 and status = 'signed' limit $2
     ), c as (
       insert into contracts (organization_id, song_id, artist_name, status, updated_at)
       select organization_id, id, artist, (${contractStatuses})[1 + floor(random() * 5)::int],
         now() - random() * interval '365 days' from picked
     )
     insert into metadata_forms (organization_id, song_id, status, updated_at)
     select organization_id, id, (${formStatuses})[1 + floor(random() * 5)::int], now() - random() * interval '365 days'
     from picked`,
    [orgId, OTHER_CONTRACTS],
  );
  await client.query(
    `insert into reviews (organization_id, song_id, reviewer_id, musical_score, artist_score, overall_score)
     select $1, s.id, r.id, 1 + floor(random() * 10)::int, 1 + floor(random() * 10)::int, 1 + floor(random() * 10)::int
     from songs s join reviewers r on r.email = 'searcher@bench.test'
     where s.organization_id = $1 and random() < 0.3`,
    [orgId],
  );
  await client.query('commit');
  const t1 = performance.now();
  for (const index of indexes.rows) await client.query(index.indexdef);
  console.info(`built ${indexes.rows.length} indexes in ${Math.round((performance.now() - t1) / 1000)} s`);
  // As autovacuum would: statistics, and the visibility map that lets index-only scans skip the table.
  await client.query('vacuum analyze');
  const counts = await client.query<Record<string, number>>(
    `select (select count(*)::int from songs) as songs,
       (select count(*)::int from songs where organization_id = $1) as label_songs,
       (select count(*)::int from contracts where organization_id = $1) as label_contracts,
       (select count(*)::int from metadata_forms where organization_id = $1) as label_forms,
       (select count(*)::int from reviews) as reviews`,
    [orgId],
  );
  await client.end();
  console.info(
    `seeded ${JSON.stringify(counts.rows[0])} in ${Math.round((performance.now() - t0) / 1000)} s`,
  );
}

/** Every connection cycles through all the queries (a mix of typed searches). */
async function loadMixed(name: string, base: string, headers: Record<string, string>): Promise<Result> {
  const requests = QUERIES.map((q) => ({
    method: 'GET' as const,
    path: `/api/v1/search?q=${encodeURIComponent(q)}`,
  }));
  await autocannon({ url: base, connections: CONNECTIONS, duration: 2, headers, requests });
  const r = await autocannon({ url: base, connections: CONNECTIONS, duration: DURATION, headers, requests });
  return resultOf(name, CONNECTIONS, r);
}

const serverUrl = process.env.BENCH_DATABASE_URL;
const reuseUrl = process.env.BENCH_SEARCH_DATABASE_URL;
if (!serverUrl && !reuseUrl) {
  console.warn('search benchmark skipped: set BENCH_DATABASE_URL (it needs PostgreSQL).');
  process.exit(0);
}

const database = reuseUrl ? undefined : await createDatabase(serverUrl!, 'mr_bench_search');
const databaseUrl = reuseUrl ?? database!.url;

/** Every query alone, then the mixes, against a server started with `env`. */
async function measure(label: string, env: Record<string, string>, seedFirst: boolean): Promise<Result[]> {
  // The server migrates a new database at start; seeding happens after.
  const server = await startServer({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false', ...env });
  try {
    if (seedFirst) await seed(databaseUrl);
    const token = await server.signIn('searcher@bench.test', PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    for (const q of QUERIES) {
      const res = await fetch(`${server.base}/api/v1/search?q=${encodeURIComponent(q)}`, { headers });
      const body = (await res.json()) as Record<string, unknown[]>;
      const sizes = ['songs', 'artists', 'contracts', 'metadata'].map(
        (k) => `${k} ${body[k]?.length ?? '?'}`,
      );
      console.info(`"${q}": ${res.status}, ${sizes.join(', ')}`);
    }
    const results: Result[] = [];
    for (const q of QUERIES) {
      results.push(
        await load(
          `${label}: q=${q} (${q.length} chars)`,
          `${server.base}/api/v1/search?q=${encodeURIComponent(q)}`,
          CONNECTIONS,
          headers,
        ),
      );
    }
    results.push(await loadMixed(`${label}: all the queries above, mixed`, server.base, headers));
    const newcomer = { authorization: `Bearer ${await server.signIn('newcomer@bench.test', PASSWORD)}` };
    results.push(await loadMixed(`${label}: mixed, a newcomer who reviewed nothing`, server.base, newcomer));
    return results;
  } finally {
    await server.stop();
  }
}

try {
  // Typing, backspacing and reopening the box repeat queries: with the cache (the default) a
  // repeated query is one version read; without it, every request runs the statement, as a query
  // typed for the first time since the label's last change does.
  const cached = await measure('cached', {}, !reuseUrl);
  const uncached = await measure('cache off', { SEARCH_CACHE_ENTRIES: '0' }, false);
  printTable('Global search', [...cached, ...uncached]);
} finally {
  if (database) {
    if (process.env.BENCH_KEEP_DATABASE === '1') console.info(`kept database ${database.url}`);
    else await database.drop();
  }
}
