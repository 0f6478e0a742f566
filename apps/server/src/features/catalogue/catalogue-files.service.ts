import { randomBytes } from 'node:crypto';
import { type AssetCheck, checkArtwork, checkMasterAudio } from '@music-review/core/assets';
import { CATALOGUE_FILE_MESSAGES } from '@music-review/core/catalogue';
import type { CatalogueFileUploadDto, RecordingDto } from '@music-review/core/contracts/catalogue';
import { inspectMedia, MediaHeaderError, type MediaInfo } from '@music-review/core/media-inspect';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  assertStorageRoom,
  forgetStorageUsage,
  recordStorageUsage,
} from '../../platform/plans/storage-quota.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { finalizeUpload, readStream } from '../../platform/storage/finalize-upload.ts';
import { buildKey, parseKey } from '../../platform/storage/keys.ts';
import { type ContentFamily, familyOf, normalizeContentType } from '../../platform/storage/upload-rules.ts';
import { writeAudit } from './audit.repo.ts';
import { changedSinceRead, requireCatalogue } from './catalogue.access.ts';
import * as repo from './catalogue-files.repo.ts';
import { findRecording } from './recordings.repo.ts';
import { lockRelease } from './releases.repo.ts';

/**
 * A release's artwork and a recording's master: the files distribution delivers. A record's own
 * file wins; without one, its signed song's newest accepted asset of that kind applies (source
 * 'song'), so a signed single needs no second upload.
 *
 * Distribution reads them through `effectiveReleaseFiles` (the catalogue's boundary for files: no
 * HTTP in it). The upload use cases follow the release assets' three steps: presign, the browser's
 * PUT, attach, where the file's header is checked with the rules of core/assets.ts.
 *
 * Storage keys reuse the assets' type and scheme, `{org}/assets/{record}_{kind}_{random}/{file}`,
 * with the record named as `release_<id>` or `recording_<id>`: the record and kind come back from
 * the key, and no song asset's key can be taken for one (those start with the song's id).
 */

export type FileSource<S extends string> = { key: string; source: S };

export interface EffectiveReleaseFiles {
  artwork: FileSource<'release' | 'song'> | null;
  /** In disc and track order. */
  tracks: { recordingId: string; master: FileSource<'recording' | 'song'> | null }[];
}

export type MasterFileDto = NonNullable<RecordingDto['master_file']>;

// The same texts as releases.service and recordings.service (which import this file).
const releaseNotFound = () => notFound('Release not found');
const recordingNotFound = () => notFound('Recording not found');
const fileNotFound = () => notFound(CATALOGUE_FILE_MESSAGES.fileNotFound);

/** How long the links of an answer stay valid. */
const URL_SECONDS = 3600;
/** The header checks read this much of a file (WAV and AIFF may hold chunks before fmt or COMM). */
const HEAD_BYTES = 65_536;

function ownOrSong<S extends string>(own: string | null, ownSource: S, song: string | null) {
  if (own) return { key: own, source: ownSource };
  if (song) return { key: song, source: 'song' as const };
  return null;
}

/**
 * The artwork and masters a release delivers: its own artwork, else its signed song's newest
 * artwork asset; each track's own master, else its song's newest master asset. 404 for a release
 * that is not the label's. Runs in the caller's `withOrg` transaction.
 */
export async function effectiveReleaseFiles(
  tx: OrgTx,
  organizationId: string,
  releaseId: string,
): Promise<EffectiveReleaseFiles> {
  const release = await repo.releaseArtwork(tx, organizationId, releaseId);
  if (!release) throw releaseNotFound();
  const tracks = await repo.trackMasters(tx, organizationId, releaseId);
  return {
    artwork: ownOrSong(release.artwork_key, 'release' as const, release.song_artwork_key),
    tracks: tracks.map((t) => ({
      recordingId: t.recording_id,
      master: ownOrSong(t.audio_master_key, 'recording' as const, t.song_master_key),
    })),
  };
}

/** A release's artwork as its answer shows it (own, else its song's). */
export async function releaseArtworkOf(
  tx: OrgTx,
  organizationId: string,
  release: { artwork_key: string | null; song_id: string | null },
): Promise<FileSource<'release' | 'song'> | null> {
  if (release.artwork_key) return { key: release.artwork_key, source: 'release' };
  if (!release.song_id) return null;
  const asset = await repo.songAsset(tx, organizationId, release.song_id, 'artwork');
  return asset ? { key: asset.file_key, source: 'song' } : null;
}

