import type {
  PresenceDto,
  PresenceHeartbeatInput,
  PresenceListDto,
  PresenceMemberDto,
} from '@music-review/core/presence';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as repo from './presence.repo.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

function toMemberDto(row: repo.PresenceRow): PresenceMemberDto {
  return {
    reviewer_id: row.reviewer_id,
    name: row.name,
    email: row.email,
    status: row.status,
    is_online: row.is_online,
    last_seen: isoOrNull(row.last_seen),
    current_activity: row.current_activity,
    viewing:
      row.viewing_song_id && row.viewing_last_activity
        ? {
            song_id: row.viewing_song_id,
            song_title: row.viewing_song_title ?? '',
            page: row.viewing_page ?? 'overview',
            last_activity: iso(row.viewing_last_activity),
          }
        : null,
  };
}

/**
 * Records that the member is on one of the song's pages now (an upsert on song and member), in the
 * caller's transaction bound to organizationId. False when the label has no such song. The presence
 * heartbeat and the track viewers' own heartbeat both record viewings this way.
 */
export function recordViewing(
  tx: OrgTx,
  viewing: { organizationId: string; reviewerId: string; songId: string; page: string },
): Promise<boolean> {
  return repo.upsertViewing(tx, viewing);
}

export function createPresenceService(ctx: AppContext) {
  const { database } = ctx;

  return {
    /**
     * PUT /api/v1/presence: the heartbeat. Records status and activity, and the signed-song page the
     * member is on (one at a time: viewing another song, or none, ends the earlier viewing).
     */
    async heartbeat(member: Member, input: PresenceHeartbeatInput): Promise<PresenceDto> {
      const organizationId = member.organizationId;
      const reviewerId = member.reviewer.id;
      return database.withOrg(organizationId, async (tx) => {
        const viewing = input.status === 'offline' ? null : (input.viewing ?? null);
        if (viewing) {
          const found = await repo.upsertViewing(tx, {
            organizationId,
            reviewerId,
            songId: viewing.song_id,
            page: viewing.page,
          });
          if (!found) throw notFound('Song not found');
        }
        // Viewings have their own heartbeat and end (PUT and DELETE /api/v1/songs/{id}/viewers, 2
        // minutes at most): a heartbeat from a page that names no song must not end the viewing of
        // a song open in another tab, or on a page (the review page) that reports it that way.
        if (input.status === 'offline') await repo.stopViewing(tx, organizationId, reviewerId);
        const row = await repo.upsertPresence(tx, {
          organizationId,
          reviewerId,
          status: input.status,
          currentActivity: input.current_activity?.trim() || null,
        });
        if (!row) throw notFound();
        return { status: row.status, last_seen: iso(row.last_seen) };
      });
    },

    /**
     * POST /api/presence/offline (the unload beacon), for the member the body's access token belongs
     * to. The spec's reviewer_id and organization_id, when sent, must be that member's own: a beacon
     * never marks anyone else offline.
     */
    async beaconOffline(member: Member, claimed: { reviewer_id?: string; organization_id?: string }) {
      if (
        (claimed.reviewer_id && claimed.reviewer_id !== member.reviewer.id) ||
        (claimed.organization_id && claimed.organization_id !== member.organizationId)
      ) {
        throw new AppError('forbidden', 'This beacon is not for the signed-in reviewer.');
      }
      await database.withOrg(member.organizationId, (tx) =>
        repo.markOffline(tx, member.organizationId, member.reviewer.id),
      );
    },

    /** GET /api/v1/presence: the caller's team only (row-level security and an explicit filter). */
    async list(member: Member): Promise<PresenceListDto> {
      const rows = await database.withOrg(member.organizationId, (tx) =>
        repo.listPresence(tx, member.organizationId),
      );
      const members = rows.map(toMemberDto);
      return { members, online_count: members.filter((m) => m.is_online).length };
    },
  };
}
