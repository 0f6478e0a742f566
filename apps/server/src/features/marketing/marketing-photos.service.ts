import { randomBytes } from 'node:crypto';
import {
  PRESS_PHOTO_FILES_MESSAGE,
  PRESS_PHOTO_TYPE_MESSAGE,
  PRESS_PHOTOS_MAX,
  type PressPhotoFile,
  type PressPhotoFileDto,
  type PressPhotoUploadDto,
  type PressPhotoUploadInput,
  storedPressPhotoFiles,
} from '@music-review/core/marketing';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import type { AppContext } from '../../context.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  assertStorageRoom,
  forgetStorageUsage,
  recordStorageUsage,
} from '../../platform/plans/storage-quota.ts';
import type { PublicLink } from '../../platform/public-links/public-links.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { finalizeUpload } from '../../platform/storage/finalize-upload.ts';
import { buildKey, parseKey } from '../../platform/storage/keys.ts';
import { allowedFamily, familyOf, normalizeContentType } from '../../platform/storage/upload-rules.ts';
import * as repo from './marketing.repo.ts';
import type { OpenedLink } from './marketing-public.service.ts';

const PHOTO_URL_TTL_SECONDS = 3600;
const PHOTO_PREFIX = 'press-';
const USAGE_TYPE = 'marketing:press_photo';

const deadLink = () => new AppError('not_found', PUBLIC_LINK_MESSAGES.not_found);
const photoNotFound = () => notFound('Photo not found');
const wrongType = () => new AppError('unsupported_media_type', PRESS_PHOTO_TYPE_MESSAGE);
const notDraft = () =>
  new AppError('conflict', 'The questionnaire was already submitted; photos can no longer be changed.');
const tooMany = () => new AppError('validation_failed', PRESS_PHOTO_FILES_MESSAGE);

/** Signed addresses (1 hour) for showing and downloading the uploaded photos. */
export async function signedPressPhotos(driver: StorageDriver, data: unknown): Promise<PressPhotoFileDto[]> {
  return Promise.all(
    storedPressPhotoFiles(data).map(async (file) => ({
      ...file,
      url: (await driver.signedGetUrl(file.key, PHOTO_URL_TTL_SECONDS)).url,
    })),
  );
}

/** `{org}/assets/{formId}/press-{random}-{name}`: a key made for this form's photos, or null. */
function photoKeyOf(key: string, link: PublicLink) {
  const parsed = parseKey(key);
  if (
    !parsed ||
    parsed.organizationId !== link.organizationId ||
    parsed.type !== 'assets' ||
    parsed.id !== link.recordId ||
    !parsed.filename.startsWith(PHOTO_PREFIX)
  ) {
    return null;
  }
  return parsed;
}

/** The name the artist gave the file, as the key keeps it (without `press-{random}-`). */
function displayName(keyFilename: string) {
  return keyFilename.replace(/^press-[0-9a-f]+-/, '') || keyFilename;
}

/**
 * The artist's uploaded press photos on the public questionnaire: an upload URL, the confirmation
 * after the browser's PUT, and removal while the form is a draft. Every call gets the link its
 * route opened (rate limit, 404/410, use log) without spending it; the submission spends it.
 */
export function createMarketingPhotosService(ctx: AppContext) {
  const { database } = ctx;
  const { driver, limits, uploadUrlTtlSeconds } = ctx.storage;

  /** Opens the link and returns its draft song form, locked when `tx` is given. */
  async function draftForm(tx: OrgTx, link: PublicLink) {
    const form = link.recordId ? await repo.lockForm(tx, link.organizationId, link.recordId) : null;
    if (form?.kind !== 'song' || !form.song_id) throw deadLink();
    if (form.status !== 'draft') throw notDraft();
    return form;
  }

  return {
    async uploadUrl({ link }: OpenedLink, body: PressPhotoUploadInput): Promise<PressPhotoUploadDto> {
      const contentType = normalizeContentType(body.content_type);
      let family: ReturnType<typeof allowedFamily>;
      try {
        family = allowedFamily('assets', contentType);
      } catch {
        throw wrongType();
      }
      if (family !== 'image') throw wrongType();
      if (body.size_bytes > limits.image) {
        throw new AppError(
          'payload_too_large',
          `The photo is larger than the limit of ${Math.round(limits.image / (1024 * 1024))} MB.`,
        );
      }
      await database.withOrg(link.organizationId, async (tx) => {
        const form = await draftForm(tx, link);
        if (storedPressPhotoFiles(form.data).length >= PRESS_PHOTOS_MAX) throw tooMany();
        await assertStorageRoom(tx, link.organizationId, body.size_bytes);
      });
      const name = `${PHOTO_PREFIX}${randomBytes(6).toString('hex')}-${body.filename}`;
      const key = buildKey(link.organizationId, 'assets', link.recordId!, name);
      const uploadUrl = await driver.signedPutUrl(key, contentType, limits.image, uploadUrlTtlSeconds);
      return { key, upload_url: uploadUrl, content_type: contentType };
    },

    /**
     * After the browser's PUT: the bytes must be a JPEG, PNG or WebP (else the file is deleted and
     * the answer is 415), then the photo joins the form's list with its storage usage.
     */
    async confirm({ link }: OpenedLink, key: string): Promise<PressPhotoFileDto> {
      const parsed = photoKeyOf(key, link);
      if (!parsed) throw photoNotFound();
      const already = await database.withOrg(link.organizationId, async (tx) => {
        const form = await draftForm(tx, link);
        return storedPressPhotoFiles(form.data).find((f) => f.key === key) ?? null;
      });
      if (already) return (await signedPressPhotos(driver, { press_photo_files: [already] }))[0]!;

      const stored = await finalizeUpload(driver, key, limits);
      if (familyOf(stored.contentType) !== 'image') {
        await driver.delete(key);
        throw wrongType();
      }
      const file: PressPhotoFile = {
        key,
        filename: displayName(parsed.filename),
        size_bytes: stored.size,
        content_type: normalizeContentType(stored.contentType),
      };
      try {
        await database.withOrg(link.organizationId, async (tx) => {
          const form = await draftForm(tx, link);
          const files = storedPressPhotoFiles(form.data);
          if (files.some((f) => f.key === key)) return;
          if (files.length >= PRESS_PHOTOS_MAX) throw tooMany();
          await assertStorageRoom(tx, link.organizationId, file.size_bytes);
          await recordStorageUsage(tx, link.organizationId, key, file.size_bytes, USAGE_TYPE);
          await repo.setPressPhotoFiles(tx, link.organizationId, form.id, [...files, file]);
        });
      } catch (error) {
        await driver.delete(key);
        throw error;
      }
      return (await signedPressPhotos(driver, { press_photo_files: [file] }))[0]!;
    },

    /** Removes one uploaded photo (its file and usage too) while the questionnaire is a draft. */
    async remove({ link }: OpenedLink, key: string): Promise<void> {
      if (!photoKeyOf(key, link)) throw photoNotFound();
      await database.withOrg(link.organizationId, async (tx) => {
        const form = await draftForm(tx, link);
        const files = storedPressPhotoFiles(form.data);
        if (!files.some((f) => f.key === key)) throw photoNotFound();
        await repo.setPressPhotoFiles(
          tx,
          link.organizationId,
          form.id,
          files.filter((f) => f.key !== key),
        );
        await forgetStorageUsage(tx, link.organizationId, [key]);
      });
      await driver.delete(key);
    },
  };
}
