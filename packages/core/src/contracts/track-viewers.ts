/**
 * Who is viewing a song (spec sections 3 track_viewers, 7 stop_viewing_track, 9): the viewer
 * heartbeat, leaving, and the list. The contract of each endpoint (packages/core/src/endpoint.ts);
 * handlers: apps/server/src/features/track-viewers/track-viewers.routes.ts.
 */
import { z } from 'zod';
import { avatarFields } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { TRACK_VIEWER_PAGES } from '../track-viewers.ts';

// A UUID like every id in a path (contract-schemas.ts `uuid`), with the API's own message.
const songParams = z.object({ id: z.uuid({ message: 'id: must be a song id' }) });

const trackViewingBody = z.object({
  page: z.enum(TRACK_VIEWER_PAGES, { message: `page: must be one of ${TRACK_VIEWER_PAGES.join(', ')}` }),
});

const viewer = z.object({
  reviewer_id: z.string(),
  name: z.string(),
  ...avatarFields,
  page: z.string(),
  last_activity: z.string(),
});

export type TrackViewingBody = z.infer<typeof trackViewingBody>;
/** A member active on the song within the window (TRACK_VIEWER_WINDOW_MS). */
export type TrackViewerDto = z.infer<typeof viewer>;

export const sendTrackViewing = endpoint({
  operationId: 'sendTrackViewing',
  summary: 'The viewer heartbeat: the caller is on this page of the song',
  tag: 'track-viewers',
  method: 'PUT',
  path: '/api/v1/songs/:id/viewers',
  access: 'member',
  params: songParams,
  body: trackViewingBody,
  responses: { 204: null },
  errors: ['not_found'],
});

export const stopTrackViewing = endpoint({
  operationId: 'stopTrackViewing',
  summary: 'The caller left the song (stop_viewing_track)',
  tag: 'track-viewers',
  method: 'DELETE',
  path: '/api/v1/songs/:id/viewers',
  access: 'member',
  params: songParams,
  responses: { 204: null },
  errors: ['not_found'],
});

export const listTrackViewers = endpoint({
  operationId: 'listTrackViewers',
  summary: 'Who is on the song now, the caller included, latest activity first',
  tag: 'track-viewers',
  method: 'GET',
  path: '/api/v1/songs/:id/viewers',
  access: 'member',
  params: songParams,
  responses: { 200: z.array(viewer) },
  errors: ['not_found'],
});
