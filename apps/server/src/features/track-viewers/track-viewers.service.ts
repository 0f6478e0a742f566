import type { TrackViewerDto, TrackViewerPage } from '@music-review/core/track-viewers';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { notFound } from '../../platform/errors.ts';
import { recordViewing } from '../presence/presence.service.ts';
import * as repo from './track-viewers.repo.ts';

const AVATAR_URL_SECONDS = 3600;
const SONG_NOT_FOUND = 'Song not found';

export function createTrackViewersService(ctx: AppContext) {
  const { database } = ctx;

  const avatarUrl = async (key: string | null): Promise<string | null> => {
    if (!key) return null;
    try {
      return (await ctx.storage.driver.signedGetUrl(key, AVATAR_URL_SECONDS)).url;
    } catch {
      return null;
    }
  };

  return {
    /** PUT /api/v1/songs/{id}/viewers: the viewer heartbeat (upsert on song and member). */
    async view(member: Member, songId: string, page: TrackViewerPage): Promise<void> {
      const found = await database.withOrg(member.organizationId, (tx) =>
        recordViewing(tx, {
          organizationId: member.organizationId,
          reviewerId: member.reviewer.id,
          songId,
          page,
        }),
      );
      if (!found) throw notFound(SONG_NOT_FOUND);
    },

    /** DELETE /api/v1/songs/{id}/viewers: stop_viewing_track for this song. */
    async stop(member: Member, songId: string): Promise<void> {
      const found = await database.withOrg(member.organizationId, async (tx) => {
        if (!(await repo.songExists(tx, member.organizationId, songId))) return false;
        await repo.stopViewingSong(tx, member.organizationId, member.reviewer.id, songId);
        return true;
      });
      if (!found) throw notFound(SONG_NOT_FOUND);
    },

    /** GET /api/v1/songs/{id}/viewers: who is on the song now (the caller included). */
    async list(member: Member, songId: string): Promise<TrackViewerDto[]> {
      const rows = await database.withOrg(member.organizationId, async (tx) => {
        if (!(await repo.songExists(tx, member.organizationId, songId))) return undefined;
        return repo.listViewers(tx, member.organizationId, songId);
      });
      if (!rows) throw notFound(SONG_NOT_FOUND);
      return Promise.all(
        rows.map(async (row) => ({
          reviewer_id: row.reviewer_id,
          name: row.name,
          avatar_url: await avatarUrl(row.avatar_key),
          avatar_key: row.avatar_key,
          page: row.page ?? 'overview',
          last_activity: new Date(row.last_activity).toISOString(),
        })),
      );
    },
  };
}
