import { REVISION_LINK_DAYS } from '@music-review/core/api';
import type {
  RevisionRequestDto,
  RevisionUploadDto,
  RevisionUploadedDto,
  RevisionUploadTargetDto,
} from '@music-review/core/contracts/revisions';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { linkMail } from '../../platform/mail/mailer.ts';
import { linkRefusal } from '../../platform/public-links/open-link.ts';
import {
  consumePublicLink,
  createPublicLink,
  type LinkVisitor,
  type PublicLink,
} from '../../platform/public-links/public-links.ts';
import { finalizeUpload } from '../../platform/storage/finalize-upload.ts';
import { parseKey, type StorageType, sanitizeFilename } from '../../platform/storage/keys.ts';
import { allowedFamily, normalizeContentType } from '../../platform/storage/upload-rules.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { createStorageService } from '../storage/storage.service.ts';
import * as repo from './revisions.repo.ts';

/** The web app's public page for a link (spec section 2). */
export const REVISION_UPLOAD_PATH = '/artist/upload-revision/';

const iso = (d: Date | string) => new Date(d).toISOString();
const invalidLink = () => new AppError('not_found', PUBLIC_LINK_MESSAGES.not_found);
const emailSchema = z.email();

/**
 * A revision link the route opened (openPublicLink, purpose revision_upload, which counts the call
 * against the visitor's address and logs the use): the link and who is using it.
 */
export interface OpenedRevisionLink {
  link: PublicLink;
  visitor: LinkVisitor;
}

/** spec section 3: submission_source is the submitter's email when the label knows it. */
function submitterEmailOf(source: string | null): string | null {
  const candidate = source?.trim() ?? '';
  return candidate && emailSchema.safeParse(candidate).success ? candidate : null;
}

