/**
 * The Label Hub (/ and /label-hub: the label's front page) and Home (/home: the user's own day), each
 * in one answer. The contract of each endpoint (packages/core/src/endpoint.ts); handlers:
 * apps/server/src/features/hub/hub.routes.ts.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const counts = z.object({
  pending_reviews: z
    .number()
    .meta({ description: "Songs waiting for the caller's review (the Review Dashboard's pending tab)." }),
  awaiting_decision: z
    .number()
    .meta({ description: 'Pending songs at the 60 percent marker or past their 7-day window.' }),
  signed_songs: z.number().meta({ description: 'Signed songs added in the last 30 days.' }),
  open_contracts: z
    .number()
    .meta({ description: 'Contracts whose status is not one of CLOSED_CONTRACT_STATUSES.' }),
  open_forms: z
    .number()
    .meta({ description: 'Metadata forms whose status is not one of CLOSED_FORM_STATUSES.' }),
});

const usage = z.object({
  plan_name: z.string(),
  tracks_last_30_days: z.number().meta({
    description:
      "Tracks added in the last 30 days (rolling), the count the plan's track limit is checked against.",
  }),
  track_limit: z.number().meta({ description: '-1 means unlimited.' }),
  members: z.number(),
  user_limit: z.number().meta({ description: '-1 means unlimited.' }),
});

const teamMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_me: z.boolean(),
  status: z
    .enum(['online', 'away', 'offline'])
    .meta({ description: 'Online or away only while seen within ONLINE_WINDOW_MINUTES; offline otherwise.' }),
  last_seen: z.string().nullable(),
  current_activity: z.string().nullable().meta({ description: 'What they are doing, while online or away.' }),
});

const activity = z.object({
  kind: z.enum(['song_added', 'review']),
  at: z.string(),
  song_id: z.string(),
  song_title: z.string(),
  actor_name: z.string().nullable().meta({
    description: 'Who added the song or wrote the review; null when unknown (a removed member).',
  }),
});

const decision = z.object({
  song_id: z.string(),
  song_title: z.string(),
  status: z.enum(['signed', 'passed']),
});

const hub = z.object({
  counts,
  usage,
  team: z
    .array(teamMember)
    .meta({ description: 'Online members first, then away, then offline; by name within each.' }),
  activity: z
    .array(activity)
    .meta({ description: 'The latest songs added and reviews written, newest first (at most 10).' }),
  decisions: z.array(decision).meta({
    description:
      'The latest decided songs (at most 5). Songs keep no decision time, so these are ordered by submission, newest first.',
  }),
});

const pendingReview = z.object({
  id: z.string(),
  title: z.string(),
  submitted_at: z.string(),
  days_left: z.number(),
  deadline_badge: z.string(),
  current_version_number: z.number(),
  audio_file_key: z.string().nullable(),
  waveform_file_key: z.string().nullable(),
});

const homeNotification = z.object({
  id: z.string(),
  type: z.string(),
  message: z.string(),
  song_id: z.string().nullable(),
  conversation_id: z
    .string()
    .nullable()
    .meta({ description: "A mention's conversation (the click opens the messages panel on it)." }),
  sender_name: z.string().nullable(),
  created_at: z.string(),
});

const mention = z.object({
  id: z.string(),
  message_id: z.string(),
  conversation_id: z.string(),
  conversation_type: z.enum(['dm', 'song_chat', 'support']),
  song_id: z.string().nullable(),
  message_text: z.string(),
  mentioned_by_name: z.string().nullable(),
  created_at: z.string(),
});

const home = z.object({
  pending_reviews: z.array(pendingReview).meta({
    description: 'Fewest days left first (spec section 9), then the oldest submission, then the title.',
  }),
  notifications: z.array(homeNotification).meta({ description: 'Unread, newest first (at most 20).' }),
  unread_notification_count: z.number(),
  mentions: z.array(mention).meta({
    description: 'Mentions of the caller in messages they have not read, newest first (at most 20).',
  }),
});

export type HubCountsDto = z.infer<typeof counts>;
export type HubUsageDto = z.infer<typeof usage>;
export type HubTeamMemberDto = z.infer<typeof teamMember>;
export type HubActivityDto = z.infer<typeof activity>;
export type HubDecisionDto = z.infer<typeof decision>;
/** Everything the Label Hub shows, in one answer. */
export type HubDto = z.infer<typeof hub>;
export type HomePendingReviewDto = z.infer<typeof pendingReview>;
export type HomeNotificationDto = z.infer<typeof homeNotification>;
export type HomeMentionDto = z.infer<typeof mention>;
/** The caller's own day. */
export type HomeDto = z.infer<typeof home>;

export const getLabelHub = endpoint({
  operationId: 'getLabelHub',
  summary: "The label's front page: counts, plan usage, the team's presence, recent activity and decisions",
  tag: 'hub',
  method: 'GET',
  path: '/api/v1/hub',
  access: 'member',
  responses: { 200: hub },
  errors: ['not_found'],
});

export const getHome = endpoint({
  operationId: 'getHome',
  summary: "The caller's own day: pending reviews, unread notifications and unread mentions",
  tag: 'hub',
  method: 'GET',
  path: '/api/v1/home',
  access: 'member',
  responses: { 200: home },
  errors: [],
});
