import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as repo from './songs.repo.ts';

export const SONG_PAGE_MAX = 100;

export interface SongDto {
  id: string;
  title: string;
  /** Null until the caller has reviewed the current version (blind review). */
  artist: string | null;
  status: string;
  submitted_at: string;
  submission_source: string | null;
  audio_file_key: string | null;
  waveform_file_key: string | null;
  current_version_number: number;
  has_revisions: boolean;
  reviewed_by_me: boolean;
  created_at: string;
}

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

export function createSongsService(ctx: AppContext) {
  const { database } = ctx;
  return {
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
      if (!member.reviewer.isAdmin)
        throw new AppError('forbidden', 'Only an admin of your label can sign or pass on a song.');
      const row = await database.withOrg(member.organizationId, async (tx) => {
        const found = await repo.setSongStatus(tx, member.organizationId, songId, status);
        return found ? repo.findSong(tx, member.organizationId, member.reviewer.id, songId) : undefined;
      });
      if (!row) throw notFound('Song not found');
      return toSongDto(row);
    },
  };
}
