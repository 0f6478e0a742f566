import type { SongDto } from '@music-review/core/api';
import { createSong as createSongEndpoint } from '@music-review/core/contracts/songs';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { reviewDashboardQueryKey } from '../../review';

/** The server's texts for the same checks (POST /api/v1/songs). */
export const trackDetailsMessages = {
  titleRequired: 'Please enter a title',
  artistRequired: 'Please enter an artist',
  emailInvalid: 'Please enter a valid email address',
} as const;

/** The server's limit for a title and an artist. */
export const MAX_DETAIL_LENGTH = 200;

const email = z.email(trackDetailsMessages.emailInvalid);

/** What the user types for one track; the submitter's email is optional. */
export const trackDetailsSchema = z.object({
  title: z.string().trim().min(1, trackDetailsMessages.titleRequired).max(MAX_DETAIL_LENGTH),
  artist: z.string().trim().min(1, trackDetailsMessages.artistRequired).max(MAX_DETAIL_LENGTH),
  submission_source: z
    .string()
    .trim()
    .refine((value) => value === '' || email.safeParse(value).success, trackDetailsMessages.emailInvalid),
});
export type TrackDetails = z.infer<typeof trackDetailsSchema>;

export interface CreateSongBody extends TrackDetails {
  /** Chosen by the browser, so the storage keys (.../audio/{id}/...) and the song agree. */
  id: string;
  audio_file_key: string;
  /** Left out when the waveform could not be made: the player generates it later. */
  waveform_file_key?: string;
}

/**
 * POST /api/v1/songs: 201 with the song. 403 plan_limit_reached names the plan's limit; 400 gives
 * the first field's message.
 */
export function createSong(api: ApiClient, body: CreateSongBody, signal?: AbortSignal): Promise<SongDto> {
  return api.call(createSongEndpoint, { body, signal });
}

/**
 * Prefix of the song lists of the Overview and Signed Songs pages (GET /api/v1/overview). Spelled
 * here rather than imported: those features are built beside this one.
 */
const overviewQueryPrefix = ['overview'] as const;

/**
 * After tracks are added, the lists that show songs refetch: the Review Dashboard and the
 * Overview. (Other members' screens follow through realtime, table:songs.)
 */
export function useInvalidateSongLists() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewDashboardQueryKey }),
        queryClient.invalidateQueries({ queryKey: overviewQueryPrefix }),
      ]),
    [queryClient],
  );
}