/**
 * A recording's master as its answer shows it (own, else its song's), without what only storage
 * knows: `describeMasterFile` adds the link and the header's facts.
 */
export async function recordingMasterOf(
  tx: OrgTx,
  organizationId: string,
  recording: { audio_master_key: string | null; song_id: string | null },
): Promise<MasterFileDto | null> {
  const unread = { url: null, audio: null };
  const own = recording.audio_master_key;
  if (own) {
    const filename = parseKey(own)?.filename ?? own.slice(own.lastIndexOf('/') + 1);
    return { source: 'recording', key: own, filename, ...unread };
  }
  if (!recording.song_id) return null;
  const asset = await repo.songAsset(tx, organizationId, recording.song_id, 'master');
  return asset ? { source: 'song', key: asset.file_key, filename: asset.filename, ...unread } : null;
}

/** A signed link to a stored file, or null when the store cannot make one. */
export async function signedFileUrl(driver: StorageDriver, key: string | null): Promise<string | null> {
  if (!key) return null;
  try {
    return (await driver.signedGetUrl(key, URL_SECONDS)).url;
  } catch {
    return null;
  }
}

/** What a stored file is, from its first bytes; null when it is not there. */
export async function readStoredMedia(driver: StorageDriver, key: string): Promise<MediaInfo | null> {
  const info = await driver.head(key);
  if (!info) return null;
  if (info.size === 0) return inspectMedia(new Uint8Array());
  const object = await driver.getStream(key, { start: 0, end: Math.min(info.size, HEAD_BYTES) - 1 });
  if (!object) return null;
  return inspectMedia(await readStream(object.body, HEAD_BYTES));
}

/**
 * The master with its link and what its header says (format, bit depth, rate, channels): one ranged
 * read of the file's first 64 KiB, done for a single recording's answer, never for a list. A file
 * missing from storage or unreadable keeps `audio` null.
 */
export async function describeMasterFile(
  driver: StorageDriver,
  master: MasterFileDto | null,
): Promise<MasterFileDto | null> {
  if (!master) return null;
  const [url, info] = await Promise.all([
    signedFileUrl(driver, master.key),
    readStoredMedia(driver, master.key).catch(() => null),
  ]);
  const audio =
    info?.kind === 'audio'
      ? {
          format: info.format,
          bit_depth: info.bitDepth,
          sample_rate: info.sampleRate,
          channels: info.channels,
        }
      : null;
  return { ...master, url, audio };
}

// ---------------------------------------------------------------------------------------------------
// Uploads

/** A file refused for what its header says: 415, the reason also under `fields.key`. */
function refused(message: string) {
  return new AppError('unsupported_media_type', message, {}, { key: message });
}

type ReadRecordFile = (
  tx: OrgTx,
  organizationId: string,
  id: string,
) => Promise<{ key: string | null; row_version: number } | undefined>;

interface FileTarget {
  /** The kind in keys, audit actions and storage usage. */
  kind: 'artwork' | 'master';
  entityKind: 'release' | 'recording';
  /** The record's column, as the audit log names the change. */
  field: 'artwork_key' | 'audio_master_key';
  family: ContentFamily;
  typeMessage: (contentType: string) => string;
  check: (info: MediaInfo) => AssetCheck;
  notFound: () => AppError;
  /** The record's own file and version; undefined when it is not the label's. */
  find: ReadRecordFile;
  /** The same, locked until the transaction ends. */
  lock: ReadRecordFile;
  set: (tx: OrgTx, organizationId: string, id: string, key: string | null) => Promise<void>;
}

const ARTWORK: FileTarget = {
  kind: 'artwork',
  entityKind: 'release',
  field: 'artwork_key',
  family: 'image',
  typeMessage: CATALOGUE_FILE_MESSAGES.artworkType,
  check: checkArtwork,
  notFound: releaseNotFound,
  find: async (tx, organizationId, id) => {
    const row = await repo.releaseArtwork(tx, organizationId, id);
    return row && { key: row.artwork_key, row_version: row.row_version };
  },
  lock: async (tx, organizationId, id) => {
    const row = await lockRelease(tx, organizationId, id);
    return row && { key: row.artwork_key, row_version: row.row_version };
  },
  set: repo.setReleaseArtwork,
};

