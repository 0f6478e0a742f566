import {
  type ContractKind,
  type ContractStatus,
  isAwaitingSignatures,
  type PublicContractDto,
  type PublicDeclineDto,
  type PublicSignedDto,
  type SignContractBody,
  statusAfterSignature,
} from '@music-review/core/contracts';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import type { AppContext } from '../../context.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import {
  consumePublicLink,
  type LinkVisitor,
  type PublicLink,
} from '../../platform/public-links/public-links.ts';
import { createNotificationsService, type Notified } from '../notifications/notifications.service.ts';
import type { ContractDocuments } from './contracts.documents.ts';
import { iso, UUID } from './contracts.dto.ts';
import * as repo from './contracts.repo.ts';

/**
 * The signer's public pages, by the token of their link: the signing page and the signature (each
 * one a new version of the document in the hash chain), and the decline page and the decline.
 */

/** A public link as the route opened it (openPublicLink), with who is using it. */
type OpenedLink = { link: PublicLink; visitor: LinkVisitor };

const deadLink = () => new AppError('not_found', PUBLIC_LINK_MESSAGES.not_found);

const refusal = (reason: 'not_found' | 'expired' | 'used' | 'revoked') =>
  new AppError(
    (
      {
        not_found: 'not_found',
        expired: 'link_expired',
        used: 'link_used',
        revoked: 'link_revoked',
      } as const
    )[reason],
    PUBLIC_LINK_MESSAGES[reason],
  );

/**
 * A link the route opened (openPublicLink: the rate limit, the token, the use logged) that must
 * name a signer, and for the signing page this very contract; anything else is a dead link.
 */
function signerLink(opened: OpenedLink, contractId?: string) {
  if (!opened.link.recordId) throw deadLink();
  if (contractId !== undefined && !UUID.test(contractId)) throw deadLink();
  return opened;
}

async function signerOfLink(tx: OrgTx, link: PublicLink, contractId?: string) {
  const signer = link.recordId ? await repo.findSigner(tx, link.organizationId, link.recordId) : null;
  if (!signer || (contractId !== undefined && signer.contract_id !== contractId)) throw deadLink();
  return signer;
}

/** A step of the audit trail taken by a signer through their link (with where it came from). */
const signerEvent = (
  tx: OrgTx,
  orgId: string,
  signer: repo.SignerRow,
  visitor: LinkVisitor,
  action: string,
  hashes: { hashBefore?: string | null; hashAfter?: string | null } = {},
) =>
  repo.insertEvent(tx, {
    orgId,
    contractId: signer.contract_id,
    signerId: signer.id,
    action,
    actorName: signer.name,
    actorEmail: signer.email,
    ip: visitor.ip,
    userAgent: visitor.userAgent,
    ...hashes,
  });

