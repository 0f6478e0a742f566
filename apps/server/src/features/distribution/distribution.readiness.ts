import {
  checkReadiness,
  type FileState,
  type ReadinessResult,
} from '@music-review/core/distribution-readiness';
import type { MediaInfo } from '@music-review/core/media-inspect';
import type { OrgTx } from '../../platform/db/index.ts';
import { notFound } from '../../platform/errors.ts';
import { effectiveReleaseFiles } from '../catalogue/catalogue-files.service.ts';
import * as repo from './distribution.repo.ts';

/** What media_inspections keeps for a file (features/distribution/media/inspect-media.ts). */
export interface StoredInspection {
  bytes: number;
  md5: string;
  sha256: string;
  info: MediaInfo;
  audio?: { durationSeconds: number; leadingSilenceSeconds: number; trailingSilenceSeconds: number };
  problem?: string;
}

export interface GatheredFile {
  key: string;
  inspection: StoredInspection | null;
}

/** Everything a readiness check and an ERN need, read in the caller's transaction. */
export interface GatheredRelease {
  release: repo.ReleaseRow;
  tracks: (repo.TrackRow & { master: GatheredFile | null })[];
  artwork: GatheredFile | null;
  /** Files without an inspection yet. */
  uninspected: string[];
}

export async function gatherRelease(tx: OrgTx, org: string, releaseId: string): Promise<GatheredRelease> {
  const release = await repo.findRelease(tx, org, releaseId);
  if (!release) throw notFound('Release not found');
  const tracks = await repo.releaseTracks(tx, org, releaseId);
  const files = await effectiveReleaseFiles(tx, org, releaseId);
  const masters = new Map(files.tracks.map((t) => [t.recordingId, t.master?.key ?? null]));
  const keys = [files.artwork?.key, ...masters.values()].filter((k): k is string => !!k);
  const found = await repo.inspections(tx, org, keys);
  const file = (key: string | null | undefined): GatheredFile | null =>
    key ? { key, inspection: (found.get(key) as unknown as StoredInspection | undefined) ?? null } : null;
  return {
    release,
    artwork: file(files.artwork?.key),
    tracks: tracks.map((t) => ({ ...t, master: file(masters.get(t.recording_id)) })),
    uninspected: [...new Set(keys.filter((k) => !found.has(k)))],
  };
}

const fileState = (file: GatheredFile | null): FileState => {
  if (!file) return { state: 'missing' };
  if (!file.inspection) return { state: 'checking' };
  const { info, audio, problem } = file.inspection;
  return { state: 'inspected', info, ...(audio ? { audio } : {}), ...(problem ? { problem } : {}) };
};

export function readinessOf(g: GatheredRelease, now = new Date()): ReadinessResult {
  const r = g.release;
  return checkReadiness({
    release: {
      id: r.id,
      title: r.title,
      version: r.version,
      upc: r.upc,
      labelName: r.label_name ?? r.settings_label_name,
      releaseDate: r.release_date,
      pLine: { year: r.p_line_year, owner: r.p_line_owner },
      cLine: { year: r.c_line_year, owner: r.c_line_owner },
      genre: r.genre,
    },
    artwork: fileState(g.artwork),
    tracks: g.tracks.map((t) => ({
      disc: t.disc_number,
      number: t.track_number,
      recordingId: t.recording_id,
      title: t.title,
      version: t.version,
      isrc: t.isrc,
      language: t.language,
      genre: t.genre,
      pLine: { year: t.p_line_year ?? r.p_line_year, owner: t.p_line_owner ?? r.p_line_owner },
      workId: t.work_id,
      writerShareBp: t.writer_share_bp,
      masterShareBp: t.master_share_bp,
      master: fileState(t.master),
    })),
    dpid: r.dpid,
    today: now.toISOString().slice(0, 10),
  });
}