const MASTER: FileTarget = {
  kind: 'master',
  entityKind: 'recording',
  field: 'audio_master_key',
  family: 'audio',
  typeMessage: CATALOGUE_FILE_MESSAGES.masterType,
  // Stereo is not required here: distribution's readiness checks it, with the store's rules.
  check: (info) => checkMasterAudio(info, 'master'),
  notFound: recordingNotFound,
  find: async (tx, organizationId, id) => {
    const row = await findRecording(tx, organizationId, id);
    return row && { key: row.audio_master_key, row_version: row.row_version };
  },
  lock: async (tx, organizationId, id) => {
    const row = await findRecording(tx, organizationId, id, { lock: true });
    return row && { key: row.audio_master_key, row_version: row.row_version };
  },
  set: repo.setRecordingMaster,
};

/** The key's id part up to the random suffix: `release_<id>_artwork_`. */
const keyPrefix = (target: FileTarget, id: string) => `${target.entityKind}_${id}_${target.kind}_`;

/** Whether the key is one this feature made for this record and kind (only those are ever deleted). */
function isOwnKey(organizationId: string, target: FileTarget, id: string, key: string) {
  const parsed = parseKey(key);
  return (
    parsed !== null &&
    parsed.organizationId === organizationId &&
    parsed.type === 'assets' &&
    parsed.id.startsWith(keyPrefix(target, id))
  );
}

/** What its header says, a broken header being a refusal with its reason. */
async function inspectOrRefuse(driver: StorageDriver, key: string): Promise<MediaInfo> {
  try {
    const info = await readStoredMedia(driver, key);
    if (!info) throw fileNotFound();
    return info;
  } catch (error) {
    if (error instanceof MediaHeaderError) throw refused(error.message);
    throw error;
  }
}

/** Deletes a file nothing refers to any more. A failure leaves an orphan, never a broken record. */
async function deleteQuietly(driver: StorageDriver, key: string) {
  try {
    await driver.delete(key);
  } catch {
    // The record is already right; the file is only wasted space.
  }
}

