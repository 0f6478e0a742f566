import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { PartyDto } from '@music-review/core/contracts/parties';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { AppError } from '../../platform/errors.ts';
import { diff, writeAudit } from '../catalogue/audit.repo.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import * as mergeRepo from './merge.repo.ts';
import { partyNotFound, readPartyDetail } from './parties.dto.ts';
import * as repo from './parties.repo.ts';
import { cleanAliases } from './parties.service.ts';

/** The kept person's empty fields the duplicate fills. */
const FILLED = [
  'legal_name',
  'ipi',
  'isni',
  'pro',
  'pro_member_number',
  'email',
  'country',
  'payee_id',
  'notes',
] as const satisfies readonly repo.PartyField[];

const duplicateNotFound = () =>
  new AppError('not_found', 'The duplicate person was not found', {}, { duplicate_id: 'Person not found' });

export function createMergeService(ctx: AppContext) {
  const { database } = ctx;

  return {
    /**
     * POST /api/v1/parties/{id}/merge: the duplicate's credits, writer shares, publishing and
     * history move to the kept person; its names stay as other credited names, its details fill the
     * kept person's gaps; then it is deleted. One transaction: all of it or nothing.
     */
    async merge(member: Member, keepId: string, duplicateId: string): Promise<PartyDto> {
      const org = member.organizationId;
      return database.withOrg(org, async (tx) => {
        requireCatalogue(member);
        if (keepId === duplicateId) throw new AppError('bad_request', CATALOGUE_MESSAGES.mergeSelf);
        await mergeRepo.lockPair(tx, org, [keepId, duplicateId]);
        const keep = await repo.findParty(tx, org, keepId);
        if (!keep) throw partyNotFound();
        const duplicate = await repo.findParty(tx, org, duplicateId);
        if (!duplicate) throw duplicateNotFound();

        const values: repo.PartyValues = {
          aliases: cleanAliases(keep.name, [...keep.aliases, duplicate.name, ...duplicate.aliases]),
          roles: [...new Set([...keep.roles, ...duplicate.roles])],
        };
        for (const field of FILLED) {
          if (keep[field] === null && duplicate[field] !== null) values[field] = duplicate[field];
        }
        const changes: Record<string, unknown> = {
          ...diff(keep as unknown as Record<string, unknown>, values),
          merged: { id: duplicate.id, name: duplicate.name },
        };

        await mergeRepo.moveRecordingCredits(tx, org, keepId, duplicateId);
        await mergeRepo.moveWorkCredits(tx, org, keepId, duplicateId);
        await mergeRepo.moveAudit(tx, org, keepId, duplicateId);
        await repo.deleteParty(tx, org, duplicateId);
        await repo.updateParty(tx, org, keepId, values);
        await writeAudit(tx, org, [
          { entityKind: 'party', entityId: keepId, action: 'merge', changes, reviewerId: member.reviewer.id },
        ]);
        return readPartyDetail(tx, org, keepId);
      });
    },
  };
}