export function createContractSigning(ctx: AppContext, documents: ContractDocuments) {
  const { database } = ctx;
  const notifications = createNotificationsService(ctx);

  return {
    /** The signing page of a `contract_signature` link the route opened (action `open`). */
    async openForSigning(opened: OpenedLink, contractId: string): Promise<PublicContractDto> {
      const { link, visitor } = signerLink(opened, contractId);
      const orgId = link.organizationId;
      const view = await database.withOrg(orgId, async (tx) => {
        const signer = await signerOfLink(tx, link, contractId);
        const contract = await repo.findContract(tx, orgId, contractId);
        if (!contract) throw deadLink();
        if (!isAwaitingSignatures(contract.status as ContractStatus)) throw refusal('revoked');
        if (!(await repo.hasViewed(tx, orgId, signer.id))) {
          await signerEvent(tx, orgId, signer, visitor, 'viewed');
        }
        const [signers, label, song] = await Promise.all([
          repo.listSigners(tx, orgId, [contractId]),
          repo.labelName(tx, orgId),
          repo.findSong(tx, orgId, contract.song_id),
        ]);
        return { signer, contract, signers, label, song };
      });
      return {
        contract_id: contractId,
        title: view.contract.title,
        kind: view.contract.kind as ContractKind,
        status: view.contract.status as ContractStatus,
        label_name: view.label,
        song_title: view.song?.title ?? '',
        artist_name: view.contract.artist_name,
        body_text: view.contract.body_text,
        document_url: await documents.publicFileUrl(contractId, 'document', view.contract.document_key),
        signed_document_url: await documents.publicFileUrl(
          contractId,
          'signed',
          view.contract.signed_document_key,
        ),
        signer: {
          name: view.signer.name,
          email: view.signer.email,
          role: view.signer.role,
          status: view.signer.status,
        },
        signers: view.signers.map((s) => ({
          position: s.position,
          name: s.name,
          role: s.role,
          status: s.status,
          signed_at: iso(s.signed_at),
        })),
      };
    },

    /**
     * A signature: the link spent, the document rendered again with every signature so far (its
     * hash chained to the previous version's), and after the last one the signed PDF with its
     * certificate page. The contract row is locked, so two signers at once take turns.
     */
    async sign(opened: OpenedLink, contractId: string, body: SignContractBody): Promise<PublicSignedDto> {
      const { link, visitor } = signerLink(opened, contractId);
      const orgId = link.organizationId;
      const outcome = await database.withOrg(orgId, async (tx) => {
        const contract = await repo.findContract(tx, orgId, contractId, true);
        if (!contract) throw deadLink();
        const signer = await signerOfLink(tx, link, contractId);
        if (!isAwaitingSignatures(contract.status as ContractStatus)) throw refusal('revoked');
        const spent = await consumePublicLink(tx, link, visitor, 'sign');
        if (!spent.ok) throw refusal(spent.reason);
        if (signer.status !== 'pending') throw refusal('used');

        await repo.markSigned(tx, orgId, signer.id, {
          kind: body.signature_kind,
          text: body.signature_kind === 'typed' ? (body.signature_text ?? signer.name) : null,
          image: body.signature_kind === 'drawn' ? (body.signature_image ?? null) : null,
          ip: visitor.ip,
          userAgent: visitor.userAgent,
        });
        await repo.revokeSignerLinks(tx, orgId, contractId, {
          signerId: signer.id,
          purposes: ['contract_decline'],
        });
        const signers = await repo.listSigners(tx, orgId, [contractId]);
        const signedCount = signers.filter((s) => s.status === 'signed').length;
        const before = (await repo.lastHash(tx, orgId, contractId)) ?? contract.document_sha256;
        const step = await documents.storeSignatureStep(tx, orgId, contract, signers, signedCount);
        await signerEvent(tx, orgId, signer, visitor, 'signed', { hashBefore: before, hashAfter: step.sha });
        const status = statusAfterSignature(signedCount, signers.length);
        let signedDocumentKey: string | null = null;
        if (status === 'signed') {
          const signed = await documents.storeSignedDocument(tx, orgId, contract, step.pdf);
          signedDocumentKey = signed.key;
          await repo.insertEvent(tx, {
            orgId,
            contractId,
            action: 'completed',
            actorName: 'Music Review',
            hashBefore: step.sha,
            hashAfter: signed.sha,
          });
          await repo.setStatus(tx, orgId, contractId, 'signed', {
            completed: { key: signed.key, sha256: signed.sha },
          });
        } else {
          await repo.setStatus(tx, orgId, contractId, status);
        }
        const notified: Notified = await notifications.notify(tx, {
          organizationId: orgId,
          recipients: 'all_members',
          senderId: null,
          type: 'contract_signed',
          songId: contract.song_id,
          message:
            status === 'signed'
              ? `${signer.name} signed "${contract.title}": every signer has signed`
              : `${signer.name} signed "${contract.title}" (${signedCount} of ${signers.length})`,
        });
        const signedAt = signers.find((s) => s.id === signer.id)?.signed_at ?? new Date();
        return { status, signedDocumentKey, notified, signedAt };
      });
      await outcome.notified.sendEmails();
      return {
        status: outcome.status,
        signed_at: iso(outcome.signedAt)!,
        signed_document_url: await documents.publicFileUrl(contractId, 'signed', outcome.signedDocumentKey),
      };
    },

    /** The decline page of a `contract_decline` link the route opened (action `open`). */
    async openForDecline(opened: OpenedLink): Promise<PublicDeclineDto> {
      const { link } = signerLink(opened);
      const orgId = link.organizationId;
      return database.withOrg(orgId, async (tx) => {
        const signer = await signerOfLink(tx, link);
        const contract = await repo.findContract(tx, orgId, signer.contract_id);
        if (!contract) throw deadLink();
        if (!isAwaitingSignatures(contract.status as ContractStatus)) throw refusal('revoked');
        const [label, song] = await Promise.all([
          repo.labelName(tx, orgId),
          repo.findSong(tx, orgId, contract.song_id),
        ]);
        return {
          contract_id: contract.id,
          title: contract.title,
          label_name: label,
          song_title: song?.title ?? '',
          artist_name: contract.artist_name,
          signer_name: signer.name,
        };
      });
    },

    /** A decline through a `contract_decline` link the route opened (action `decline`). */
    async decline(opened: OpenedLink, reason: string) {
      const { link, visitor } = signerLink(opened);
      const orgId = link.organizationId;
      const notified = await database.withOrg(orgId, async (tx) => {
        const first = await signerOfLink(tx, link);
        const contract = await repo.findContract(tx, orgId, first.contract_id, true);
        if (!contract) throw deadLink();
        if (!isAwaitingSignatures(contract.status as ContractStatus)) throw refusal('revoked');
        const spent = await consumePublicLink(tx, link, visitor, 'decline');
        if (!spent.ok) throw refusal(spent.reason);
        const signer = await signerOfLink(tx, link);
        if (signer.status !== 'pending') throw refusal('used');
        await repo.markDeclined(tx, orgId, signer.id, {
          reason,
          ip: visitor.ip,
          userAgent: visitor.userAgent,
        });
        await repo.setStatus(tx, orgId, contract.id, 'declined', { declined: { reason } });
        await repo.revokeSignerLinks(tx, orgId, contract.id);
        await signerEvent(tx, orgId, signer, visitor, 'declined');
        return notifications.notify(tx, {
          organizationId: orgId,
          recipients: 'all_members',
          senderId: null,
          type: 'contract_declined',
          songId: contract.song_id,
          message: `${signer.name} declined to sign "${contract.title}": ${reason.slice(0, 200)}`,
        });
      });
      await notified.sendEmails();
      return { status: 'declined' as const };
    },
  };
}
