import { randomBytes } from 'node:crypto';
import {
  ASSET_KIND_INFO,
  ASSET_KINDS,
  type AssetKind,
  type AssetVersionDto,
  checkAsset,
  missingForRelease,
  notReadyMessage,
  type PresignAssetBody,
  type PresignedUploadDto,
  type ReleaseReadinessDto,
  type SongAssetsDto,
} from '@music-review/core/assets';
import { inspectMedia, MediaHeaderError, type MediaInfo } from '@music-review/core/media-inspect';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { assertStorageRoom, recordStorageUsage } from '../../platform/plans/storage-quota.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { finalizeUpload, readStream } from '../../platform/storage/finalize-upload.ts';
import { buildKey, parseKey } from '../../platform/storage/keys.ts';
import { type ContentFamily, familyOf, normalizeContentType } from '../../platform/storage/upload-rules.ts';
import * as repo from './assets.repo.ts';

const songNotFound = () => notFound('Song not found');
const fileNotFound = () => notFound('File not found');
const URL_TTL_SECONDS = 3600;

/** The first bytes of a stored object (for the header checks); 64 KiB covers WAV/AIFF chunks before fmt/COMM. */
async function readHead(driver: StorageDriver, key: string, bytes = 65_536): Promise<Buffer | null> {
  const info = await driver.head(key);
  if (!info) return null;
  if (info.size === 0) return Buffer.alloc(0);
  const obj = await driver.getStream(key, { start: 0, end: Math.min(info.size, bytes) - 1 });
  if (!obj) return null;
  return readStream(obj.body, bytes);
}

/** Which declared families each kind may start as; the bytes decide the rest (checkAsset). */
const KIND_FAMILIES: Record<AssetKind, readonly ContentFamily[]> = {
  artwork: ['image'],
  press_photo: ['image'],
  logo: ['image'],
  master: ['audio'],
  instrumental: ['audio'],
  stems: ['audio', 'file'],
  bio: ['document', 'file'],
};

/** Keys are `{org}/assets/{songId}_{kind}_{random}/{filename}`: the song and kind come back from the key. */
function assetKeyId(songId: string, kind: AssetKind) {
  return `${songId}_${kind}_${randomBytes(6).toString('hex')}`;
}

function kindFromKeyId(id: string, songId: string): AssetKind | null {
  if (!id.startsWith(`${songId}_`)) return null;
  const rest = id.slice(songId.length + 1);
  const kind = rest.slice(0, rest.lastIndexOf('_'));
  return (ASSET_KINDS as readonly string[]).includes(kind) ? (kind as AssetKind) : null;
}

/** Reads the stored file's header; a broken header is a refusal with its reason. */
export function inspectOrRefuse(head: Buffer): MediaInfo {
  try {
    return inspectMedia(head);
  } catch (error) {
    if (error instanceof MediaHeaderError) throw new AppError('unsupported_media_type', error.message);
    throw error;
  }
}

