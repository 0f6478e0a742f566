// The catalogue grid on PostgreSQL (issue 14): a page of 50 with a filter and a sort, over one label's
// 100,000 recordings, 20,000 releases and 40,000 works (artists as parties credited on recordings,
// ISRCs, years, tracks on most releases, writers, master splits), among 200,000 recordings, 40,000
// releases and 40,000 works of 20 other labels, at 20 concurrent connections. Aim: p99 < 50 ms.
// Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- catalogue
// (BENCH_KEEP_DATABASE=1 keeps the database; BENCH_CATALOGUE_DATABASE_URL reuses a kept one.)
import http from 'node:http';
import { loadavg } from 'node:os';
import { hash } from '@node-rs/argon2';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase, DURATION, load, printTable, type Result, resultOf, startServer } from './lib.ts';

const LABEL_RECORDINGS = 100_000;
const LABEL_RELEASES = 20_000;
/** Releases 1..TRACKED_RELEASES have 1 to 12 tracks (about 78,000 track rows); the rest none yet. */
const TRACKED_RELEASES = 12_000;
const LABEL_WORKS = 40_000;
/** Parties 1..ARTISTS are artists (credited on recordings); the rest writers and publishers. */
const LABEL_ARTISTS = 8_000;
const LABEL_WRITERS = 4_000;
const LABEL_PAYEES = 3_000;
const OTHER_LABELS = 20;
const OTHER_RECORDINGS = 200_000;
const OTHER_RELEASES = 40_000;
const OTHER_WORKS = 40_000;
const CONNECTIONS = 20;
const PASSWORD = 'bench-password';
const MEMBER = 'catalogue@bench.test';
const EDITOR = 'editor@bench.test';

// ---------- Seed: words and names, so titles, artists and trigram lists look like a real catalogue ----------

const NOUNS = `Love Night Heart Fire Dream Light Rain Summer City River Gold Shadow Paper Ocean Road Sky Star Moon
  Sun Heaven Island Garden Storm Winter Autumn Angel Queen King Diamond Desert Mountain Valley Harbor Station Radio
  Signal Memory Promise Whisper Silence Thunder Sugar Cherry Coffee Canyon Avenue Highway Window Mirror Morning
  Home Ghost Stranger Echo Honey Velvet Horizon Kingdom Fever Gravity Lantern Compass Anchor Feather Wolf Tiger
  Sparrow Raven Rose Violet Bridge Tower Street Corner Harvest Tide Wave Shore Stone Glass Silk Smoke Flame Spark
  Frost Snow Cloud Breeze Comet Galaxy Planet Orbit Dawn Dusk Twilight Sunset Weekend Parade Freedom Glory Trouble
  Mystery Miracle Wonder Hope Grace Tears Smile Kiss Goodbye Lullaby Anthem Ballad Melody Rhythm Harmony`;
const ADJECTIVES = `Golden Broken Electric Wild Young Silver Sweet Dark Lonely Crazy Bright Cold Warm Lost Hidden Endless
  Restless Fearless Beautiful Dangerous Perfect Strange Blue Red Black White Crimson Emerald Cosmic Digital Faded
  Frozen Burning Falling Rising Shining Hollow Empty Heavy Gentle Quiet Slow Little Royal Wicked Tender Bitter
  Northern Southern Ancient Modern Final First Last Silent Sacred Lucky Happy Free Brave Sleepy Hazy Misty Stormy`;
const VERBS = `Running Falling Dancing Waiting Chasing Burning Holding Breaking Drifting Calling Dreaming Flying Driving
  Walking Singing Crying Hiding Leaving Coming Searching Finding Losing Shining Rising Floating Spinning Breathing`;
const PREPOSITIONS = ['in the', 'on the', 'under the', 'over the', 'through the', 'after the', 'into the'];
const VERSIONS = ['(Remastered)', '(Live)', '(Acoustic)', '(Radio Edit)', '(Extended Mix)', '(Demo)'];
const FIRST_NAMES = `James Mary John Patricia Robert Jennifer Michael Linda David Elizabeth William Barbara Richard
  Susan Joseph Jessica Thomas Sarah Daniel Karen Matthew Nancy Anthony Lisa Mark Betty Paul Sandra Steven Ashley
  Andrew Kimberly Joshua Emily Kevin Donna Brian Michelle George Carol Timothy Amanda Ryan Melissa Jacob Deborah
  Nicholas Laura Eric Rebecca Jonathan Sharon Larry Cynthia Justin Kathleen Scott Amy Brandon Angela Benjamin Anna
  Samuel Ruth Gregory Brenda Alexander Pamela Frank Nicole Raymond Katherine Jack Virginia Dennis Catherine Jerry
  Christine Tyler Samantha Aaron Debra Jose Janet Adam Rachel Nathan Carolyn Henry Emma Zachary Maria Douglas Heather
  Amara Kenji Sofia Mateo Aisha Lucas Yuki Omar Ingrid Pablo Leila Tariq Noor Chiara Anders Freya Dmitri Olga`;
