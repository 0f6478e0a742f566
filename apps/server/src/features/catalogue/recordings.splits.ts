import { percentToBp } from '@music-review/core/catalogue';
import type { masterSplitsBody } from '@music-review/core/catalogue-schemas';
import type { RecordingDto } from '@music-review/core/contracts/catalogue';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { notFound, validationError } from '../../platform/errors.ts';
import { writeAudit, writeSplitVersion } from './audit.repo.ts';
import { changedSinceRead, requireCatalogue } from './catalogue.access.ts';
import { readRecording } from './recordings.dto.ts';
import * as repo from './recordings.repo.ts';
import { recordingNotFound } from './recordings.service.ts';

type SplitsBody = z.output<typeof masterSplitsBody>;

const PAYEE_NOT_FOUND = 'Payee not found: choose one of your label’s payees';
const PAYEE_TWICE = 'This payee is already in the split: give them one share';

/**
 * PUT /api/v1/catalogue/recordings/{id}/splits: replaces the master split (the schema has checked
 * that the shares total exactly 100 with at most 2 decimals). The recording's row_version is the
 * lock; each change is kept as the next split version, with the payees' names of the moment.
 */
export function createMasterSplitsService(ctx: AppContext) {
  return {
    set(member: Member, id: string, body: SplitsBody): Promise<RecordingDto> {
      const org = member.organizationId;
      return ctx.database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        const recording = await repo.findRecording(tx, org, id, { lock: true });
        if (!recording) throw recordingNotFound();
        if (recording.row_version !== body.row_version) throw changedSinceRead();
        // Ids compare as the database writes them (a UUID may be sent in capitals).
        const splits = body.splits.map((s) => ({ payee_id: s.payee_id.toLowerCase(), share: s.share }));
        const seen = new Set<string>();
        for (const [index, split] of splits.entries()) {
          if (seen.has(split.payee_id)) throw validationError({ [`splits.${index}.payee_id`]: PAYEE_TWICE });
          seen.add(split.payee_id);
        }
        const names = await repo.labelPayees(tx, org, [...seen]);
        if (names.size !== seen.size) throw notFound(PAYEE_NOT_FOUND);

        const before = await repo.masterSplits(tx, org, id);
        const after = splits.map((s) => ({ payee_id: s.payee_id, share_bp: percentToBp(s.share) }));
        await repo.replaceMasterSplits(tx, org, id, after);
        await repo.touchRecording(tx, org, id);
        const shares = after.map((s) => ({
          id: s.payee_id,
          name: names.get(s.payee_id) ?? '',
          share_bp: s.share_bp,
        }));
        await writeSplitVersion(tx, org, {
          kind: 'master',
          subjectId: id,
          shares,
          changedBy: member.reviewer.id,
        });
        const asPercent = (list: { name: string; share_bp: number }[]) =>
          list.map((s) => ({ name: s.name, share: s.share_bp / 100 }));
        await writeAudit(tx, org, [
          {
            entityKind: 'recording',
            entityId: id,
            action: 'splits',
            changes: { master_splits: [asPercent(before), asPercent(shares)] },
            reviewerId: member.reviewer.id,
          },
        ]);
        const dto = await readRecording(tx, org, id);
        if (!dto) throw recordingNotFound();
        return dto;
      });
    },
  };
}
