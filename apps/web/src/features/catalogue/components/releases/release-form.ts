/**
 * The release drawer's form: values as typed, checked at entry by core's releaseFields (UPC/EAN check
 * digit, catalogue number, dates, rights lines), and the changes to save.
 */
import type { FieldErrors } from '@music-review/core/api-errors';
import type { ReleaseStatus, ReleaseType } from '@music-review/core/catalogue';
import { releaseFields, type updateReleaseBody } from '@music-review/core/catalogue-schemas';
import type { ReleaseDto } from '@music-review/core/contracts/catalogue';
import type { z } from 'zod';
import { issuesByField, numberOrNull, sameValue, textOrNull } from '../../form-values';
import { tracksInput } from './release-tracks';
import type { TrackValue } from './track-list';

export interface ReleaseValues {
  title: string;
  version: string;
  display_artist: string;
  release_type: ReleaseType;
  upc: string;
  catalogue_number: string;
  label_name: string;
  release_date: string;
  original_release_date: string;
  p_line_year: string;
  p_line_owner: string;
  c_line_year: string;
  c_line_owner: string;
  genre: string;
  status: ReleaseStatus;
  tracks: TrackValue[];
}

const str = (value: string | number | null) => (value === null ? '' : String(value));

export function releaseValues(release: ReleaseDto): ReleaseValues {
  return {
    title: release.title,
    version: str(release.version),
    display_artist: release.display_artist,
    release_type: release.release_type,
    upc: str(release.upc),
    catalogue_number: str(release.catalogue_number),
    label_name: str(release.label_name),
    release_date: str(release.release_date),
    original_release_date: str(release.original_release_date),
    p_line_year: str(release.p_line_year),
    p_line_owner: str(release.p_line_owner),
    c_line_year: str(release.c_line_year),
    c_line_owner: str(release.c_line_owner),
    genre: str(release.genre),
    status: release.status,
    tracks: [...release.tracks]
      .sort((a, b) => a.disc_number - b.disc_number || a.track_number - b.track_number)
      .map((track) => ({
        recording_id: track.recording_id,
        title: track.version ? `${track.title} (${track.version})` : track.title,
        display_artist: track.display_artist,
        isrc: track.isrc,
        disc: String(track.disc_number),
      })),
  };
}

export type ReleaseChanges = Omit<z.input<typeof updateReleaseBody>, 'row_version'>;

export const releaseValueOf = (path: string) => (path.split('.')[0] ?? path) as keyof ReleaseValues;

/** Checks the whole form as the server will, and picks what changed since `base`. */
export function checkRelease(
  values: ReleaseValues,
  base: ReleaseValues,
): { errors: FieldErrors; changes: ReleaseChanges | null } {
  const { input, errors: discErrors } = tracksInput(values.tracks);
  const checked = releaseFields.safeParse({
    title: values.title,
    version: textOrNull(values.version),
    display_artist: values.display_artist,
    release_type: values.release_type,
    upc: values.upc.trim(),
    catalogue_number: values.catalogue_number.trim(),
    label_name: textOrNull(values.label_name),
    release_date: textOrNull(values.release_date),
    original_release_date: textOrNull(values.original_release_date),
    p_line_year: numberOrNull(values.p_line_year),
    p_line_owner: textOrNull(values.p_line_owner),
    c_line_year: numberOrNull(values.c_line_year),
    c_line_owner: textOrNull(values.c_line_owner),
    genre: textOrNull(values.genre),
    status: values.status,
    tracks: input,
  });
  const errors: FieldErrors = { ...(checked.success ? {} : issuesByField(checked.error)), ...discErrors };
  if (!checked.success || Object.keys(discErrors).length > 0) return { errors, changes: null };
  const picked: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(checked.data)) {
    const key = releaseValueOf(field);
    if (!sameValue(values[key], base[key])) picked[field] = value;
  }
  return { errors, changes: Object.keys(picked).length > 0 ? (picked as ReleaseChanges) : null };
}
