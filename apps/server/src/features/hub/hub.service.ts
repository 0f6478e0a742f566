import type { HomeDto, HubDto } from '@music-review/core/hub';
import { daysLeft, deadlineBadge, sortPending } from '@music-review/core/review-rules';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { notFound } from '../../platform/errors.ts';
import { unreadMentions } from '../messages/messages.service.ts';
import * as repo from './hub.repo.ts';

/** Home lists at most this many unread notifications and mentions (the bell has them all). */
export const HOME_LIST_LIMIT = 20;

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The hub's "signed" count (signed songs added in the last 30 days) without the rest of the hub:
 * the A&R funnel shows the same number (features/analytics/ar.service.ts).
 */
export function signedSongsInUsageWindow(ctx: AppContext, member: Member, now = new Date()) {
  return repo.signedSongsInUsageWindow(ctx.database, member.organizationId, now);
}

export function createHubService(ctx: AppContext) {
  const { database } = ctx;

  return {
    /** GET /api/v1/hub: the label's front page in one statement. */
    async hub(member: Member, now = new Date()): Promise<HubDto> {
      const row = await repo.hubRow(database, member.organizationId, member.reviewer.id, now);
      if (!row) throw notFound();
      return {
        counts: {
          pending_reviews: Number(row.pending_reviews),
          awaiting_decision: Number(row.awaiting_decision),
          signed_songs: Number(row.signed_songs),
          open_contracts: Number(row.open_contracts),
          open_forms: Number(row.open_forms),
        },
        usage: {
          plan_name: row.plan_name,
          tracks_last_30_days: Number(row.tracks_last_30_days),
          track_limit: Number(row.track_limit),
          members: Number(row.members),
          user_limit: Number(row.user_limit),
        },
        team: row.team.map((t) => ({
          id: t.id,
          name: t.name,
          email: t.email,
          is_admin: t.is_admin,
          is_me: t.id === member.reviewer.id,
          status: t.status,
          last_seen: t.last_seen === null ? null : iso(t.last_seen),
          current_activity: t.status === 'offline' ? null : t.current_activity,
        })),
        activity: row.activity.map((a) => ({
          kind: a.kind,
          at: iso(a.at),
          song_id: a.song_id,
          song_title: a.song_title,
          actor_name: a.actor_name,
        })),
        decisions: row.decisions.map((d) => ({
          song_id: d.song_id,
          song_title: d.song_title,
          status: d.status,
        })),
      };
    },

    /** GET /api/v1/home: the caller's pending reviews, unread notifications and mentions. */
    async home(member: Member, now = new Date()): Promise<HomeDto> {
      const { organizationId } = member;
      const reviewerId = member.reviewer.id;
      const { pending, notifications, mentions } = await database.withOrg(organizationId, async (tx) => ({
        pending: await repo.pendingReviews(tx, organizationId, reviewerId, now),
        notifications: await repo.unreadNotifications(tx, organizationId, reviewerId, HOME_LIST_LIMIT),
        mentions: await unreadMentions(tx, organizationId, reviewerId, HOME_LIST_LIMIT),
      }));
      const sorted = sortPending(
        pending.map((p) => ({ ...p, submittedAt: new Date(p.submitted_at) })),
        now,
      );
      return {
        pending_reviews: sorted.map((p) => ({
          id: p.id,
          title: p.title,
          submitted_at: p.submittedAt.toISOString(),
          days_left: daysLeft(p.submittedAt, now),
          deadline_badge: deadlineBadge(p.submittedAt, now),
          current_version_number: Number(p.current_version_number),
          audio_file_key: p.audio_file_key,
          waveform_file_key: p.waveform_file_key,
        })),
        notifications: notifications.map((n) => ({
          id: n.id,
          type: n.type,
          message: n.message,
          song_id: n.song_id,
          conversation_id: n.conversation_id,
          sender_name: n.sender_name,
          created_at: iso(n.created_at),
        })),
        unread_notification_count: Number(notifications[0]?.unread_total ?? 0),
        mentions: mentions.map((m) => ({
          id: m.id,
          message_id: m.message_id,
          conversation_id: m.conversation_id,
          conversation_type: m.conversation_type,
          song_id: m.song_id,
          message_text: m.message_text,
          mentioned_by_name: m.mentioned_by_name,
          created_at: iso(m.created_at),
        })),
      };
    },
  };
}
