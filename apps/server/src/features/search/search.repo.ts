import { SEARCH_GROUP_LIMIT } from '@music-review/core/search';
import type { Database } from '../../platform/db/index.ts';
import { labelTrigramKeys } from '../../platform/db/label-trigrams.ts';

/**
 * Global search: every group (songs, artists, contracts, metadata forms) in one statement.
 *
 * Each group is a short list of tiers, best matches first, joined with UNION ALL under LIMIT 5.
 * PostgreSQL runs a UNION ALL branch only when the ones before it gave fewer rows than the limit,
 * so a query that fills a group from its first tier never pays for the others:
 *
 * 1. prefix: the text starts with the query. An ordered walk of a btree on
 *    (organization_id, lower(text) COLLATE "C"), bounded by the range [q, q || U+10FFFF). Works
 *    from 2 characters and gives exact and prefix matches first, alphabetically.
 * 2. recent: the text contains the query, among the organization's newest WINDOW rows, read from a
 *    covering index (no table access). A common query fills the group here after a few rows.
 * 3. indexed: the text contains the query anywhere in the organization, through a GIN index on
 *    search_trigrams(organization_id, text) (migration 0007): pg_trgm's trigrams of the text, each
 *    prefixed with the organization, so a lookup reads the posting lists of one label only, not
 *    of every label (pg_trgm's own index costs 10-20 ms for common words on a million songs). A
 *    trigram needs 3 letters or digits in a row; a 2-character query looks for words starting
 *    with it ('% ab%') here.
 *
 * Blind review: a song's artist counts (and is returned) only when the caller may see it: the song
 * is signed, or the caller reviewed its current version (the same rule as the overview and the
 * review dashboard). Artists are those of the label's signed songs, the ones the Artists results
 * lead to (/signed-songs?artist=).
 *
 * Runs as the table owner, not in withOrg: row-level security lets an index answer only leakproof
 * conditions, and ILIKE, pg_trgm's operators and lower() are not, so under RLS every search would
 * read every row of the label. Every table reference below therefore filters on organization_id
 * itself (search.test.ts proves another label's rows never appear).
 *
 * Every value comes in through a scalar subquery, `(select $n)`: the planner cannot look inside,
 * so the plans for custom and generic parameters cost the same and PostgreSQL keeps the named
 * statement's generic plan after five runs on a connection (planning this statement costs 5-25
 * ms, running it well under one); the tiers above are shaped so that plan is the intended one
 * whatever the label's size. search_trigrams is PARALLEL UNSAFE so that plan never starts
 * parallel workers (about 10 ms) to read a handful of rows.
 */

/** Rows of the organization read by the "recent" tier of each group. */
export const SEARCH_WINDOW = 100;
/** Rows the trigram tier may read from the table: bounds the cost of a very common query. */
export const SEARCH_TRIGRAM_ROWS = 2000;

const LIMIT = SEARCH_GROUP_LIMIT;
const ORG = '(select $1::uuid)';
const REVIEWER = '(select $2::uuid)';
const LOWER_Q = '(select lower($3::text))';
// U+10FFFF is the largest code point: every string that starts with q sorts below q || U+10FFFF.
const LOWER_Q_END = '(select lower($3::text) || chr(1114111))';
// Lower-cased once here, so the "recent" tier lowers each row once and compares with LIKE (ILIKE
// would lower the pattern again on every row).
const CONTAINS = '(select lower($4::text))';
/** What the trigram tier's rows must match: contains the query, or a word starts with it. */
const TRIGRAM = '(select lower($5::text))';
// An empty key list would make the GIN index read every entry: the tier is skipped instead.
const USE_TRIGRAM = '(select cardinality($6::text[]) > 0)';
/** The keys the trigram tier looks up (see trigramSearch). */
const TRIGRAM_KEYS = '(select $6::text[])';
/**
 * The trigram tier's condition on a column: the GIN lookup, then the exact match. lower() LIKE
 * rather than ILIKE, which pg_trgm's own (all-labels) indexes could answer: the planner would AND
 * their long lists in for nothing.
 */
const trigramMatch = (column: string) =>
  `search_trigrams(s.organization_id, ${column}) @> ${TRIGRAM_KEYS} and lower(${column}) like ${TRIGRAM}`;

/** Rows of `column` (an expression on an indexed lower(...) COLLATE "C") that start with q. */
const startsWithRange = (lowered: string) =>
  `${lowered} collate "C" >= ${LOWER_Q} collate "C" and ${lowered} collate "C" < ${LOWER_Q_END} collate "C"`;

/** Blind review: may the caller see the artist of song `s`? */
const isArtistVisible = (s: string) =>
  `(${s}.status = 'signed' or coalesce((select true from reviews r where r.song_id = ${s}.id
    and r.reviewer_id = ${REVIEWER} and r.song_version_number = ${s}.current_version_number), false))`;

