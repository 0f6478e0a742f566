import {
  CONTRACT_MESSAGES,
  type ContractGeneratorAccessDto,
  type ContractKind,
  type ContractTemplateBody,
  type ContractTemplateDto,
  contractPlaceholderValues,
  defaultTemplateOf,
  type GenerateContractBody,
  generatorAccessMessage,
  renderTemplate,
} from '@music-review/core/contracts';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { featureAccess } from '../../platform/plans/feature-access.ts';
import { builtinTemplates, templateDto, UUID } from './contracts.dto.ts';
import * as repo from './contracts.repo.ts';

/**
 * The generator's side: the label's templates (beside the built-in ones), whether the plan lets
 * the label generate, and a draft's text rendered from a template and its terms.
 */

async function resolveTemplate(tx: OrgTx, orgId: string, templateId: string) {
  const builtin = defaultTemplateOf(templateId);
  if (builtin) return { id: null, kind: builtin.kind, body: builtin.body };
  if (!UUID.test(templateId)) throw notFound('Template not found');
  const own = await repo.findTemplate(tx, orgId, templateId);
  if (!own) throw notFound('Template not found');
  return { id: own.id, kind: own.kind as ContractKind, body: own.body };
}

/** The row values of a draft for a signed song: its text rendered from the template and these terms. */
export async function renderDraft(
  tx: OrgTx,
  orgId: string,
  songId: string,
  body: GenerateContractBody,
): Promise<repo.DraftValues> {
  const song = await repo.findSong(tx, orgId, songId);
  if (!song) throw notFound('Song not found');
  if (song.status !== 'signed') throw new AppError('conflict', CONTRACT_MESSAGES.notSigned);
  const template = await resolveTemplate(tx, orgId, body.template_id);
  const label = await repo.labelName(tx, orgId);
  const bodyText = renderTemplate(
    template.body,
    contractPlaceholderValues(body.terms, { title: body.title, songTitle: song.title, labelName: label }),
  );
  return {
    artistName: body.terms.artist_name,
    templateId: template.id,
    kind: template.kind,
    title: body.title,
    terms: body.terms,
    bodyText,
  };
}

export function createContractTemplates(ctx: AppContext) {
  const { database } = ctx;

  return {
    async listTemplates(member: Member): Promise<ContractTemplateDto[]> {
      const rows = await database.withOrg(member.organizationId, (tx) =>
        repo.listTemplates(tx, member.organizationId),
      );
      return [...builtinTemplates(), ...rows.map(templateDto)];
    },

    async createTemplate(member: Member, body: ContractTemplateBody) {
      const row = await database.withOrg(member.organizationId, (tx) =>
        repo.insertTemplate(tx, { orgId: member.organizationId, ...body, createdBy: member.reviewer.id }),
      );
      return templateDto(row);
    },

    async updateTemplate(member: Member, id: string, body: ContractTemplateBody) {
      const row = await database.withOrg(member.organizationId, (tx) =>
        repo.updateTemplate(tx, member.organizationId, id, body),
      );
      if (!row) throw notFound('Template not found');
      return templateDto(row);
    },

    async deleteTemplate(member: Member, id: string) {
      const deleted = await database.withOrg(member.organizationId, (tx) =>
        repo.deleteTemplate(tx, member.organizationId, id),
      );
      if (!deleted) throw notFound('Template not found');
    },

    async generatorAccess(member: Member): Promise<ContractGeneratorAccessDto> {
      const access = await database.withOrg(member.organizationId, (tx) =>
        featureAccess(tx, member.organizationId, 'contract_generator'),
      );
      const dto = { allowed: access.allowed, is_trial: access.isTrial, trial_used: access.trialUsed };
      return { ...dto, message: generatorAccessMessage(dto) };
    },
  };
}
