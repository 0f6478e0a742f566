import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { RecordingDto } from '@music-review/core/contracts/catalogue';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import { writeAudit } from './audit.repo.ts';
import { requireCatalogue } from './catalogue.access.ts';
import { readRecording } from './recordings.dto.ts';
import * as repo from './recordings.repo.ts';
import { recordingNotFound } from './recordings.service.ts';
import { nextIsrc } from './settings.isrc.ts';
import * as settingsRepo from './settings.repo.ts';

/**
 * Gives a recording (locked by the caller, without an ISRC) the label's next ISRC and returns it;
 * refuses without a prefix or when the year's range is used up. Also the demo seed's way.
 */
export async function assignNextIsrc(tx: OrgTx, org: string, id: string, reviewerId: string | null) {
  let settings = await settingsRepo.findSettings(tx, org, { lock: true });
  if (!settings?.isrc_prefix) throw new AppError('bad_request', CATALOGUE_MESSAGES.noIsrcPrefix);
  for (;;) {
    const next = await nextIsrc(tx, org, settings);
    if (!next) throw new AppError('bad_request', CATALOGUE_MESSAGES.noIsrcPrefix);
    if ('full' in next) throw new AppError('conflict', MUSIC_CODE_MESSAGES.isrcRangeUsed);
    await repo.lockIsrc(tx, org, next.isrc);
    if (await repo.recordingWithIsrc(tx, org, next.isrc, null)) {
      settings = { ...settings, isrc_year: next.year, isrc_next_number: next.number + 1 };
      continue;
    }
    await repo.updateRecording(tx, org, id, { isrc: next.isrc });
    await settingsRepo.saveIsrcCounter(tx, org, next.year, next.number + 1);
    await writeAudit(tx, org, [
      {
        entityKind: 'recording',
        entityId: id,
        action: 'assign_isrc',
        changes: { isrc: [null, next.isrc] },
        reviewerId,
      },
    ]);
    return next.isrc;
  }
}

/**
 * POST /api/v1/catalogue/recordings/{id}/assign-isrc: the label's next ISRC. The settings row is
 * locked (SELECT ... FOR UPDATE) for the whole transaction, so two assignments at once take two
 * running numbers one after the other; the code itself is locked and checked again, so an ISRC
 * typed into another recording at that moment is skipped rather than given twice.
 */
export function createAssignIsrcService(ctx: AppContext) {
  return {
    assign(member: Member, id: string): Promise<RecordingDto> {
      const org = member.organizationId;
      return ctx.database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        const recording = await repo.findRecording(tx, org, id, { lock: true });
        if (!recording) throw recordingNotFound();
        if (recording.isrc) throw new AppError('conflict', CATALOGUE_MESSAGES.isrcAlreadySet);
        await assignNextIsrc(tx, org, id, member.reviewer.id);
        const dto = await readRecording(tx, org, id);
        if (!dto) throw recordingNotFound();
        return dto;
      });
    },
  };
}
