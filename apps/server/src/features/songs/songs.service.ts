import type { BulkDecisionDto, SongDto } from '@music-review/core/contracts/songs';
import { canUploadTrack, trackLimitMessage } from '@music-review/core/plan-rules';
import { toAudiowaveform } from '@music-review/core/waveform';
import { waveformDataSchema } from '@music-review/core/waveform-schema';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { finalizeUpload, readStream } from '../../platform/storage/finalize-upload.ts';
import { parseKey, type StorageType } from '../../platform/storage/keys.ts';
import { recordSignedSongs } from '../catalogue/catalogue-sync.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import * as repo from './songs.repo.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

export function toSongDto(row: repo.SongRow): SongDto {
  return {
    id: row.id,
    title: row.title,
    artist: row.reviewed_by_me || row.status === 'signed' ? row.artist : null,
    status: row.status,
    submitted_at: iso(row.submitted_at),
    submission_source: row.submission_source,
    audio_file_key: row.audio_file_key,
    waveform_file_key: row.waveform_file_key,
    current_version_number: Number(row.current_version_number),
    has_revisions: row.has_revisions,
    reviewed_by_me: row.reviewed_by_me,
    created_at: iso(row.created_at),
  };
}

/** Cursor for the next page: the last song's submission time and id. */
export function encodeCursor(row: { submitted_at: Date | string; id: string }) {
  return Buffer.from(`${iso(row.submitted_at)}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string) {
  const [submittedAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!submittedAt || !id || Number.isNaN(Date.parse(submittedAt)) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw new AppError('validation_failed', 'The page cursor is not valid');
  }
  return { submittedAt, id };
}

/**
 * The first day of the current month (UTC): the organization_usage_metrics row an upload is recorded
 * in. The track limit itself counts the last 30 days (songs.repo tracksInWindow), not this month.
 */
export const monthStart = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);

/**
 * The tracks the label uploaded in the last 30 days, as the plan's track limit counts them, read in
 * the caller's transaction bound to organizationId. The team page shows it beside the limit.
 */
export function tracksInUsageWindow(tx: OrgTx, organizationId: string): Promise<number> {
  return repo.countTracksInWindow(tx, organizationId);
}

/**
 * The song as the reviewer sees it (its status and current version included), read in the caller's
 * transaction bound to organizationId; undefined outside the label. Reviews check and version a
 * review against it in the same transaction as they save it.
 */
export function findSongForReviewer(
  tx: OrgTx,
  organizationId: string,
  reviewerId: string,
  songId: string,
): Promise<repo.SongRow | undefined> {
  return repo.findSong(tx, organizationId, reviewerId, songId);
}

export function createSongsService(ctx: AppContext) {
  const { database } = ctx;
  const notifications = createNotificationsService(ctx);

  /** A key the caller may attach: built for their organization, of the right type, uploaded and checked. */
  async function checkedKey(member: Member, key: string, type: StorageType, field: string) {
    const parsed = parseKey(key);
    if (!parsed || parsed.organizationId !== member.organizationId) throw notFound('File not found');
    if (parsed.type !== type)
      throw new AppError('validation_failed', `${field}: must be a file of type ${type}`);
    await finalizeUpload(ctx.storage.driver, key, ctx.storage.limits);
  }

  return {
    /**
     * Adds a track whose audio (and optionally its waveform) was uploaded through a presigned URL.
     * Refused once the plan's track limit is reached in the last 30 days; the other members are notified.
     */
    async create(
      member: Member,
      input: {
        id?: string | undefined;
        title: string;
        artist: string;
        submission_source?: string | null | undefined;
        audio_file_key: string;
        waveform_file_key?: string | null | undefined;
      },
      now = new Date(),
    ) {
      await checkedKey(member, input.audio_file_key, 'audio', 'audio_file_key');
      if (input.waveform_file_key)
        await checkedKey(member, input.waveform_file_key, 'waveforms', 'waveform_file_key');
      const month = monthStart(now);
      const { songId, notified } = await database.withOrg(member.organizationId, async (tx) => {
        const allowance = await repo.lockTrackAllowance(tx, member.organizationId);
        if (!allowance) throw notFound();
        if (!canUploadTrack(Number(allowance.track_limit), Number(allowance.uploaded))) {
          throw new AppError('plan_limit_reached', trackLimitMessage(Number(allowance.track_limit)));
        }
        const id = await repo.insertSongRow(tx, {
          id: input.id,
          organizationId: member.organizationId,
          title: input.title.trim(),
          artist: input.artist.trim(),
          submissionSource: input.submission_source?.trim() || null,
          audioFileKey: input.audio_file_key,
          waveformFileKey: input.waveform_file_key ?? null,
          createdBy: member.reviewer.id,
        });
        if (!id) throw new AppError('conflict', 'A song with this id already exists.');
        await repo.recordTrackUpload(tx, member.organizationId, month, Number(allowance.members));
        // spec section 4: track_added leads to /overview.
        const notified = await notifications.notify(tx, {
          organizationId: member.organizationId,
          recipients: 'other_members',
          senderId: member.reviewer.id,
          type: 'track_added',
          songId: id,
          message: `${member.reviewer.name} added "${input.title.trim()}"`,
        });
        return { songId: id, notified };
      });
      await notified.sendEmails();
      return this.get(member, songId);
    },

    /**
     * GET /api/v1/songs/{id}/waveform: the current version's waveform file as stored (our format,
     * integers 0-255), or with format 'audiowaveform' in BBC audiowaveform's JSON (signed bytes) for
     * peaks.js and waveform-data (decision 0018). A stored file that is not of our format is served
     * as it is but never converted: its values could mean either scale.
     */
    async waveform(member: Member, songId: string, format: 'stored' | 'audiowaveform') {
      const song = await this.get(member, songId);
      const key = song.waveform_file_key;
      const object = key ? await ctx.storage.driver.getStream(key) : null;
      if (!object) throw notFound('This song has no waveform yet.');
      const bytes = await readStream(object.body, ctx.storage.limits.waveform);
      if (format === 'stored') return { body: bytes, filename: `waveform-${song.id}.json` };
      let parsed: unknown;
      try {
        parsed = JSON.parse(bytes.toString('utf8'));
      } catch {
        parsed = undefined;
      }
      const ours = waveformDataSchema.safeParse(parsed);
      if (!ours.success) {
        throw new AppError(
          'conflict',
          "This waveform is not in Music Review's format (integers 0-255), so it cannot be converted.",
        );
      }
      return {
        body: Buffer.from(JSON.stringify(toAudiowaveform(ours.data))),
        filename: `waveform-${song.id}.audiowaveform.json`,
      };
    },

    /** Stores the waveform the browser generated for a song that had none (spec "Waveform loading order"). */
    async setWaveform(member: Member, songId: string, key: string) {
      await checkedKey(member, key, 'waveforms', 'waveform_file_key');
      const found = await database.withOrg(member.organizationId, (tx) =>
        repo.setWaveformKey(tx, member.organizationId, songId, key),
      );
      if (!found) throw notFound('Song not found');
      return this.get(member, songId);
    },

    async list(
      member: Member,
      options: { includeSigned: boolean; limit: number; cursor?: string | undefined },
    ) {
      const before = options.cursor ? decodeCursor(options.cursor) : undefined;
      const rows = await database.withOrg(member.organizationId, (tx) =>
        repo.listSongs(tx, member.organizationId, member.reviewer.id, {
          includeSigned: options.includeSigned,
          limit: options.limit + 1,
          before,
        }),
      );
      const page = rows.slice(0, options.limit);
      const last = page.at(-1);
      return {
        songs: page.map(toSongDto),
        next_cursor: rows.length > options.limit && last ? encodeCursor(last) : null,
      };
    },

    async get(member: Member, songId: string) {
      const row = await database.withOrg(member.organizationId, (tx) =>
        repo.findSong(tx, member.organizationId, member.reviewer.id, songId),
      );
      if (!row) throw notFound('Song not found');
      return toSongDto(row);
    },

    /** An admin's decision: signed songs leave the review lists for /signed-songs; passed ones leave too. */
    async decide(member: Member, songId: string, status: 'signed' | 'passed') {
      requireDecider(member);
      const row = await database.withOrg(member.organizationId, async (tx) => {
        const found = await repo.setSongStatus(tx, member.organizationId, songId, status);
        // A signed song is a recording of the catalogue from now on (decision 0025).
        if (found && status === 'signed')
          await recordSignedSongs(tx, member.organizationId, [songId], member.reviewer.id);
        return found ? repo.findSong(tx, member.organizationId, member.reviewer.id, songId) : undefined;
      });
      if (!row) throw notFound('Song not found');
      return toSongDto(row);
    },

    /**
     * The same decision on several songs (the overview's bulk action). Answers the ids whose status
     * changed; songs already at that status are left as they are, ids outside the label are ignored,
     * and 404 when none of the ids is a song of the label.
     */
    async decideMany(
      member: Member,
      songIds: string[],
      status: 'signed' | 'passed',
    ): Promise<BulkDecisionDto> {
      requireDecider(member);
      const unique = [...new Set(songIds.map((id) => id.toLowerCase()))];
      const result = await database.withOrg(member.organizationId, async (tx) => {
        const changed = await repo.setSongsStatus(tx, member.organizationId, unique, status);
        if (status === 'signed')
          await recordSignedSongs(tx, member.organizationId, changed.found, member.reviewer.id);
        return changed;
      });
      if (result.found.length === 0) throw notFound('Song not found');
      return { updated: result.changed };
    },
  };
}

function requireDecider(member: Member) {
  if (!member.reviewer.isAdmin)
    throw new AppError('forbidden', 'Only an admin of your label can sign or pass on a song.');
}