const SONGS = `
song_title_prefix as materialized (
  select s.id, 1 as tier, lower(s.title) collate "C" as sort_text
  from songs s
  where s.organization_id = ${ORG} and ${startsWithRange('lower(s.title)')}
  order by lower(s.title) collate "C"
  limit ${LIMIT}
),
song_artist_prefix as materialized (
  -- Artist prefix matches the caller may see; at most 300 looked at, so a label the caller has
  -- hardly reviewed cannot make this walk long.
  select x.id, 2 as tier, x.sort_text
  from (
    select s.id, s.title, s.status, s.current_version_number, lower(s.artist) collate "C" as sort_text
    from songs s
    where s.organization_id = ${ORG} and ${startsWithRange('lower(s.artist)')}
    order by lower(s.artist) collate "C"
    limit 300
  ) x
  where not starts_with(lower(x.title), ${LOWER_Q}) and ${isArtistVisible('x')}
  limit ${LIMIT}
),
song_recent as materialized (
  select x.id, 3 as tier, null::text as sort_text
  from (
    select s.id, lower(s.title) as title, lower(s.artist) as artist, s.status, s.current_version_number
    from songs s
    where s.organization_id = ${ORG}
    order by s.submitted_at desc
    limit ${SEARCH_WINDOW}
  ) x
  where (x.title like ${CONTAINS} or (x.artist like ${CONTAINS} and ${isArtistVisible('x')}))
    and not starts_with(x.title, ${LOWER_Q})
    and not (starts_with(x.artist, ${LOWER_Q}) and ${isArtistVisible('x')})
  limit ${LIMIT}
),
song_indexed as (
  -- The inner LIMIT keeps the organization filter out of the scan, so the only way to it is the
  -- trigram indexes (never the organization's whole list), whose keys hold the organization.
  select x.id, 4 as tier, null::text as sort_text
  from (
    select s.id, s.organization_id, s.title
    from songs s
    where ${USE_TRIGRAM} and (${trigramMatch('s.title')} or (s.status = 'signed' and ${trigramMatch('s.artist')}))
    limit ${SEARCH_TRIGRAM_ROWS}
  ) x
  where x.organization_id = ${ORG}
    and not starts_with(lower(x.title), ${LOWER_Q})
    and x.id not in (select id from song_recent)
    and x.id not in (select id from song_artist_prefix)
  limit ${LIMIT}
),
song_hits as (
  select * from (
    select * from song_title_prefix
    union all select * from song_artist_prefix
    union all select * from song_recent
    union all select * from song_indexed
    limit ${LIMIT}
  ) h
)`;

const ARTISTS = `
artist_prefix as materialized (
  select distinct on (lower(s.artist) collate "C") s.artist as name, 1 as tier,
    lower(s.artist) collate "C" as sort_text
  from songs s
  where s.organization_id = ${ORG} and s.status = 'signed' and ${startsWithRange('lower(s.artist)')}
  order by lower(s.artist) collate "C"
  limit ${LIMIT}
),
artist_recent as materialized (
  select distinct on (c.sort_text) c.name, 2 as tier, c.sort_text
  from (
    select x.artist as name, x.lowered collate "C" as sort_text
    from (
      select s.artist, lower(s.artist) as lowered from songs s
      where s.organization_id = ${ORG} and s.status = 'signed'
      order by s.submitted_at desc
      limit ${SEARCH_WINDOW}
    ) x
    where x.lowered like ${CONTAINS} and not starts_with(x.lowered, ${LOWER_Q})
    limit ${LIMIT * 5}
  ) c
  order by c.sort_text
  limit ${LIMIT}
),
artist_indexed as (
  select distinct on (c.sort_text) c.name, 3 as tier, c.sort_text
  from (
    select x.artist as name, lower(x.artist) collate "C" as sort_text
    from (
      select s.organization_id, s.artist from songs s
      where ${USE_TRIGRAM} and s.status = 'signed' and ${trigramMatch('s.artist')}
      limit ${SEARCH_TRIGRAM_ROWS}
    ) x
    where x.organization_id = ${ORG} and not starts_with(lower(x.artist), ${LOWER_Q})
    limit ${LIMIT * 2}
  ) c
  where c.sort_text not in (select sort_text from artist_recent)
  order by c.sort_text
  limit ${LIMIT}
),
artist_hits as (
  select * from (
    select * from artist_prefix
    union all select * from artist_recent
    union all select * from artist_indexed
    limit ${LIMIT}
  ) h
)`;

const CONTRACTS = `
contract_prefix as materialized (
  select c.id, 1 as tier, lower(c.artist_name) collate "C" as sort_text
  from contracts c
  where c.organization_id = ${ORG} and ${startsWithRange('lower(c.artist_name)')}
  order by lower(c.artist_name) collate "C"
  limit ${LIMIT}
),
contract_recent as materialized (
  select x.id, 2 as tier, null::text as sort_text
  from (
    select c.id, lower(c.artist_name) as artist_name from contracts c
    where c.organization_id = ${ORG}
    order by c.updated_at desc
    limit ${SEARCH_WINDOW}
  ) x
  where x.artist_name like ${CONTAINS} and not starts_with(x.artist_name, ${LOWER_Q})
  limit ${LIMIT}
),
contract_indexed as (
  select x.id, 3 as tier, null::text as sort_text
  from (
    select s.id, s.organization_id, s.artist_name from contracts s
    where ${USE_TRIGRAM} and ${trigramMatch('s.artist_name')}
    limit ${SEARCH_TRIGRAM_ROWS}
  ) x
  where x.organization_id = ${ORG}
    and not starts_with(lower(x.artist_name), ${LOWER_Q})
    and x.id not in (select id from contract_recent)
  limit ${LIMIT}
),
contract_hits as (
  select * from (
    select * from contract_prefix
    union all select * from contract_recent
    union all select * from contract_indexed
    limit ${LIMIT}
  ) h
)`;