export function createRevisionsService(ctx: AppContext) {
  const { database, config, mailer, storage } = ctx;
  const files = createStorageService(ctx);
  const notifications = createNotificationsService(ctx);

  /**
   * The request behind an opened revision link (the route refused an unknown token with 404 and a
   * used, expired or withdrawn one with 410, with the standard messages, and logged the use).
   */
  async function requestOf({ link }: OpenedRevisionLink) {
    const request = await database.withOrg(link.organizationId, (tx) =>
      repo.findRequest(tx, link.organizationId, link.recordId ?? ''),
    );
    if (!request) throw invalidLink();
    return request;
  }

  /** A key uploaded through this link: the song's own folder in its label, of the right type, checked. */
  async function checkUploadedKey(
    request: repo.RevisionRequestRow,
    key: string,
    type: StorageType,
    field: string,
  ) {
    const parsed = parseKey(key);
    if (!parsed || parsed.organizationId !== request.organization_id || parsed.id !== request.song_id) {
      throw notFound('File not found');
    }
    if (parsed.type !== type)
      throw new AppError('validation_failed', `${field}: must be a file of type ${type}`);
    await finalizeUpload(storage.driver, key, storage.limits);
  }

  return {
    /**
     * Any member may ask the submitter for a new version: a single-use link, valid REVISION_LINK_DAYS,
     * mailed to the submitter when their address is known. The token is answered once and only its
     * SHA-256 is stored.
     */
    async request(member: Member, songId: string, rawMessage?: string | null): Promise<RevisionRequestDto> {
      const message = rawMessage?.trim() || null;
      const { song, email, row, token } = await database.withOrg(member.organizationId, async (tx) => {
        const found = await repo.findSongForRequest(tx, member.organizationId, songId);
        if (!found) throw notFound('Song not found');
        const submitter = submitterEmailOf(found.submission_source);
        const inserted = await repo.insertRevisionRequest(tx, {
          organizationId: member.organizationId,
          songId,
          message,
          requestedBy: member.reviewer.id,
          submitterEmail: submitter,
          linkDays: REVISION_LINK_DAYS,
        });
        const { token } = await createPublicLink(tx, {
          organizationId: member.organizationId,
          purpose: 'revision_upload',
          recordId: inserted.id,
          ttlMs: REVISION_LINK_DAYS * 24 * 60 * 60 * 1000,
          singleUse: true,
          createdBy: member.reviewer.id,
        });
        return { song: found, email: submitter, row: inserted, token };
      });
      const path = `${REVISION_UPLOAD_PATH}${token}`;
      if (email) {
        await mailer.send(
          linkMail(
            email,
            `${song.label} asks for a new version of "${song.title}"`,
            `${song.label} would like a new version of your song "${song.title}".${message ? ' Their message:' : ''}`,
            'Upload the new version',
            `${config.appUrl}${path}`,
            {
              note: message,
              footer: `The link works once and expires in ${REVISION_LINK_DAYS} days. If you did not expect this, you can ignore this email.`,
            },
          ),
        );
      }
      return {
        id: row.id,
        song_id: songId,
        path,
        token,
        expires_at: iso(row.expires_at),
        mailed_to: email,
        created_at: iso(row.created_at),
      };
    },

    /** GET /api/v1/public/revision-uploads/{token}: what the artist's upload page shows. */
    async describe(opened: OpenedRevisionLink): Promise<RevisionUploadDto> {
      const request = await requestOf(opened);
      const target = await database.withOrg(request.organization_id, (tx) =>
        repo.findUploadTarget(tx, request.organization_id, request.song_id),
      );
      if (!target) throw invalidLink();
      return {
        song_title: target.title,
        organization_name: target.organization_name,
        message: request.message,
        expires_at: iso(request.expires_at),
        next_version_number: Number(target.current_version_number) + 1,
      };
    },

    /**
     * A presigned PUT for the new version's audio or waveform, under the song's folder:
     * `{org}/audio/{song}/v{n}-{file}` or `{org}/waveforms/{song}/v{n}.json`. The same presign, types
     * and size limits as /functions/v1/generate-presigned-url.
     */
    async presignUpload(
      opened: OpenedRevisionLink,
      input: { kind: 'audio' | 'waveform'; filename: string; content_type: string },
    ): Promise<RevisionUploadTargetDto> {
      const request = await requestOf(opened);
      const target = await database.withOrg(request.organization_id, (tx) =>
        repo.findUploadTarget(tx, request.organization_id, request.song_id),
      );
      if (!target) throw invalidLink();
      const version = Number(target.current_version_number) + 1;
      const type: StorageType = input.kind === 'audio' ? 'audio' : 'waveforms';
      try {
        allowedFamily(type, normalizeContentType(input.content_type));
      } catch (err) {
        throw new AppError('validation_failed', `content_type: ${(err as Error).message}`);
      }
      let filename = `v${version}.json`;
      if (input.kind === 'audio') {
        const safe = sanitizeFilename(input.filename);
        if (!safe) throw new AppError('validation_failed', 'filename: no usable characters');
        filename = `v${version}-${safe}`;
      }
      const { data } = await files.presignUpload(request.organization_id, {
        type,
        id: request.song_id,
        filename,
        contentType: input.content_type,
      });
      return { presigned_url: data.presignedUrl, key: data.key };
    },

    /**
     * Makes the uploaded files the song's new current version, uses the link up and asks every
     * reviewer for a review, all in one transaction with the link's row locked.
     */
    async complete(
      opened: OpenedRevisionLink,
      input: { audio_file_key: string; waveform_file_key?: string | null | undefined },
    ): Promise<RevisionUploadedDto> {
      const request = await requestOf(opened);
      const { link, visitor } = opened;
      await checkUploadedKey(request, input.audio_file_key, 'audio', 'audio_file_key');
      if (input.waveform_file_key) {
        await checkUploadedKey(request, input.waveform_file_key, 'waveforms', 'waveform_file_key');
      }
      const organizationId = request.organization_id;
      const { uploaded, notified } = await database.withOrg(organizationId, async (tx) => {
        const locked = await repo.lockRequest(tx, organizationId, request.id);
        if (!locked) throw invalidLink();
        // Spends the link inside this transaction: of two uploads at once, one wins.
        const spent = await consumePublicLink(tx, link, visitor);
        if (!spent.ok) throw linkRefusal(spent.reason);
        const song = await repo.lockSong(tx, organizationId, request.song_id);
        if (!song) throw invalidLink();
        const current = Number(song.current_version_number);
        const version = current + 1;
        await repo.addSongVersion(tx, {
          organizationId,
          songId: song.id,
          previous:
            Number(song.revision_count) === 0
              ? {
                  versionNumber: current,
                  audioFileKey: song.audio_file_key,
                  waveformFileKey: song.waveform_file_key,
                }
              : null,
          versionNumber: version,
          audioFileKey: input.audio_file_key,
          waveformFileKey: input.waveform_file_key ?? null,
        });
        await repo.markRequestUsed(tx, organizationId, request.id, version);
        // Every reviewer, the one who asked included: reviews are per version, so all must review again.
        const notified = await notifications.notify(tx, {
          organizationId,
          recipients: 'all_members',
          senderId: locked.requested_by,
          type: 'review_request',
          songId: song.id,
          message: `"${song.title}" has a new version (v${version}) to review`,
        });
        return { uploaded: { song_title: song.title, version_number: version }, notified };
      });
      await notified.sendEmails();
      return uploaded;
    },
  };
}
