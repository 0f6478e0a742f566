/**
 * Keys for the search_trigrams(organization_id, text) GIN indexes (migration 0007): pg_trgm's
 * trigrams of a text, each prefixed with the first 8 characters of the organization id, so a lookup
 * reads one label's posting lists only (pg_trgm's own indexes read every label's).
 */

/**
 * The keys every text containing `query` has (case aside): each trigram inside each run of 3 or more
 * letters or digits of the query. Such a run lies inside one word of any text that contains the
 * query, so the word's trigrams (pg_trgm lower-cases, keeps ASCII trigrams as they are) include all
 * of the run's. Empty when the query has no such run (one or two characters, other scripts): the
 * caller then matches without these indexes.
 */
export function labelTrigramKeys(organizationId: string, query: string): string[] {
  const label = organizationId.slice(0, 8).toLowerCase();
  const keys = new Set<string>();
  for (const run of query.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [])
    for (let i = 0; i + 3 <= run.length; i++) keys.add(label + run.slice(i, i + 3));
  return [...keys];
}