// A label has a handful of metadata statuses: walk the distinct ones through the index (one probe
// each), keep those containing the query, then take the newest forms of each.
const METADATA = `
metadata_statuses as (
  with recursive st(status) as (
    (select m.status from metadata_forms m where m.organization_id = ${ORG} order by m.status limit 1)
    union all
    select (select m.status from metadata_forms m
            where m.organization_id = ${ORG} and m.status > st.status order by m.status limit 1)
    from st where st.status is not null
  )
  select status from st where status is not null and lower(status) like ${CONTAINS}
),
metadata_hits as (
  select f.id, case when starts_with(lower(st.status), ${LOWER_Q}) then 1 else 2 end as tier, f.updated_at
  from metadata_statuses st
  cross join lateral (
    select m.id, m.updated_at from metadata_forms m
    where m.organization_id = ${ORG} and m.status = st.status
    order by m.updated_at desc
    limit ${LIMIT}
  ) f
  order by tier, f.updated_at desc
  limit ${LIMIT}
)`;

export const SEARCH_SQL = `
with ${SONGS}, ${ARTISTS}, ${CONTRACTS}, ${METADATA}
select 'song' as kind, h.tier, h.sort_text, s.submitted_at as at, s.id, s.id as song_id, s.title,
  case when ${isArtistVisible('s')} then s.artist end as artist, s.status
from song_hits h join songs s on s.id = h.id and s.organization_id = ${ORG}
union all
select 'artist', a.tier, a.sort_text, null, null, null, null, a.name, null
from artist_hits a
union all
select 'contract', h.tier, h.sort_text, c.updated_at, c.id, c.song_id, s.title, c.artist_name, c.status
from contract_hits h
join contracts c on c.id = h.id and c.organization_id = ${ORG}
join songs s on s.id = c.song_id and s.organization_id = ${ORG}
union all
select 'metadata', h.tier, null, m.updated_at, m.id, m.song_id, s.title,
  case when ${isArtistVisible('s')} then s.artist end, m.status
from metadata_hits h
join metadata_forms m on m.id = h.id and m.organization_id = ${ORG}
join songs s on s.id = m.song_id and s.organization_id = ${ORG}`;

export interface SearchRow {
  kind: 'song' | 'artist' | 'contract' | 'metadata';
  /** 1 = best (prefix); within a tier, sort_text ascending, then `at` newest first. */
  tier: number;
  sort_text: string | null;
  at: Date | string | null;
  id: string | null;
  song_id: string | null;
  title: string | null;
  /** Songs and metadata: the song's artist, null when hidden; artists: the name; contracts: artist_name. */
  artist: string | null;
  status: string | null;
}

/** LIKE's wildcards and escape character taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What the trigram tier looks for: the ILIKE pattern its rows must match, and the keys to look up
 * in the search_trigrams(organization_id, text) GIN indexes (migration 0007: pg_trgm's trigrams of
 * the text, each prefixed with the first 8 characters of the organization id).
 *
 * - 3 letters or digits in a row: texts containing the query. Keys: every trigram inside each such
 *   run. A text containing the query has the run inside one of its words, so it has them all
 *   (pg_trgm lower-cases, and keeps ASCII trigrams as they are).
 * - exactly 2 letters or digits: texts with a word starting with the query. Key: ' ab', the
 *   trigram pg_trgm makes for the start of such a word.
 * - otherwise no keys, and no trigram tier.
 */
export function trigramSearch(organizationId: string, query: string): { pattern: string; keys: string[] } {
  const label = organizationId.slice(0, 8).toLowerCase();
  const lowered = query.toLowerCase();
  const contained = labelTrigramKeys(organizationId, query);
  if (contained.length > 0) return { pattern: `%${escapeLike(query)}%`, keys: contained };
  if (/^[a-z0-9]{2}$/.test(lowered))
    return { pattern: `% ${escapeLike(query)}%`, keys: [`${label} ${lowered}`] };
  return { pattern: '', keys: [] };
}

export async function searchRows(
  database: Database,
  organizationId: string,
  reviewerId: string,
  query: string,
) {
  const trigram = trigramSearch(organizationId, query);
  const reason = 'search filters on organization_id itself so its indexes apply (see above)';
  return database.preparedAsOwner<SearchRow>(reason, 'search_everything_v1', SEARCH_SQL, [
    organizationId,
    reviewerId,
    query,
    `%${escapeLike(query)}%`,
    trigram.pattern,
    trigram.keys,
  ]);
}
