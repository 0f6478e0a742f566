import type { CatalogueTargetDto, ResolutionDto, UnmatchedGroupDto } from '../finance-types';

/** What identifies a group on screen and in the selection (its source and identifier). */
export const groupKey = (group: Pick<UnmatchedGroupDto, 'source' | 'identifier_kind' | 'identifier'>) =>
  `${group.source}\u0000${group.identifier_kind}\u0000${group.identifier}`;

/** The group's title as the statement named it: the track's, else the release's. */
export const groupTitle = (group: UnmatchedGroupDto) =>
  group.track_title ?? group.release_title ?? 'No title';

/** "Golden Hour — Sunny (ISRC GBAAA2400001)": a catalogue entry as a member tells it apart. */
export function targetText(target: CatalogueTargetDto): string {
  const code = target.code ? ` (${target.kind === 'recording' ? 'ISRC' : 'UPC'} ${target.code})` : '';
  return `${target.title} — ${target.display_artist}${code}`;
}

/** The request that assigns a group's identifier to a recording or a release (one of them). */
export function resolutionOf(
  group: UnmatchedGroupDto,
  target: Pick<CatalogueTargetDto, 'kind' | 'id'>,
): ResolutionDto {
  return {
    source: group.source,
    identifier_kind: group.identifier_kind,
    identifier: group.identifier,
    ...(target.kind === 'recording' ? { recording_id: target.id } : { release_id: target.id }),
  };
}
