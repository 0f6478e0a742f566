import {
  dedupeArtists,
  normalizeSearchQuery,
  type SearchResultsDto,
  titleOrUntitled,
} from '@music-review/core/search';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { createVersionedCache, organizationDataVersion } from '../../platform/cache/versioned-cache.ts';
import { type SearchRow, searchRows } from './search.repo.ts';

const time = (at: SearchRow['at']) => (at === null ? 0 : new Date(at).getTime());

/** Best first: the better tier, then alphabetically (prefix tiers), then the newest. */
function byRank(a: SearchRow, b: SearchRow) {
  if (a.tier !== b.tier) return a.tier - b.tier;
  const byText = (a.sort_text ?? '').localeCompare(b.sort_text ?? '');
  return byText !== 0 ? byText : time(b.at) - time(a.at);
}

export function createSearchService(ctx: AppContext) {
  const cache = createVersionedCache<SearchResultsDto>(ctx.config.SEARCH_CACHE_ENTRIES);

  return {
    /**
     * GET /api/v1/search: every group, scoped to the caller's organization, at most 5 each. Typing,
     * backspacing and reopening the box repeat queries: an answer is kept per reviewer (blind review
     * makes answers personal) and query under the organization's data version, which the triggers
     * of every table read here raise on any change (decision 0007).
     */
    async search(member: Member, text: string): Promise<SearchResultsDto> {
      const query = normalizeSearchQuery(text);
      if (!cache.enabled) return this.compute(member, query);
      const version =
        member.dataVersion ?? (await organizationDataVersion(ctx.database, member.organizationId));
      return cache.through(
        `${member.organizationId}/${member.reviewer.id}/${query}`,
        version,
        new Date(),
        () => this.compute(member, query),
      );
    },

    async compute(member: Member, query: string): Promise<SearchResultsDto> {
      const rows = await searchRows(ctx.database, member.organizationId, member.reviewer.id, query);
      const of = (kind: SearchRow['kind']) => rows.filter((r) => r.kind === kind).sort(byRank);
      return {
        query,
        songs: of('song').map((r) => ({
          id: r.id!,
          title: titleOrUntitled(r.title),
          artist: r.artist,
          status: r.status!,
        })),
        // The statement already keeps distinct names containing the query; the spec's rule is
        // applied again here so a change to the SQL cannot break it.
        artists: dedupeArtists(
          of('artist').map((r) => r.artist!),
          query,
        ).map((name) => ({ name })),
        contracts: of('contract').map((r) => ({
          id: r.id!,
          song_id: r.song_id!,
          song_title: titleOrUntitled(r.title),
          artist_name: r.artist!,
          status: r.status!,
        })),
        metadata: of('metadata').map((r) => ({
          id: r.id!,
          song_id: r.song_id!,
          song_title: titleOrUntitled(r.title),
          artist: r.artist,
          status: r.status!,
        })),
      };
    },
  };
}
