import {
  CONTRACT_MESSAGES,
  type ContractDetailDto,
  type ContractDto,
  type ContractStatus,
  canEditContract,
  canVoidContract,
  type GenerateContractBody,
  isAwaitingSignatures,
  type SendContractBody,
  type SentContractDto,
  type SignerLinkDto,
} from '@music-review/core/contracts';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { linkMail, sendEach } from '../../platform/mail/mailer.ts';
import { useGatedFeature } from '../../platform/plans/feature-access.ts';
import { createPublicLink } from '../../platform/public-links/public-links.ts';
import type { ContractDocuments } from './contracts.documents.ts';
import { contractDto, contractNotFound, detail, lockedContract } from './contracts.dto.ts';
import * as repo from './contracts.repo.ts';
import { renderDraft } from './contracts.templates.ts';

/** Signing and decline links last 30 days (docs/decisions/0009-contract-signing.md). */
export const CONTRACT_LINK_TTL_MS = 30 * 24 * 3_600_000;

/** A draft as its PDF needs it (no signers yet). */
const draftDocument = (id: string, songId: string, draft: repo.DraftValues) => ({
  id,
  title: draft.title,
  body_text: draft.bodyText,
  artist_name: draft.artistName,
  song_id: songId,
});

/** What the label's members do with a song's contracts: generate, edit, send, void, download. */
export function createContractMemberActions(ctx: AppContext, documents: ContractDocuments) {
  const { database } = ctx;

  /** A step of the contract's audit trail taken by a member of the label. */
  const memberEvent = (
    tx: OrgTx,
    member: Member,
    contractId: string,
    action: string,
    hashes: { hashBefore?: string | null; hashAfter?: string | null } = {},
  ) =>
    repo.insertEvent(tx, {
      orgId: member.organizationId,
      contractId,
      action,
      actorName: member.reviewer.name,
      actorEmail: member.reviewer.email,
      ...hashes,
    });

  /** Issues a signer's signing and decline links; the tokens exist only in the answer and the mail. */
  async function issueLinks(
    tx: OrgTx,
    orgId: string,
    contractId: string,
    signer: repo.SignerRow,
    by: string,
  ) {
    const common = {
      organizationId: orgId,
      recordId: signer.id,
      ttlMs: CONTRACT_LINK_TTL_MS,
      singleUse: true,
      createdBy: by,
    };
    const sign = await createPublicLink(tx, { ...common, purpose: 'contract_signature' });
    const decline = await createPublicLink(tx, { ...common, purpose: 'contract_decline' });
    const base = ctx.config.appUrl;
    return {
      signer_id: signer.id,
      name: signer.name,
      email: signer.email,
      sign_url: `${base}/contracts/${contractId}?token=${sign.token}`,
      decline_url: `${base}/artist/deny-signing/${decline.token}`,
    } satisfies SignerLinkDto;
  }

  /** Mails each signer their links; answers the addresses that could not be mailed. */
  async function mailSigners(links: SignerLinkDto[], labelName: string, title: string, note: string | null) {
    const mails = links.map((link) =>
      linkMail(
        link.email,
        `${labelName} sent you "${title}" to sign`,
        `Hello ${link.name}, ${labelName} asks you to review and sign "${title}" electronically. The link is for you only and works once, for 30 days.`,
        'Review and sign',
        link.sign_url,
        {
          note,
          footer: `If you do not want to sign, you can decline and tell the label why: ${link.decline_url}`,
        },
      ),
    );
    return sendEach(ctx.mailer, mails);
  }

  return {
    async listForSong(member: Member, songId: string): Promise<ContractDto[]> {
      return database.withOrg(member.organizationId, async (tx) => {
        const song = await repo.findSong(tx, member.organizationId, songId);
        if (!song) throw notFound('Song not found');
        const rows = await repo.listContractsOfSong(tx, member.organizationId, songId);
        const signers = await repo.listSigners(
          tx,
          member.organizationId,
          rows.map((r) => r.id),
        );
        return rows.map((row) => contractDto(row, signers));
      });
    },

    async get(member: Member, id: string): Promise<ContractDetailDto> {
      return database.withOrg(member.organizationId, (tx) => detail(tx, member.organizationId, id));
    },

    /**
     * Generates a draft for a signed song: the text from the template, the PDF stored under
     * documents/. On Starter this spends the one trial in the same transaction.
     */
    async generate(member: Member, songId: string, body: GenerateContractBody): Promise<ContractDetailDto> {
      const orgId = member.organizationId;
      return database.withOrg(orgId, async (tx) => {
        const draft = await renderDraft(tx, orgId, songId, body);
        if (!(await useGatedFeature(tx, orgId, 'contract_generator'))) {
          throw new AppError('plan_required', CONTRACT_MESSAGES.planRefused);
        }
        const id = await repo.insertContract(tx, { orgId, songId, ...draft, createdBy: member.reviewer.id });
        const sha = await documents.storeDocument(tx, orgId, draftDocument(id, songId, draft), []);
        await memberEvent(tx, member, id, 'created', { hashAfter: sha });
        return detail(tx, orgId, id);
      });
    },

    /** A draft's new terms: text and PDF rendered again. */
    async update(member: Member, id: string, body: GenerateContractBody): Promise<ContractDetailDto> {
      const orgId = member.organizationId;
      return database.withOrg(orgId, async (tx) => {
        const current = await lockedContract(tx, orgId, id);
        if (!canEditContract(current.status as ContractStatus))
          throw new AppError('conflict', CONTRACT_MESSAGES.notDraft);
        const draft = await renderDraft(tx, orgId, current.song_id, body);
        await repo.updateDraft(tx, orgId, id, draft);
        const sha = await documents.storeDocument(tx, orgId, draftDocument(id, current.song_id, draft), []);
        await memberEvent(tx, member, id, 'edited', { hashBefore: current.document_sha256, hashAfter: sha });
        return detail(tx, orgId, id);
      });
    },

    async remove(member: Member, id: string) {
      const orgId = member.organizationId;
      const key = await database.withOrg(orgId, async (tx) => {
        const current = await lockedContract(tx, orgId, id);
        if (!canEditContract(current.status as ContractStatus))
          throw new AppError('conflict', CONTRACT_MESSAGES.notDraft);
        await repo.deleteContract(tx, orgId, id);
        return current.document_key;
      });
      if (key) await documents.removeFile(key);
    },

    /**
     * Names the signers, freezes the document with their signature blocks (its SHA-256 becomes the
     * chain's start), issues each a signing and a decline link and mails them.
     */
    async send(member: Member, id: string, body: SendContractBody): Promise<SentContractDto> {
      const orgId = member.organizationId;
      const result = await database.withOrg(orgId, async (tx) => {
        const current = await lockedContract(tx, orgId, id);
        if (current.status !== 'draft') throw new AppError('conflict', CONTRACT_MESSAGES.notSendable);
        const signers: repo.SignerRow[] = [];
        for (const [position, signer] of body.signers.entries()) {
          signers.push(
            await repo.insertSigner(tx, {
              orgId,
              contractId: id,
              ...signer,
              email: signer.email.toLowerCase(),
              position,
            }),
          );
        }
        const sha = await documents.storeDocument(tx, orgId, current, signers);
        await repo.setStatus(tx, orgId, id, 'sent', { sentAt: true });
        await memberEvent(tx, member, id, 'sent', { hashBefore: current.document_sha256, hashAfter: sha });
        const links: SignerLinkDto[] = [];
        for (const signer of signers) links.push(await issueLinks(tx, orgId, id, signer, member.reviewer.id));
        const label = await repo.labelName(tx, orgId);
        return { contract: await detail(tx, orgId, id), links, label };
      });
      const failed = await mailSigners(
        result.links,
        result.label,
        result.contract.title,
        body.message ?? null,
      );
      return { contract: result.contract, links: result.links, mail_failed: failed };
    },

    /** A pending signer's fresh links (the old ones withdrawn): the label can copy them again. */
    async reissueLinks(member: Member, id: string, signerId: string): Promise<SignerLinkDto> {
      const orgId = member.organizationId;
      return database.withOrg(orgId, async (tx) => {
        const current = await lockedContract(tx, orgId, id);
        const signer = (await repo.listSigners(tx, orgId, [id])).find((s) => s.id === signerId);
        if (!signer) throw notFound('Signer not found');
        if (!isAwaitingSignatures(current.status as ContractStatus) || signer.status !== 'pending') {
          throw new AppError('conflict', 'This signer cannot sign any more: there is no link to give.');
        }
        await repo.revokeSignerLinks(tx, orgId, id, { signerId });
        return issueLinks(tx, orgId, id, signer, member.reviewer.id);
      });
    },

    async void(member: Member, id: string): Promise<ContractDetailDto> {
      const orgId = member.organizationId;
      return database.withOrg(orgId, async (tx) => {
        const current = await lockedContract(tx, orgId, id);
        if (!canVoidContract(current.status as ContractStatus))
          throw new AppError('conflict', CONTRACT_MESSAGES.notVoidable);
        await repo.setStatus(tx, orgId, id, 'voided', { voided: true });
        await repo.revokeSignerLinks(tx, orgId, id);
        await memberEvent(tx, member, id, 'voided');
        return detail(tx, orgId, id);
      });
    },

    async documentUrl(member: Member, id: string, which: 'document' | 'signed') {
      const row = await database.withOrg(member.organizationId, (tx) =>
        repo.findContract(tx, member.organizationId, id),
      );
      if (!row) throw contractNotFound();
      const key = which === 'signed' ? row.signed_document_key : row.document_key;
      if (!key)
        throw notFound(which === 'signed' ? 'The contract is not signed yet.' : 'The contract has no PDF.');
      return documents.downloadUrl(key);
    },
  };
}
