import {
  avatarStorageId,
  describeUserAgent,
  PROFILE_MESSAGES as M,
  type ProfileDto,
  type SessionDto,
} from '@music-review/core/profile';
import type { AppContext } from '../../context.ts';
import type { Caller, Member } from '../../platform/auth/request-auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { finalizeUpload } from '../../platform/storage/finalize-upload.ts';
import { parseKey } from '../../platform/storage/keys.ts';
import * as repo from './profile.repo.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

function toProfileDto(row: repo.ProfileRow): ProfileDto {
  return { id: row.id, name: row.name, email: row.email, avatar_key: row.avatarKey };
}

/** Whether a key is this member's own avatar: `{org}/images/avatar-{reviewerId}/{file}`. */
function isOwnAvatarKey(member: Member, key: string) {
  const parsed = parseKey(key);
  return (
    !!parsed &&
    parsed.organizationId === member.organizationId &&
    parsed.type === 'images' &&
    parsed.id === avatarStorageId(member.reviewer.id)
  );
}

export function createProfileService(ctx: AppContext) {
  const { database, storage, config } = ctx;

  /** The replaced photo goes; a leftover file would cost storage only, so a failure is not the user's. */
  async function deleteOldAvatar(member: Member, key: string | null, keep: string | null) {
    if (!key || key === keep || !isOwnAvatarKey(member, key)) return;
    await storage.driver.delete(key).catch(() => {});
  }

  async function setAvatar(member: Member, key: string | null) {
    const result = await database.withOrg(member.organizationId, (tx) =>
      repo.setAvatarKey(tx, member.organizationId, member.reviewer.id, key),
    );
    if (!result) throw notFound('Team member not found');
    await deleteOldAvatar(member, result.previousKey, key);
    return toProfileDto(result.row);
  }

  return {
    async updateName(member: Member, name: string): Promise<ProfileDto> {
      const row = await database.withOrg(member.organizationId, (tx) =>
        repo.updateReviewerName(tx, member.organizationId, member.reviewer.id, name),
      );
      if (!row) throw notFound('Team member not found');
      await repo.updateUserMetadataName(database.global, member.userId, name);
      return toProfileDto(row);
    },

    /** Uses an image uploaded through the presigned URL (type images, id avatar-{reviewerId}) as the photo. */
    async setAvatar(member: Member, key: string): Promise<ProfileDto> {
      const parsed = parseKey(key);
      // Another label's key answers like a missing file, as get-signed-url does.
      if (!parsed || parsed.organizationId !== member.organizationId) throw notFound('File not found');
      if (!isOwnAvatarKey(member, key)) throw new AppError('validation_failed', M.avatarNotYours);
      // The bytes must be a PNG, JPEG or WebP image within the size limit (deleted otherwise).
      await finalizeUpload(storage.driver, key, storage.limits);
      return setAvatar(member, key);
    },

    removeAvatar: (member: Member) => setAvatar(member, null),

    async sessions(caller: Caller): Promise<SessionDto[]> {
      const rows = await repo.listOpenSessions(database.global, caller.userId, config.REFRESH_TOKEN_TTL_DAYS);
      const sessions = rows.map((r) => ({
        id: r.id,
        device: describeUserAgent(r.user_agent),
        user_agent: r.user_agent,
        ip: r.ip,
        created_at: iso(r.created_at),
        last_active_at: iso(r.last_active_at),
        is_current: r.id === caller.sessionId,
      }));
      // This device first, then the most recently active.
      return sessions.sort((a, b) => Number(b.is_current) - Number(a.is_current));
    },

    async signOutSession(caller: Caller, sessionId: string) {
      if (sessionId === caller.sessionId) throw new AppError('bad_request', M.sessionIsCurrent);
      // Another user's session answers exactly like a missing one.
      if (!(await repo.revokeUserSession(database.global, caller.userId, sessionId))) {
        throw notFound(M.sessionNotFound);
      }
    },

    async signOutOtherSessions(caller: Caller) {
      return {
        signed_out: await repo.revokeOtherUserSessions(database.global, caller.userId, caller.sessionId),
      };
    },
  };
}
