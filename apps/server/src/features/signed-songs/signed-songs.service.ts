import type { ContractStatus } from '@music-review/core/contracts';
import type { MetadataFormStatus } from '@music-review/core/metadata-forms';
import {
  type CampaignStatus,
  type LabelCopyStatus,
  releaseBlockers,
  type SignedSongDto,
  type SignedSongOverviewDto,
  type SignedSongsDto,
  WORKFLOW_STAGES,
  type WorkflowFacts,
  type WorkflowStage,
  workflowChips,
} from '@music-review/core/signed-songs';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { notFound } from '../../platform/errors.ts';
import * as repo from './signed-songs.repo.ts';

/** How long the artwork links in the answers stay valid. */
const ARTWORK_URL_SECONDS = 3600;

const iso = (value: Date | string) => new Date(value).toISOString();
const round1 = (value: number | null) => (value == null ? null : Math.round(value * 10) / 10);

function factsOf(row: repo.SignedSongRow): WorkflowFacts {
  return {
    contract: row.contract_status as ContractStatus | null,
    metadata: row.metadata_status as MetadataFormStatus | null,
    labelCopy: row.label_copy_status as LabelCopyStatus | null,
    hasArtwork: row.has_artwork,
    hasMaster: row.has_master,
    releaseReady: row.release_ready_at !== null,
    campaign: row.campaign_status as CampaignStatus | null,
    openTasks: row.open_tasks,
  };
}

export function createSignedSongsService(ctx: AppContext) {
  const { database } = ctx;

  async function artworkUrl(key: string | null) {
    if (!key) return null;
    try {
      return (await ctx.storage.driver.signedGetUrl(key, ARTWORK_URL_SECONDS)).url;
    } catch {
      return null;
    }
  }

  async function toDto(row: repo.SignedSongRow): Promise<SignedSongDto> {
    return {
      id: row.id,
      title: row.title,
      artist: row.artist,
      submitted_at: iso(row.submitted_at),
      artwork_url: await artworkUrl(row.artwork_key),
      averages: {
        musical: round1(row.avg_musical),
        artist: round1(row.avg_artist),
        overall: round1(row.avg_overall),
      },
      stage: row.stage as WorkflowStage,
      chips: workflowChips(factsOf(row)),
    };
  }

  return {
    /** GET /api/v1/signed-songs */
    async list(member: Member, query: repo.SignedSongsQuery): Promise<SignedSongsDto> {
      const { rows, total, artists } = await database.withOrg(member.organizationId, async (tx) => ({
        ...(await repo.listSignedSongs(tx, member.organizationId, query)),
        artists: await repo.signedArtists(tx, member.organizationId),
      }));
      return { songs: await Promise.all(rows.map(toDto)), total, artists };
    },

    /** GET /api/v1/signed-songs/{songId}: the Overview tab. Another label's or an unsigned song: 404. */
    async overview(member: Member, songId: string): Promise<SignedSongOverviewDto> {
      const found = await database.withOrg(member.organizationId, async (tx) => {
        const row = await repo.findSignedSong(tx, member.organizationId, songId);
        return row ? { row, counts: await repo.songCounts(tx, member.organizationId, songId) } : null;
      });
      if (!found) throw notFound('Signed song not found');
      const dto = await toDto(found.row);
      return {
        ...dto,
        stage_index: WORKFLOW_STAGES.indexOf(dto.stage),
        blockers: releaseBlockers(factsOf(found.row)),
        counts: found.counts,
        release_ready_at: found.row.release_ready_at ? iso(found.row.release_ready_at) : null,
      };
    },
  };
}