const LAST_NAMES = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
  Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis
  Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera
  Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris
  Murphy Cook Rogers Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson
  Brooks Chavez Wood Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster
  Tanaka Sato Suzuki Wang Li Zhang Singh Kumar Okafor Mensah Diallo Dubois Laurent Rossi Ferrari Muller Schneider
  Jansen Larsen Nielsen Lindqvist Novak Kowalski Ivanov Yilmaz Haddad Cohen Walsh Fraser`;
const STAGE_NAMES = `Nova Kite Aurora Zephyr Onyx Ember Solace Halcyon Vesper Lumen Juno Sable Indigo Cipher Nomad Rogue
  Prism Quasar Vortex Mirage Oasis Tundra Sierra Delta Titan Vega Lyra Nyx Kairo Zenith Apex Rune Haze Wren Finch`;
const GENRES = [
  'Pop',
  'Rock',
  'Electronic',
  'Hip-Hop',
  'R&B',
  'Jazz',
  'Folk',
  'Country',
  'Classical',
  'Soul',
];
const LANGUAGES = ['en', 'en', 'en', 'en', 'es', 'fr', 'de', 'pt', 'ja', 'it'];

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const sqlArray = (items: string[]) => `array[${items.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;
/** A random element of the array, drawn per row. */
const pick = (items: string[]) => `(${sqlArray(items)})[1 + floor(random() * ${items.length})::int]`;

function titleSql() {
  const n = () => pick(words(NOUNS));
  const a = () => pick(words(ADJECTIVES));
  const v = pick(words(VERBS));
  const p = pick(PREPOSITIONS);
  return `(case floor(random() * 9)::int
    when 0 then ${a()} || ' ' || ${n()}
    when 1 then ${n()} || ' of ' || ${a()} || ' ' || ${n()}
    when 2 then ${v} || ' ' || ${p} || ' ' || ${n()}
    when 3 then 'The ' || ${a()} || ' ' || ${n()}
    when 4 then ${n()}
    when 5 then ${v} || ' ' || ${n()}
    when 6 then ${n()} || ' ' || ${p} || ' ' || ${n()}
    when 7 then 'My ' || ${a()} || ' ' || ${n()}
    else ${n()} || ' & ' || ${n()} end)`;
}

/** An artist's credited name: a person, a stage name or a band. */
function artistNameSql() {
  return `(case floor(random() * 6)::int
    when 0 then 'The ' || ${pick(words(ADJECTIVES))} || ' ' || ${pick(words(NOUNS))} || 's'
    when 1 then ${pick(words(STAGE_NAMES))}
    when 2 then ${pick(words(STAGE_NAMES))} || ' ' || ${pick(words(NOUNS))}
    else ${pick(words(FIRST_NAMES))} || ' ' || ${pick(words(LAST_NAMES))} end)`;
}

const personSql = () => `${pick(words(FIRST_NAMES))} || ' ' || ${pick(words(LAST_NAMES))}`;

/** The tables the seed fills: their indexes are dropped during the load and built after it. */
const TABLES = [
  'parties',
  'payees',
  'works',
  'work_writers',
  'recordings',
  'recording_artists',
  'master_splits',
  'releases',
  'release_tracks',
];

async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const passwordHash = await hash(PASSWORD);
  const t0 = performance.now();
  // A throw-away database: no realtime or data-version triggers and no foreign-key checks while the
  // rows go in; the indexes are built after the load from the migrations' own definitions.
  await client.query("set session_replication_role = 'replica'");
  await client.query("set maintenance_work_mem = '512MB'");
  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename = any($1)
       and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`,
    [TABLES],
  );
  for (const index of indexes.rows) await client.query(`drop index "${index.indexname}"`);
  await client.query('select setseed(0.14)');
  // Codes with their check digits (ISWC: T + 9 digits + check; EAN-13: 12 digits + check).
  await client.query(`create function pg_temp.iswc(n bigint) returns text language sql immutable as $$
    select 'T' || d || ((10 - (1 + (select sum(i * substr(d, i, 1)::int) from generate_series(1, 9) i)) % 10) % 10)::text
    from (select lpad(n::text, 9, '0') as d) x $$`);
  await client.query(`create function pg_temp.ean(n bigint) returns text language sql immutable as $$
    select d || ((10 - (select sum(substr(d, i, 1)::int * case when i % 2 = 0 then 3 else 1 end)
      from generate_series(1, 12) i) % 10) % 10)::text
    from (select lpad(n::text, 12, '0') as d) x $$`);
  await client.query('begin');
  const org = await client.query<{ id: string }>(
    `insert into organizations (name, invite_code, subscription_plan_id)
     select 'Bench Catalogue', 'BENCHCAT01', id from subscription_plans where name = 'Label' returning id`,
  );
  const orgId = org.rows[0]!.id;
  await client.query(
    `insert into organizations (name, invite_code, subscription_plan_id)
     select 'Other Label ' || i, 'OTHCAT' || lpad(i::text, 4, '0'), (select id from subscription_plans where name = 'Label')
     from generate_series(1, $1::int) i`,
    [OTHER_LABELS],
  );
  await client.query(
    `with u as (
       insert into users (email, password_hash, user_metadata, email_confirmed_at)
       select e, $1, jsonb_build_object('name', split_part(e, '@', 1)), now()
       from unnest($2::text[]) e returning id, email, user_metadata
     )
     insert into reviewers (user_id, name, email, organization_id, is_admin)
     select id, user_metadata->>'name', email, $3, email = $4 from u`,
    [passwordHash, [MEMBER, EDITOR], orgId, MEMBER],
  );

  // Parties: artists first (numbered 1..LABEL_ARTISTS), then writers, then 200 publishers.
  await client.query(
    `create temp table lp as
     select g as n, gen_random_uuid() as id,
       case when g <= $1::int then ${artistNameSql()} when g <= $1::int + $2::int then ${personSql()}
         else ${pick(words(NOUNS))} || ' ' || ${pick(['Music', 'Publishing', 'Songs', 'Editions'])} end as name
     from generate_series(1, $1::int + $2::int + 200) g`,
    [LABEL_ARTISTS, LABEL_WRITERS],
  );
  await client.query(
    `insert into parties (id, organization_id, name, party_type, roles, ipi, pro, country)
     select id, $1::uuid, name,
       case when n > $2::int + $3::int then 'company' when name like 'The %' then 'group' else 'person' end,
       case when n <= $2::int then array['artist'] when n <= $2::int + $3::int then array['writer'] else array['publisher'] end,
       case when n > $2::int and n % 7 <> 0 then lpad((100000000 + n * 7919)::text, 11, '0') end,
       case when n > $2::int and n % 9 <> 0 then ${pick(['ASCAP', 'BMI', 'PRS', 'GEMA', 'SACEM', 'SOCAN'])} end,
       ${pick(['US', 'GB', 'DE', 'FR', 'SE', 'JP', 'BR', 'NG'])}
     from lp`,
    [orgId, LABEL_ARTISTS, LABEL_WRITERS],
  );
  await client.query(
    `create temp table lpay as select g as n, gen_random_uuid() as id, ${personSql()} as name
     from generate_series(1, $1::int) g`,
    [LABEL_PAYEES],
  );
  await client.query(
    `insert into payees (id, organization_id, name, currency) select id, $1::uuid, name, ${pick(['EUR', 'USD', 'GBP'])} from lpay`,
    [orgId],
  );

  // Works: 70 % with an ISWC; 1 to 3 writers each, shares totalling 100 % except every 10th work.
  await client.query(
    `create temp table lw as select g as n, gen_random_uuid() as id, ${titleSql()} as title
     from generate_series(1, $1::int) g`,
    [LABEL_WORKS],
  );
  await client.query(
    `insert into works (id, organization_id, title, iswc, updated_at)
     select id, $1::uuid, title, case when n % 10 < 7 then pg_temp.iswc(100000000 + n) end,
       now() - random() * interval '900 days'
     from lw`,
    [orgId],
  );
  await client.query(
    `insert into work_writers (organization_id, work_id, party_id, role, share_bp, publisher_id, position)
     select $1::uuid, w.id, writer.id, ${pick(['composer', 'lyricist', 'composer_lyricist', 'composer_lyricist', 'arranger'])},
       10000 / k.count + case when k.i = 1 then 10000 % k.count else 0 end - case when w.n % 10 = 0 and k.i = 1 then 500 else 0 end,
       case when w.n % 2 = 0 then publisher.id end, k.i - 1
     from lw w
     cross join lateral (select i, 1 + w.n % 3 as count from generate_series(1, 1 + w.n % 3) i) k
     join lp writer on writer.n = $2::int + 1 + (w.n * 37 + k.i * 1013) % $3::int
     join lp publisher on publisher.n = $2::int + $3::int + 1 + w.n % 200`,
    [orgId, LABEL_ARTISTS, LABEL_WRITERS],
  );

  // Recordings: the primary artist drawn with a long tail (artist 1 has about 1,100 recordings, most
  // a handful), 15 % featuring a second one; 90 % with an ISRC, 60 % recording a work.
  await client.query(
    `create temp table lr as
     select g as n, gen_random_uuid() as id, ${titleSql()} as title,
       1 + floor(${LABEL_ARTISTS} * power(random(), 2))::int as primary_n,
       case when random() < 0.15 then 1 + floor(random() * ${LABEL_ARTISTS})::int end as featured_n,
       1960 + floor(random() * 67)::int as year
     from generate_series(1, $1::int) g`,
    [LABEL_RECORDINGS],
  );
  await client.query(
    `insert into recordings (id, organization_id, title, version, display_artist, isrc, duration_seconds,
       explicit, genre, language, bpm, p_line_year, p_line_owner, recording_year, origin, work_id, created_at, updated_at)
     select r.id, $1::uuid, r.title, case when random() < 0.1 then ${pick(VERSIONS)} end,
       a.name || coalesce(' feat. ' || f.name, ''),
       case when r.n % 10 <> 0 then 'GBBNC' || lpad((r.year % 100)::text, 2, '0') || lpad((r.n % 100000)::text, 5, '0') end,
       120 + floor(random() * 300)::int, random() < 0.1, ${pick(GENRES)}, ${pick(LANGUAGES)},
       case when random() < 0.5 then 70 + floor(random() * 100)::int end, r.year, 'Bench Catalogue', r.year,
       'imported', case when r.n % 5 < 3 then w.id end,
       now() - random() * interval '900 days', now() - random() * interval '900 days'
     from lr r
     join lp a on a.n = r.primary_n
     left join lp f on f.n = r.featured_n
     left join lw w on w.n = 1 + (r.n * 7919) % ${LABEL_WORKS}`,
    [orgId],
  );
  await client.query(
    `insert into recording_artists (organization_id, recording_id, party_id, role, position)
     select $1::uuid, r.id, a.id, 'primary', 0 from lr r join lp a on a.n = r.primary_n
     union all
     select $1::uuid, r.id, f.id, 'featured', 1 from lr r join lp f on f.n = r.featured_n where f.n <> r.primary_n`,
    [orgId],
  );
  // Master splits on 60 % of recordings: one payee, or two at 50 % each.
  await client.query(
    `insert into master_splits (organization_id, recording_id, payee_id, share_bp)
     select $1::uuid, r.id, p.id, case when r.n % 10 = 0 then 5000 else 10000 end
     from lr r join lpay p on p.n = 1 + (r.n * 31) % ${LABEL_PAYEES} where r.n % 10 < 6
     union all
     select $1::uuid, r.id, p.id, 5000
     from lr r join lpay p on p.n = 1 + (r.n * 31 + 1) % ${LABEL_PAYEES} where r.n % 10 = 0`,
    [orgId],
  );

  // Releases: 80 % with a UPC/EAN, each with a catalogue number; releases 1..TRACKED_RELEASES have
  // 1 to 12 tracks, taken from the recordings in order.
  await client.query(
    `create temp table lrel as
     select g as n, gen_random_uuid() as id, ${titleSql()} as title,
       1 + floor(${LABEL_ARTISTS} * power(random(), 2))::int as artist_n,
       case when g <= $2 then 1 + (g * 13) % 12 else 0 end as tracks
     from generate_series(1, $1::int) g`,
    [LABEL_RELEASES, TRACKED_RELEASES],
  );
  await client.query(
    `insert into releases (id, organization_id, title, display_artist, release_type, upc, catalogue_number,
       label_name, release_date, status, updated_at)
     select rel.id, $1::uuid, rel.title, a.name,
       case when rel.tracks <= 1 then 'single' when rel.tracks <= 5 then 'ep' else 'album' end,
       case when rel.n % 5 <> 0 then pg_temp.ean(500000000000 + rel.n) end,
       'BNC-' || lpad(rel.n::text, 5, '0'), 'Bench Catalogue',
       date '1965-01-01' + floor(random() * 22600)::int,
       ${pick(['released', 'released', 'released', 'released', 'released', 'released', 'released', 'draft', 'ready', 'scheduled', 'withdrawn'])},
       now() - random() * interval '900 days'
     from lrel rel join lp a on a.n = rel.artist_n`,
    [orgId],
  );
  await client.query(
    `insert into release_tracks (organization_id, release_id, recording_id, disc_number, track_number)
     select $1::uuid, rel.id, r.id, 1, r.n - rel.first + 1
     from (select id, tracks, sum(tracks) over (order by n) - tracks + 1 as first from lrel where tracks > 0) rel
     join lr r on r.n between rel.first and rel.first + rel.tracks - 1`,
    [orgId],
  );

  // Other labels' catalogues share every index (and would show if scoping leaked).
  await client.query(
    `create temp table other_orgs as
     select row_number() over (order by id) as i, id from organizations where name like 'Other Label %'`,
  );
  await client.query(
    `insert into recordings (organization_id, title, display_artist, isrc, recording_year, origin, created_at, updated_at)
     select o.id, ${titleSql()}, ${artistNameSql()},
       case when g % 10 <> 0 then 'USOTH' || lpad((g % 100)::text, 2, '0') || lpad((g % 100000)::text, 5, '0') end,
       1960 + floor(random() * 67)::int, 'imported', now() - random() * interval '900 days', now() - random() * interval '900 days'
     from generate_series(1, $1::int) g join other_orgs o on o.i = 1 + g % ${OTHER_LABELS}`,
    [OTHER_RECORDINGS],
  );
  await client.query(
    `insert into releases (organization_id, title, display_artist, upc, catalogue_number, release_date, status)
     select o.id, ${titleSql()}, ${artistNameSql()}, pg_temp.ean(600000000000 + g), 'OTH-' || g,
       date '1965-01-01' + floor(random() * 22600)::int, 'released'
     from generate_series(1, $1::int) g join other_orgs o on o.i = 1 + g % ${OTHER_LABELS}`,
    [OTHER_RELEASES],
  );
  await client.query(
    `insert into works (organization_id, title, iswc)
     select o.id, ${titleSql()}, pg_temp.iswc(200000000 + g)
     from generate_series(1, $1::int) g join other_orgs o on o.i = 1 + g % ${OTHER_LABELS}`,
    [OTHER_WORKS],
  );
  await client.query('commit');
  const t1 = performance.now();
  for (const index of indexes.rows) await client.query(index.indexdef);
  console.info(`built ${indexes.rows.length} indexes in ${Math.round((performance.now() - t1) / 1000)} s`);
  // As autovacuum would: statistics, and the visibility map that lets index-only scans skip the table.
  await client.query('vacuum analyze');
  const counts = await client.query<Record<string, number>>(
    `select (select count(*)::int from recordings) as recordings,
       (select count(*)::int from recordings where organization_id = $1) as label_recordings,
       (select count(*)::int from releases where organization_id = $1) as label_releases,
       (select count(*)::int from release_tracks where organization_id = $1) as label_tracks,
       (select count(*)::int from works where organization_id = $1) as label_works,
       (select count(*)::int from recording_artists where organization_id = $1) as label_credits,
       (select count(*)::int from parties where organization_id = $1) as label_parties`,
    [orgId],
  );
  await client.end();
  console.info(
    `seeded ${JSON.stringify(counts.rows[0])} in ${Math.round((performance.now() - t0) / 1000)} s`,
  );
}

/** The label's busiest artist (about 1,100 recordings) and a typical one (a handful), by credit count. */
async function artists(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = await client.query<{ id: string; name: string; count: number }>(
    `with c as (
       select ra.party_id, count(*)::int as count from recording_artists ra
       join organizations o on o.id = ra.organization_id and o.name = 'Bench Catalogue'
       group by ra.party_id
     )
     (select p.id, p.name, c.count from c join parties p on p.id = c.party_id order by c.count desc, p.id limit 1)
     union all
     (select p.id, p.name, c.count from c join parties p on p.id = c.party_id where c.count between 8 and 15
      order by p.id limit 1)`,
  );
  const recording = await client.query<{ id: string; row_version: number }>(
    `select r.id, r.row_version from recordings r join organizations o on o.id = r.organization_id
     where o.name = 'Bench Catalogue' order by r.id limit 1`,
  );
  await client.end();
  const [busy, typical] = rows.rows;
  if (!busy || !typical || !recording.rows[0]) throw new Error('seeded artists not found');
  return { busy, typical, recording: recording.rows[0] };
}

type Request = { name: string; path: string };

function requestsFor(busyArtist: string, typicalArtist: string): Request[] {
  const recordings = '/api/v1/catalogue/recordings';
  return [
    { name: 'recordings, sort title (page 1)', path: `${recordings}?sort=title&limit=50` },
    { name: 'recordings, sort year desc', path: `${recordings}?sort=year&dir=desc&limit=50` },
    { name: 'recordings, year=1998, sort title', path: `${recordings}?year=1998&sort=title&limit=50` },
    { name: 'recordings, missing=isrc', path: `${recordings}?missing=isrc&limit=50` },
    { name: 'recordings, missing=any', path: `${recordings}?missing=any&limit=50` },
    { name: 'recordings, artist (1,100 credits)', path: `${recordings}?artist=${busyArtist}&limit=50` },
    { name: 'recordings, artist (about 10 credits)', path: `${recordings}?artist=${typicalArtist}&limit=50` },
    { name: 'recordings, q=river', path: `${recordings}?q=river&limit=50` },
    { name: 'recordings, q=torres sort year', path: `${recordings}?q=torres&sort=year&limit=50` },
    { name: 'recordings, sort title, offset 90,000', path: `${recordings}?sort=title&limit=50&offset=90000` },
    {
      name: 'recordings, sort artist, offset 50,000',
      path: `${recordings}?sort=artist&limit=50&offset=50000`,
    },
    {
      name: 'releases, status=released, sort release_date desc',
      path: '/api/v1/catalogue/releases?status=released&sort=release_date&dir=desc&limit=50',
    },
    { name: 'releases, sort title', path: '/api/v1/catalogue/releases?sort=title&limit=50' },
    { name: 'releases, missing=codes', path: '/api/v1/catalogue/releases?missing=codes&limit=50' },
    { name: 'works, sort title', path: '/api/v1/catalogue/works?sort=title&limit=50' },
    { name: 'works, missing=shares', path: '/api/v1/catalogue/works?missing=shares&limit=50' },
  ];
}

/** Every connection cycles through all the requests. */
async function loadMixed(
  name: string,
  base: string,
  headers: Record<string, string>,
  requests: Request[],
): Promise<Result> {
  const list = requests.map((r) => ({ method: 'GET' as const, path: r.path }));
  await autocannon({ url: base, connections: CONNECTIONS, duration: 2, headers, requests: list });
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: list,
  });
  return resultOf(name, CONNECTIONS, r);
}

/** The lists scrolled: every sort with an index, both ways (8 lists of 2,000 pages). */
const SCROLL_LISTS = ['title', 'artist', 'year', 'isrc'].flatMap((sort) =>
  ['asc', 'desc'].map((dir) => `sort=${sort}&dir=${dir}`),
);
const PAGES_PER_LIST = LABEL_RECORDINGS / 50;
const SCROLL_PAGES = SCROLL_LISTS.length * PAGES_PER_LIST;
/** A member scrolls 100 pages (5,000 rows) of one list, then takes another stretch nobody took. */
const STRETCH_PAGES = 100;
/** A member scrolling fast: a page every 100 ms (10 pages, 500 rows a second). */
const MEMBER_PAGE_MS = 100;
const pagePath = (page: number) =>
  `/api/v1/catalogue/recordings?${SCROLL_LISTS[Math.floor(page / PAGES_PER_LIST) % SCROLL_LISTS.length]}` +
  `&limit=50&offset=${(page % PAGES_PER_LIST) * 50}`;

/** The stretches' first pages in a fixed shuffled order: members start on any list, anywhere. */
function shuffledStretches(): number[] {
  const starts = Array.from({ length: SCROLL_PAGES / STRETCH_PAGES }, (_, i) => i * STRETCH_PAGES);
  let seed = 14;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let i = starts.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [starts[i], starts[j]] = [starts[j]!, starts[i]!];
  }
  return starts;
}

/**
 * 20 members scrolling: each asks the next page of its stretch every MEMBER_PAGE_MS (at once when
 * an answer took longer), every page of the 8 lists once (16,000 requests), so no answer is ever in
 * the page cache. Measured with plain keep-alive HTTP: autocannon's rate limit sends each second's
 * requests in one burst, all connections at the same moment, which is not how people scroll.
 */
async function loadMembers(name: string, base: string, headers: Record<string, string>): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const stretches = shuffledStretches();
  const times: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const get = (path: string) =>
    new Promise<void>((resolve) => {
      const req = http.request(`${base}${path}`, { agent, headers }, (res) => {
        if (res.statusCode !== 200) non2xx++;
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let first = stretches.shift(); first !== undefined; first = stretches.shift()) {
        for (let page = first; page < first + STRETCH_PAGES; page++) {
          const t = performance.now();
          await get(pagePath(page));
          const ms = performance.now() - t;
          times.push(ms);
          if (ms < MEMBER_PAGE_MS) await new Promise((r) => setTimeout(r, MEMBER_PAGE_MS - ms));
        }
      }
    }),
  );
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(times.length * q))]!);
  return {
    name: `${name} (${times.length} pages asked)`,
    connections: CONNECTIONS,
    rps: Math.round(times.length / ((performance.now() - started) / 1000)),
    p50: at(0.5),
    p99: at(0.99),
    errors,
    non2xx,
  };
}

/**
 * Every page of the 8 lists asked once (16,000 requests) by 20 connections that each take the next
 * page of one list as soon as their last answered, so 20 consecutive pages are asked at once: a
 * stress no grid makes (a grid asks for the one or two pages in view), kept to show the most pages
 * nobody asked before the server answers.
 */
async function loadLockstep(name: string, base: string, headers: Record<string, string>): Promise<Result> {
  let next = 0;
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: SCROLL_PAGES,
    headers,
    requests: [
      {
        method: 'GET' as const,
        setupRequest: (req: object) => ({ ...req, path: pagePath(next++ % SCROLL_PAGES) }),
      },
    ],
  });
  return resultOf(`${name} (${next} pages asked)`, CONNECTIONS, r);
}

/**
 * The mix, the mix while another member saves a recording about every 250 ms (each save raises the
 * label's data version, so every kept page and total is computed again after it), and scrolling.
 */
async function loadTogether(
  base: string,
  headers: Record<string, string>,
  requests: Request[],
  recording: { id: string },
  editor: Record<string, string>,
  suffix: string,
): Promise<Result[]> {
  const results: Result[] = [];
  results.push(await loadMixed(`all the requests above, mixed${suffix}`, base, headers, requests));
  let version = 0;
  let saves = 0;
  let failedSaves = 0;
  let writing = true;
  const writer = (async () => {
    // The row's current version first (an earlier run saved it too).
    const current = await fetch(`${base}/api/v1/catalogue/recordings/${recording.id}`, { headers: editor });
    version = ((await current.json()) as { row_version: number }).row_version;
    while (writing) {
      const res = await fetch(`${base}/api/v1/catalogue/recordings/${recording.id}`, {
        method: 'PATCH',
        headers: { ...editor, 'content-type': 'application/json' },
        body: JSON.stringify({ row_version: version, genre: saves % 2 === 0 ? 'Pop' : 'Rock' }),
      });
      saves++;
      if (res.status === 200) version = ((await res.json()) as { row_version: number }).row_version;
      else failedSaves++;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  try {
    results.push(await loadMixed(`mixed, a recording saved every 250 ms${suffix}`, base, headers, requests));
  } finally {
    writing = false;
    await writer;
  }
  console.info(`${saves} saves during the mix (${failedSaves} failed); load average after: ${load1()}`);
  results.push(
    await loadMembers(
      `20 members scrolling, a page each 100 ms, each page of 8 lists once${suffix}`,
      base,
      headers,
    ),
    await loadLockstep(`scrolling in lockstep, each page of 8 lists once${suffix}`, base, headers),
  );
  return results;
}

/**
 * Each answer: its size and total (counting the label's own rows only), the first request's time
 * (the count included), then the median of 20 more, one at a time (the count kept; the page too
 * when the page cache is on).
 */
async function aloneTable(base: string, headers: Record<string, string>, requests: Request[]) {
  console.info('\n| request | rows of total | first ms | alone, median ms |\n| --- | ---: | ---: | ---: |');
  for (const r of requests) {
    const timed = async () => {
      const t = performance.now();
      const res = await fetch(`${base}${r.path}`, { headers });
      const body = (await res.json()) as { rows?: unknown[]; total?: number };
      if (res.status !== 200) throw new Error(`${r.path} answered ${res.status}`);
      return { ms: performance.now() - t, body };
    };
    const first = await timed();
    const times: number[] = [];
    for (let i = 0; i < 20; i++) times.push((await timed()).ms);
    times.sort((a, b) => a - b);
    console.info(
      `| ${r.name} | ${first.body.rows?.length} of ${first.body.total} | ${Math.round(first.ms)} | ${times[10]!.toFixed(1)} |`,
    );
  }
}

const load1 = () => loadavg()[0]!.toFixed(2);

const serverUrl = process.env.BENCH_DATABASE_URL;
const reuseUrl = process.env.BENCH_CATALOGUE_DATABASE_URL;
if (!serverUrl && !reuseUrl) {
  console.warn('catalogue benchmark skipped: set BENCH_DATABASE_URL (it needs PostgreSQL).');
  process.exit(0);
}

const database = reuseUrl ? undefined : await createDatabase(serverUrl!, 'mr_bench_catalogue');
const databaseUrl = reuseUrl ?? database!.url;

try {
  // The server migrates a new database at start; seeding happens after.
  const server = await startServer({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false' });
  try {
    if (!reuseUrl) await seed(databaseUrl);
    const { busy, typical, recording } = await artists(databaseUrl);
    console.info(`artists: "${busy.name}" (${busy.count} credits), "${typical.name}" (${typical.count})`);
    const headers = { authorization: `Bearer ${await server.signIn(MEMBER, PASSWORD)}` };
    const requests = requestsFor(busy.id, typical.id);
    console.info(`load average before: ${load1()}`);
    await aloneTable(server.base, headers, requests);
    const unfiltered = (await (
      await fetch(`${server.base}/api/v1/catalogue/recordings?limit=1`, { headers })
    ).json()) as { total: number };
    if (unfiltered.total !== LABEL_RECORDINGS)
      throw new Error(`the label's total is ${unfiltered.total}, not ${LABEL_RECORDINGS}: scoping leaks`);

    console.info(`\nload average before the load runs: ${load1()}`);
    const results: Result[] = [];
    for (const r of requests)
      results.push(await load(r.name, `${server.base}${r.path}`, CONNECTIONS, headers));
    const editor = { authorization: `Bearer ${await server.signIn(EDITOR, PASSWORD)}` };
    results.push(...(await loadTogether(server.base, headers, requests, recording, editor, '')));
    printTable('Catalogue grid (page of 50), pages kept under the data version (as deployed)', results);
  } finally {
    await server.stop();
  }

  // The same together-runs with the page cache off (decision 0032): what every page costs when it
  // is asked for the first time since a change (the totals are still kept).
  const uncached = await startServer({
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    CATALOGUE_CACHE_ENTRIES: '0',
  });
  try {
    const { busy, typical, recording } = await artists(databaseUrl);
    const headers = { authorization: `Bearer ${await uncached.signIn(MEMBER, PASSWORD)}` };
    const editor = { authorization: `Bearer ${await uncached.signIn(EDITOR, PASSWORD)}` };
    const requests = requestsFor(busy.id, typical.id);
    console.info(`\nWithout the page cache, load average before: ${load1()}`);
    await aloneTable(uncached.base, headers, requests);
    printTable(
      'Catalogue grid (page of 50), CATALOGUE_CACHE_ENTRIES=0',
      await loadTogether(uncached.base, headers, requests, recording, editor, ' (page cache off)'),
    );
  } finally {
    await uncached.stop();
  }
} finally {
  if (database) {
    if (process.env.BENCH_KEEP_DATABASE === '1') console.info(`kept database ${database.url}`);
    else await database.drop();
  }
}
