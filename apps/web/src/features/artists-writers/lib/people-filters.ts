import type { PartyRole, PeopleTab } from '@music-review/core/catalogue';
import type { PartyListFilters } from '../api/keys';

type PartyTab = Exclude<PeopleTab, 'payees'>;

/** The roles each people tab lists, the first by default (publishers beside writers, producers beside artists). */
export const TAB_ROLES: Record<PartyTab, readonly [PartyRole, ...PartyRole[]]> = {
  artists: ['artist', 'producer'],
  writers: ['writer', 'publisher'],
};

export const ROLE_NOUNS: Record<PartyRole, { one: string; many: string; heading: string }> = {
  artist: { one: 'artist', many: 'artists', heading: 'Artists' },
  producer: { one: 'producer', many: 'producers', heading: 'Producers' },
  writer: { one: 'writer', many: 'writers', heading: 'Writers' },
  publisher: { one: 'publisher', many: 'publishers', heading: 'Publishers' },
};

export const SORT_LABELS: Record<PartyListFilters['sort'], string> = {
  name: 'Name',
  updated: 'Recently updated',
};

/** A tab's list filters as the URL holds them (?q=, ?role=, ?sort=); anything unknown falls back. */
export function partyFiltersFrom(
  tab: PartyTab,
  params: URLSearchParams,
): PartyListFilters & { role: PartyRole } {
  const roles: readonly PartyRole[] = TAB_ROLES[tab];
  const role = roles.find((r) => r === params.get('role')) ?? TAB_ROLES[tab][0];
  return {
    role,
    q: (params.get('q') ?? '').trim(),
    sort: params.get('sort') === 'updated' ? 'updated' : 'name',
  };
}
