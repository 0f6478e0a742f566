import { CONTRACT_KIND_LABELS, type ContractKind } from '@music-review/core/contracts';
import type { RecordingLineageDto } from '@music-review/core/contracts/catalogue';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { iso, isoOrNull } from '../../platform/dates.ts';
import { requireCatalogue } from './catalogue.access.ts';
import * as repo from './lineage.repo.ts';
import { findRecording } from './recordings.repo.ts';
import { recordingNotFound } from './recordings.service.ts';

const round1 = (value: number | null) => (value == null ? null : Math.round(value * 10) / 10);

const NO_LINEAGE: RecordingLineageDto = {
  song: null,
  averages: { musical: null, artist: null, overall: null, reviews: 0 },
  decision: null,
  contracts: [],
};

/**
 * GET /api/v1/catalogue/recordings/{id}/lineage: the demo a recording came from, its reviews'
 * averages (the current version's, useless reviews left out, as on Signed songs), the decision and
 * the song's contracts with their signatures. A recording without a demo has none of these.
 */
export function createLineageService(ctx: AppContext) {
  return {
    get(member: Member, id: string): Promise<RecordingLineageDto> {
      const org = member.organizationId;
      return ctx.database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        const recording = await findRecording(tx, org, id);
        if (!recording) throw recordingNotFound();
        if (!recording.song_id) return NO_LINEAGE;
        const song = await repo.lineageSong(tx, org, id);
        if (!song) return NO_LINEAGE;
        const contracts = await repo.lineageContracts(tx, org, song.id);
        return {
          song: { id: song.id, title: song.title, artist: song.artist, submitted_at: iso(song.submitted_at) },
          averages: {
            musical: round1(song.avg_musical),
            artist: round1(song.avg_artist),
            overall: round1(song.avg_overall),
            reviews: song.reviews,
          },
          decision:
            song.status === 'signed' || song.status === 'passed'
              ? { status: song.status, decided_at: isoOrNull(song.decided_at) }
              : null,
          contracts: contracts.map((c) => ({
            id: c.id,
            title: c.title || (CONTRACT_KIND_LABELS[c.kind as ContractKind] ?? c.kind),
            status: c.status,
            signers: c.signers.map((s) => ({ name: s.name, signed_at: isoOrNull(s.signed_at) })),
          })),
        };
      });
    },
  };
}