export function createAssetsService(ctx: AppContext) {
  const { database } = ctx;
  const { driver, limits, uploadUrlTtlSeconds } = ctx.storage;

  async function requireSong(tx: OrgTx, organizationId: string, songId: string, forWriting = false) {
    const song = await repo.findSong(tx, organizationId, songId);
    if (!song) throw songNotFound();
    if (forWriting && song.status !== 'signed') {
      throw new AppError('conflict', 'Assets can be added to signed songs only.');
    }
    return song;
  }

  async function toDto(row: repo.AssetRow, isCurrent: boolean): Promise<AssetVersionDto> {
    const { url } = await driver.signedGetUrl(row.file_key, URL_TTL_SECONDS);
    return {
      id: row.id,
      kind: row.kind,
      scope: row.scope,
      version: row.version,
      filename: row.filename,
      content_type: row.content_type,
      size_bytes: Number(row.size_bytes),
      summary: row.details.summary ?? '',
      accepted: row.details.accepted ?? true,
      problems: row.details.problems ?? [],
      restored_from: row.details.restored_from ?? null,
      uploaded_by_name: row.uploaded_by_name,
      created_at: new Date(row.created_at).toISOString(),
      is_current: isCurrent,
      url,
    };
  }

  async function readiness(tx: OrgTx, organizationId: string, songId: string, rows: repo.AssetRow[]) {
    const current = (kind: AssetKind) => rows.find((r) => r.kind === kind); // rows are newest first
    const metadataConfirmed = await repo.isMetadataConfirmed(tx, organizationId, songId);
    const missing = missingForRelease({
      artworkAccepted: current('artwork')?.details.accepted ?? false,
      masterAccepted: current('master')?.details.accepted ?? false,
      metadataConfirmed,
    });
    const marked = await repo.findReadiness(tx, organizationId, songId);
    const dto: ReleaseReadinessDto = {
      is_ready: !!marked,
      marked_at: marked ? new Date(marked.created_at).toISOString() : null,
      marked_by_name: marked?.marked_by_name ?? null,
      metadata_confirmed: metadataConfirmed,
      missing,
    };
    return dto;
  }

  /** Records an accepted file as the kind's next version, with its storage usage. */
  async function record(
    member: Member,
    songId: string,
    kind: AssetKind,
    file: { key: string; filename: string; contentType: string; size: number },
    details: repo.AssetDetails,
  ) {
    const { organizationId } = member;
    return database.withOrg(organizationId, async (tx) => {
      await requireSong(tx, organizationId, songId, true);
      await assertStorageRoom(tx, organizationId, file.size);
      const id = await repo.insertAssetVersion(tx, {
        organizationId,
        songId,
        scope: ASSET_KIND_INFO[kind].scope,
        kind,
        fileKey: file.key,
        filename: file.filename,
        contentType: file.contentType,
        sizeBytes: file.size,
        details,
        uploadedBy: member.reviewer.id,
      });
      await recordStorageUsage(tx, organizationId, file.key, file.size, `asset:${kind}`);
      return (await repo.findAsset(tx, organizationId, songId, id))!;
    });
  }

  return {
    async list(member: Member, songId: string): Promise<SongAssetsDto> {
      const { organizationId } = member;
      const { song, rows, ready } = await database.withOrg(organizationId, async (tx) => {
        const song = await requireSong(tx, organizationId, songId);
        const rows = await repo.listAssets(tx, organizationId, songId);
        return { song, rows, ready: await readiness(tx, organizationId, songId, rows) };
      });
      const kinds = await Promise.all(
        ASSET_KINDS.map(async (kind) => {
          const versions = rows.filter((r) => r.kind === kind);
          return {
            kind,
            scope: ASSET_KIND_INFO[kind].scope,
            versions: await Promise.all(versions.map((r, i) => toDto(r, i === 0))),
          };
        }),
      );
      return { song: { id: song.id, title: song.title, artist: song.artist }, kinds, readiness: ready };
    },

    /** A PUT URL for a new version; the declared type must fit the kind, the plan must have room. */
    async presign(member: Member, songId: string, body: PresignAssetBody): Promise<PresignedUploadDto> {
      const { organizationId } = member;
      const contentType = normalizeContentType(body.content_type);
      const family = familyOf(contentType);
      const info = ASSET_KIND_INFO[body.kind];
      if (!family || !KIND_FAMILIES[body.kind].includes(family)) {
        throw new AppError(
          'unsupported_media_type',
          `${info.label}: a file of type ${contentType || 'unknown'} is not accepted. ${info.requirement}`,
        );
      }
      if (body.size_bytes > limits[family]) {
        throw new AppError(
          'payload_too_large',
          `The file is larger than the limit of ${Math.round(limits[family] / (1024 * 1024))} MB.`,
        );
      }
      await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId, true);
        await assertStorageRoom(tx, organizationId, body.size_bytes);
      });
      const key = buildKey(organizationId, 'assets', assetKeyId(songId, body.kind), body.filename);
      const uploadUrl = await driver.signedPutUrl(key, contentType, limits[family], uploadUrlTtlSeconds);
      return { key, upload_url: uploadUrl, content_type: contentType };
    },

    /**
     * After the browser's PUT: the generic content check, then the kind's own checks on the header
     * bytes. A refused file is deleted and the answer (415) says exactly what is wrong.
     */
    async confirm(member: Member, songId: string, key: string): Promise<AssetVersionDto> {
      const { organizationId } = member;
      const parsed = parseKey(key);
      const kind = parsed && parsed.type === 'assets' ? kindFromKeyId(parsed.id, songId) : null;
      if (!parsed || parsed.organizationId !== organizationId || !kind) throw fileNotFound();
      const existing = await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId);
        return repo.findAssetByKey(tx, organizationId, key);
      });
      if (existing) return toDto(existing, true);

      const stored = await finalizeUpload(driver, key, limits);
      const head = await readHead(driver, key);
      if (!head) throw fileNotFound();
      let check: ReturnType<typeof checkAsset>;
      try {
        check = checkAsset(kind, inspectOrRefuse(head));
      } catch (error) {
        await driver.delete(key);
        throw error;
      }
      if (!check.accepted) {
        await driver.delete(key);
        throw new AppError('unsupported_media_type', check.problems.join(' '));
      }
      try {
        const row = await record(
          member,
          songId,
          kind,
          { key, filename: parsed.filename, contentType: stored.contentType, size: stored.size },
          { summary: check.summary, accepted: true, problems: [] },
        );
        return toDto(row, true);
      } catch (error) {
        await driver.delete(key);
        throw error;
      }
    },

    /** A typed bio, kept as a text file so it has versions like an uploaded one. */
    async saveBioText(member: Member, songId: string, text: string): Promise<AssetVersionDto> {
      const { organizationId } = member;
      const body = Buffer.from(`${text}\n`, 'utf8');
      await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId, true);
        await assertStorageRoom(tx, organizationId, body.length);
      });
      const key = buildKey(organizationId, 'assets', assetKeyId(songId, 'bio'), 'bio.txt');
      await driver.put(key, body, { contentType: 'text/plain' });
      try {
        const row = await record(
          member,
          songId,
          'bio',
          { key, filename: 'bio.txt', contentType: 'text/plain', size: body.length },
          { summary: 'Text', accepted: true, problems: [] },
        );
        return toDto(row, true);
      } catch (error) {
        await driver.delete(key);
        throw error;
      }
    },

    /** Makes an older version current again: a new version pointing at the same file. */
    async restore(member: Member, songId: string, assetId: string): Promise<AssetVersionDto> {
      const { organizationId } = member;
      const row = await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId, true);
        const old = await repo.findAsset(tx, organizationId, songId, assetId);
        if (!old) throw notFound('Asset not found');
        const id = await repo.insertAssetVersion(tx, {
          organizationId,
          songId,
          scope: old.scope,
          kind: old.kind,
          fileKey: old.file_key,
          filename: old.filename,
          contentType: old.content_type,
          sizeBytes: Number(old.size_bytes),
          details: { ...old.details, restored_from: old.version },
          uploadedBy: member.reviewer.id,
        });
        return (await repo.findAsset(tx, organizationId, songId, id))!;
      });
      return toDto(row, true);
    },

    /** Marks the release ready: 409 with what is missing, as the tab's checklist shows it. */
    async markReady(member: Member, songId: string): Promise<ReleaseReadinessDto> {
      const { organizationId } = member;
      return database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId, true);
        const rows = await repo.listAssets(tx, organizationId, songId);
        const before = await readiness(tx, organizationId, songId, rows);
        if (before.missing.length > 0) throw new AppError('conflict', notReadyMessage(before.missing));
        await repo.markReady(tx, organizationId, songId, member.reviewer.id);
        return readiness(tx, organizationId, songId, rows);
      });
    },

    async unmarkReady(member: Member, songId: string): Promise<ReleaseReadinessDto> {
      const { organizationId } = member;
      return database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId);
        await repo.unmarkReady(tx, organizationId, songId);
        return readiness(tx, organizationId, songId, await repo.listAssets(tx, organizationId, songId));
      });
    },
  };
}