export function createCatalogueFilesService(ctx: AppContext) {
  const { database } = ctx;
  const { driver, limits, uploadUrlTtlSeconds } = ctx.storage;

  async function presign(
    member: Member,
    target: FileTarget,
    recordId: string,
    body: { filename: string; content_type: string; size_bytes: number },
  ): Promise<CatalogueFileUploadDto> {
    requireCatalogue(member);
    const org = member.organizationId;
    const id = recordId.toLowerCase();
    const contentType = normalizeContentType(body.content_type);
    const limit = limits[target.family];
    await database.withOrg(org, async (tx) => {
      // The record first: another label's id is 404 whatever the file.
      if (!(await target.find(tx, org, id))) throw target.notFound();
      if (familyOf(contentType) !== target.family) {
        const message = target.typeMessage(contentType);
        throw new AppError('unsupported_media_type', message, {}, { content_type: message });
      }
      if (body.size_bytes > limit) {
        const message = CATALOGUE_FILE_MESSAGES.tooLarge(Math.round(limit / (1024 * 1024)));
        throw new AppError('payload_too_large', message, {}, { size_bytes: message });
      }
      await assertStorageRoom(tx, org, body.size_bytes);
    });
    const keyId = `${keyPrefix(target, id)}${randomBytes(6).toString('hex')}`;
    const key = buildKey(org, 'assets', keyId, body.filename);
    const uploadUrl = await driver.signedPutUrl(key, contentType, limit, uploadUrlTtlSeconds);
    return { key, upload_url: uploadUrl, content_type: contentType };
  }

  /**
   * After the browser's PUT: the generic content check, then the kind's header checks. A refused
   * file is deleted and the answer says exactly why. The record's previous own file is deleted once
   * the new one is set; attaching the file already set changes nothing.
   */
  async function attach(
    member: Member,
    target: FileTarget,
    recordId: string,
    body: { key: string; row_version?: number | undefined },
  ): Promise<void> {
    requireCatalogue(member);
    const org = member.organizationId;
    const id = recordId.toLowerCase();
    const { key } = body;
    const before = await database.withOrg(org, (tx) => target.find(tx, org, id));
    if (!before) throw target.notFound();
    if (!isOwnKey(org, target, id, key)) throw fileNotFound();
    if (before.key === key) return;

    let previous: string | null = null;
    try {
      if (body.row_version !== undefined && before.row_version !== body.row_version) {
        throw changedSinceRead();
      }
      const stored = await finalizeUpload(driver, key, limits);
      const check = target.check(await inspectOrRefuse(driver, key));
      if (!check.accepted) throw refused(check.problems.join(' '));
      previous = await database.withOrg(org, async (tx) => {
        const row = await target.lock(tx, org, id);
        if (!row) throw target.notFound();
        if (row.key === key) return null;
        if (body.row_version !== undefined && row.row_version !== body.row_version) {
          throw changedSinceRead();
        }
        await assertStorageRoom(tx, org, stored.size);
        await target.set(tx, org, id, key);
        await recordStorageUsage(tx, org, key, stored.size, `catalogue:${target.kind}`);
        const old = row.key && isOwnKey(org, target, id, row.key) ? row.key : null;
        if (old) await forgetStorageUsage(tx, org, [old]);
        await writeAudit(tx, org, [
          {
            entityKind: target.entityKind,
            entityId: id,
            action: `attach_${target.kind}`,
            changes: { [target.field]: [row.key, key], file: check.summary },
            reviewerId: member.reviewer.id,
          },
        ]);
        return old;
      });
    } catch (error) {
      await deleteQuietly(driver, key);
      throw error;
    }
    if (previous) await deleteQuietly(driver, previous);
  }

  /** Clears the record's own file (its song's applies again); nothing set changes nothing. */
  async function remove(
    member: Member,
    target: FileTarget,
    recordId: string,
    rowVersion: number | undefined,
  ): Promise<void> {
    requireCatalogue(member);
    const org = member.organizationId;
    const id = recordId.toLowerCase();
    const removed = await database.withOrg(org, async (tx) => {
      const row = await target.lock(tx, org, id);
      if (!row) throw target.notFound();
      if (rowVersion !== undefined && row.row_version !== rowVersion) throw changedSinceRead();
      if (!row.key) return null;
      await target.set(tx, org, id, null);
      const own = isOwnKey(org, target, id, row.key) ? row.key : null;
      if (own) await forgetStorageUsage(tx, org, [own]);
      await writeAudit(tx, org, [
        {
          entityKind: target.entityKind,
          entityId: id,
          action: `remove_${target.kind}`,
          changes: { [target.field]: [row.key, null] },
          reviewerId: member.reviewer.id,
        },
      ]);
      return own;
    });
    if (removed) await deleteQuietly(driver, removed);
  }

  return {
    /** POST /api/v1/catalogue/releases/{id}/artwork/presign */
    presignArtwork: (member: Member, releaseId: string, body: Parameters<typeof presign>[3]) =>
      presign(member, ARTWORK, releaseId, body),
    /** POST /api/v1/catalogue/releases/{id}/artwork (the route answers the release) */
    attachArtwork: (member: Member, releaseId: string, body: Parameters<typeof attach>[3]) =>
      attach(member, ARTWORK, releaseId, body),
    /** DELETE /api/v1/catalogue/releases/{id}/artwork */
    removeArtwork: (member: Member, releaseId: string, rowVersion?: number) =>
      remove(member, ARTWORK, releaseId, rowVersion),
    /** POST /api/v1/catalogue/recordings/{id}/master/presign */
    presignMaster: (member: Member, recordingId: string, body: Parameters<typeof presign>[3]) =>
      presign(member, MASTER, recordingId, body),
    /** POST /api/v1/catalogue/recordings/{id}/master (the route answers the recording) */
    attachMaster: (member: Member, recordingId: string, body: Parameters<typeof attach>[3]) =>
      attach(member, MASTER, recordingId, body),
    /** DELETE /api/v1/catalogue/recordings/{id}/master */
    removeMaster: (member: Member, recordingId: string, rowVersion?: number) =>
      remove(member, MASTER, recordingId, rowVersion),
  };
}
