import type { FieldErrors } from '@music-review/core/api-errors';
import { CATALOGUE_LIMITS, CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { TrackValue } from './track-list';

export const DISC_MESSAGE = `Enter a disc number from 1 to ${CATALOGUE_LIMITS.discs}`;

/** The tracks as the API takes them, and each disc number's problem (before the schema's own check). */
export function tracksInput(tracks: TrackValue[]): {
  input: { recording_id: string; disc_number: number }[];
  errors: FieldErrors;
} {
  const errors: FieldErrors = {};
  const input = tracks.map((track, index) => {
    const disc = Number(track.disc);
    if (!Number.isInteger(disc) || disc < 1 || disc > CATALOGUE_LIMITS.discs)
      errors[`tracks.${index}.disc_number`] = DISC_MESSAGE;
    return { recording_id: track.recording_id, disc_number: disc };
  });
  return { input, errors };
}

/** Adds a recording at the end (on the last track's disc), refusing one already there. */
export function addTrack(
  tracks: TrackValue[],
  track: Omit<TrackValue, 'disc'>,
): { tracks: TrackValue[]; error: string | null } {
  if (tracks.some((t) => t.recording_id === track.recording_id))
    return { tracks, error: CATALOGUE_MESSAGES.trackTwice };
  return { tracks: [...tracks, { ...track, disc: tracks[tracks.length - 1]?.disc ?? '1' }], error: null };
}
