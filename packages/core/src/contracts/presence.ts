/**
 * Presence (spec sections 2 "User menu", 4 "Presence", 7 "Beacon" and 9): the heartbeat, the team's
 * presence, and the page-unload beacon. The contract of each endpoint (packages/core/src/endpoint.ts);
 * handlers: apps/server/src/features/presence/presence.routes.ts.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  CURRENT_ACTIVITY_MAX,
  PRESENCE_OFFLINE_BEACON_PATH,
  PRESENCE_STATUSES,
  VIEWING_PAGES,
} from '../presence.ts';

const heartbeatBody = z.object({
  status: z.enum(PRESENCE_STATUSES, { message: "status: must be 'online', 'away' or 'offline'" }),
  current_activity: z
    .string()
    .max(CURRENT_ACTIVITY_MAX, { message: `current_activity: at most ${CURRENT_ACTIVITY_MAX} characters` })
    .nullish(),
  viewing: z
    .object({
      song_id: z.uuid({ message: 'viewing.song_id: not a song id' }),
      page: z.enum(VIEWING_PAGES, { message: `viewing.page: must be one of ${VIEWING_PAGES.join(', ')}` }),
    })
    .nullish()
    .meta({ description: 'The signed song being viewed; absent or null stops viewing.' }),
});

const presence = z.object({ status: z.enum(PRESENCE_STATUSES), last_seen: z.string() });

const viewing = z.object({
  song_id: z.string(),
  song_title: z.string(),
  page: z.string(),
  last_activity: z.string(),
});

const presenceMember = z.object({
  reviewer_id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(PRESENCE_STATUSES).meta({
    description: 'As others see it (effectivePresenceStatus): offline once the last heartbeat is too old.',
  }),
  is_online: z.boolean().meta({ description: 'Status online and last seen within the last 5 minutes.' }),
  last_seen: z.string().nullable(),
  current_activity: z.string().nullable(),
  viewing: viewing
    .nullable()
    .meta({ description: 'The signed song page they are on, while active within the last 2 minutes.' }),
});

const presenceList = z.object({ members: z.array(presenceMember), online_count: z.number() });

/** PUT /api/v1/presence's body. */
export type PresenceHeartbeatInput = z.infer<typeof heartbeatBody>;
/** PUT /api/v1/presence's answer. */
export type PresenceDto = z.infer<typeof presence>;
export type PresenceViewingDto = z.infer<typeof viewing>;
export type PresenceMemberDto = z.infer<typeof presenceMember>;
/** The caller's team, the caller included, online members first. */
export type PresenceListDto = z.infer<typeof presenceList>;

export const sendPresenceHeartbeat = endpoint({
  operationId: 'sendPresenceHeartbeat',
  summary: "Records the caller's status, activity and the signed song page they are viewing",
  tag: 'presence',
  method: 'PUT',
  path: '/api/v1/presence',
  access: 'member',
  body: heartbeatBody,
  responses: { 200: presence },
  // not_found: the song being viewed is not the label's.
  errors: ['not_found'],
});

export const listTeamPresence = endpoint({
  operationId: 'listTeamPresence',
  summary: "The caller's team with each member's status, activity and the song page they are on",
  tag: 'presence',
  method: 'GET',
  path: '/api/v1/presence',
  access: 'member',
  responses: { 200: presenceList },
  errors: [],
});

/**
 * A beacon cannot set an Authorization header, so its access token travels in the body, which the
 * handler checks exactly like a bearer token: no security scheme applies at the HTTP level, hence
 * `anonymous`, with the refusals of a member endpoint declared. The body (JSON, sent as text/plain
 * or application/json) is read by the handler itself (presence-schemas.ts), not by a body schema.
 */
export const sendPresenceOfflineBeacon = endpoint({
  operationId: 'sendPresenceOfflineBeacon',
  summary:
    'Page-unload beacon: marks the member of the access token in the body offline (the body is JSON sent as text/plain)',
  tag: 'presence',
  method: 'POST',
  path: PRESENCE_OFFLINE_BEACON_PATH,
  access: 'anonymous',
  responses: { 204: null },
  // validation_failed: the body is not JSON; unauthorized: no valid token; forbidden: a reviewer or
  // organization that is not the token's.
  errors: ['validation_failed', 'unauthorized', 'forbidden', 'mfa_required'],
});
