import { bpToPercent } from '@music-review/core/catalogue';
import type { RecordingDto, RecordingRowDto } from '@music-review/core/contracts/catalogue';
import { iso } from '../../platform/dates.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { readAudit, readSplitHistory } from './audit.repo.ts';
import { recordingMasterOf } from './catalogue-files.service.ts';
import * as repo from './recordings.repo.ts';

export function toRecordingRow(row: repo.RecordingListRow): RecordingRowDto {
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    display_artist: row.display_artist,
    isrc: row.isrc,
    duration_seconds: row.duration_seconds,
    explicit: row.explicit,
    genre: row.genre,
    language: row.language,
    recording_year: row.recording_year,
    origin: row.origin,
    has_work: row.has_work,
    has_master_split: row.has_master_split,
    release_count: row.release_count,
    updated_at: iso(row.updated_at),
    row_version: row.row_version,
  };
}

/**
 * A recording with everything its page shows, or undefined when it is not the label's. Its master's
 * link and header facts come from storage, outside the transaction: `describeMasterFile`.
 */
export async function readRecording(
  tx: OrgTx,
  organizationId: string,
  id: string,
): Promise<RecordingDto | undefined> {
  const row = await repo.findRecording(tx, organizationId, id);
  if (!row) return undefined;
  // One statement at a time: a transaction is one connection, which runs them in turn anyway.
  const artists = await repo.recordingArtists(tx, organizationId, id);
  const splits = await repo.masterSplits(tx, organizationId, id);
  const history = await readSplitHistory(tx, organizationId, 'master', id);
  const releases = await repo.recordingReleases(tx, organizationId, id);
  const audit = await readAudit(tx, organizationId, id);
  const work = row.work_id ? await repo.workSummary(tx, organizationId, row.work_id) : undefined;
  const masterFile = await recordingMasterOf(tx, organizationId, row);
  return {
    ...toRecordingRow({
      ...row,
      has_work: row.work_id !== null,
      has_master_split: splits.length > 0,
      release_count: new Set(releases.map((r) => r.id)).size,
    }),
    subgenre: row.subgenre,
    bpm: row.bpm,
    musical_key: row.musical_key,
    p_line_year: row.p_line_year,
    p_line_owner: row.p_line_owner,
    audio_master_key: row.audio_master_key,
    master_file: masterFile,
    song_id: row.song_id,
    work: work ?? null,
    artists,
    master_splits: splits.map((s) => ({
      payee_id: s.payee_id,
      name: s.name,
      share: bpToPercent(s.share_bp),
    })),
    split_history: history,
    releases,
    audit,
    created_at: iso(row.created_at),
  };
}
