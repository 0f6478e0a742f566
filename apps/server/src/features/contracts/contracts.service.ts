import {
  CONTRACT_MESSAGES,
  type ContractDetailDto,
  type ContractDto,
  type ContractEventDto,
  type ContractGeneratorAccessDto,
  type ContractKind,
  type ContractSignerDto,
  type ContractStatus,
  type ContractTemplateBody,
  type ContractTemplateDto,
  type ContractTerms,
  canEditContract,
  canVoidContract,
  contractPlaceholderValues,
  DEFAULT_CONTRACT_TEMPLATES,
  defaultTemplateId,
  defaultTemplateOf,
  type GenerateContractBody,
  generatorAccessMessage,
  isAwaitingSignatures,
  isContractStatus,
  type PublicContractDto,
  type PublicDeclineDto,
  type PublicSignedDto,
  renderTemplate,
  type SendContractBody,
  type SentContractDto,
  type SignContractBody,
  type SignerLinkDto,
  statusAfterSignature,
} from '@music-review/core/contracts';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { linkMail, type Mail } from '../../platform/mail/mailer.ts';
import { featureAccess, useGatedFeature } from '../../platform/plans/feature-access.ts';
import {
  consumePublicLink,
  createPublicLink,
  type LinkVisitor,
  type PublicLink,
} from '../../platform/public-links/public-links.ts';
import { buildKey } from '../../platform/storage/keys.ts';
import { createUrlSigner, loadStorageSecret, type UrlSigner } from '../../platform/storage/url-signer.ts';
import { createNotificationsService, type Notified } from '../notifications/notifications.service.ts';
import {
  type AuditEvent,
  appendCertificate,
  renderContractPdf,
  type SignatureBlock,
  sha256Hex,
} from './contracts.pdf.ts';
import * as repo from './contracts.repo.ts';

/** Signing and decline links last 30 days (docs/decisions/0009-contract-signing.md). */
export type ContractFileKind = 'document' | 'signed';

export const CONTRACT_LINK_TTL_MS = 30 * 24 * 3_600_000;
/** Download URLs for the label and the signer. */
const DOWNLOAD_URL_TTL_SECONDS = 15 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const contractNotFound = () => notFound('Contract not found');
const deadLink = () => new AppError('not_found', PUBLIC_LINK_MESSAGES.not_found);
/** A public link as the route opened it (openPublicLink), with who is using it. */
type OpenedLink = { link: PublicLink; visitor: LinkVisitor };

export const documentKey = (orgId: string, contractId: string) =>
  buildKey(orgId, 'documents', contractId, 'contract.pdf');
/** The document after the n-th signature (every version of the chain is kept to verify it). */
export const stepKey = (orgId: string, contractId: string, step: number) =>
  buildKey(orgId, 'documents', contractId, `contract-signature-${step}.pdf`);
export const signedKey = (orgId: string, contractId: string) =>
  buildKey(orgId, 'documents', contractId, 'contract-signed.pdf');

function signerDto(row: repo.SignerRow): ContractSignerDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    position: row.position,
    status: row.status as ContractSignerDto['status'],
    signature_kind: (row.signature_kind as ContractSignerDto['signature_kind']) ?? null,
    signed_at: iso(row.signed_at),
    declined_at: iso(row.declined_at),
    decline_reason: row.decline_reason,
  };
}

function eventDto(row: repo.EventRow): ContractEventDto {
  return {
    id: row.id,
    action: row.action,
    actor_name: row.actor_name,
    actor_email: row.actor_email,
    ip: row.ip,
    user_agent: row.user_agent,
    hash_before: row.hash_before,
    hash_after: row.hash_after,
    created_at: iso(row.created_at)!,
  };
}

function contractDto(row: repo.ContractRow, signers: repo.SignerRow[]): ContractDto {
  return {
    id: row.id,
    song_id: row.song_id,
    artist_name: row.artist_name,
    status: (isContractStatus(row.status) ? row.status : 'draft') as ContractStatus,
    kind: row.kind as ContractKind,
    title: row.title,
    template_id: row.template_id,
    terms: row.terms as unknown as ContractTerms,
    body_text: row.body_text,
    document_sha256: row.document_sha256,
    signed_sha256: row.signed_sha256,
    has_document: row.document_key !== null,
    has_signed_document: row.signed_document_key !== null,
    sent_at: iso(row.sent_at),
    completed_at: iso(row.completed_at),
    declined_at: iso(row.declined_at),
    decline_reason: row.decline_reason,
    voided_at: iso(row.voided_at),
    created_by_name: row.created_by_name,
    created_at: iso(row.created_at)!,
    signers: signers.filter((s) => s.contract_id === row.id).map(signerDto),
  };
}

function templateDto(row: repo.TemplateRow): ContractTemplateDto {
  return {
    id: row.id,
    kind: row.kind as ContractKind,
    name: row.name,
    body: row.body,
    builtin: false,
    updated_at: iso(row.updated_at),
  };
}

const builtinTemplates = (): ContractTemplateDto[] =>
  DEFAULT_CONTRACT_TEMPLATES.map((t) => ({
    id: defaultTemplateId(t.kind),
    kind: t.kind,
    name: t.name,
    body: t.body,
    builtin: true,
    updated_at: null,
  }));

/** A signer's block on the PDF (also used by the demo seed). */
export const signatureBlock = (row: repo.SignerRow): SignatureBlock => ({
  name: row.name,
  email: row.email,
  role: row.role,
  status: row.status,
  signatureKind: row.signature_kind,
  signatureText: row.signature_text,
  signatureImage: row.signature_image,
  signedAt: row.signed_at ? new Date(row.signed_at) : null,
  ip: row.ip,
});

const auditEvent = (row: repo.EventRow): AuditEvent => ({
  action: row.action,
  actorName: row.actor_name,
  actorEmail: row.actor_email,
  ip: row.ip,
  userAgent: row.user_agent,
  hashBefore: row.hash_before,
  hashAfter: row.hash_after,
  createdAt: new Date(row.created_at),
});

/** The row values of a draft rendered from these terms. */
const draftValues = (
  body: GenerateContractBody,
  template: { id: string | null; kind: string },
  bodyText: string,
): repo.DraftValues => ({
  artistName: body.terms.artist_name,
  templateId: template.id,
  kind: template.kind,
  title: body.title,
  terms: body.terms,
  bodyText,
});

/** A draft as its PDF needs it (no signers yet). */
const draftDocument = (id: string, songId: string, draft: repo.DraftValues) => ({
  id,
  title: draft.title,
  body_text: draft.bodyText,
  artist_name: draft.artistName,
  song_id: songId,
});

export function createContractsService(ctx: AppContext) {
  const { database } = ctx;
  const notifications = createNotificationsService(ctx);
  const driver = () => ctx.storage.driver;

  async function store(key: string, bytes: Uint8Array) {
    await driver().put(key, Buffer.from(bytes), { contentType: 'application/pdf' });
    return sha256Hex(bytes);
  }

  async function readAll(key: string): Promise<Buffer> {
    const object = await driver().getStream(key);
    if (!object) throw new AppError('internal', 'A stored contract document is missing.');
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }

  // The signer's downloads: URLs of our own that name only the contract (the storage's URLs carry
  // the label's id in the key), signed with the storage secret and valid 15 minutes.
  let fileSigner: Promise<UrlSigner> | null = null;
  const publicFileSigner = () => {
    fileSigner ??= loadStorageSecret(database).then(createUrlSigner);
    return fileSigner;
  };
  const publicFileKey = (contractId: string, which: ContractFileKind) => `contract/${contractId}/${which}`;

  async function publicFileUrl(contractId: string, which: ContractFileKind, key: string | null) {
    if (!key) return null;
    const exp = Math.floor(Date.now() / 1000) + DOWNLOAD_URL_TTL_SECONDS;
    const sig = (await publicFileSigner()).sign({
      method: 'GET',
      key: publicFileKey(contractId, which),
      exp,
    });
    const query = new URLSearchParams({ exp: String(exp), sig });
    return `${ctx.config.appUrl}/api/v1/public/contracts/${contractId}/files/${which}?${query}`;
  }

  async function resolveTemplate(tx: Queryable, orgId: string, templateId: string) {
    const builtin = defaultTemplateOf(templateId);
    if (builtin) return { id: null, kind: builtin.kind, body: builtin.body };
    if (!UUID.test(templateId)) throw notFound('Template not found');
    const own = await repo.findTemplate(tx, orgId, templateId);
    if (!own) throw notFound('Template not found');
    return { id: own.id, kind: own.kind as ContractKind, body: own.body };
  }

  /** Renders the text and the PDF of a contract (with its signers' blocks, once it has signers). */
  async function renderDocument(
    tx: Queryable,
    orgId: string,
    contract: { id: string; title: string; body_text: string; artist_name: string; song_id: string },
    signers: repo.SignerRow[],
  ) {
    const [label, song] = await Promise.all([
      repo.labelName(tx, orgId),
      repo.findSong(tx, orgId, contract.song_id),
    ]);
    return renderContractPdf({
      contractId: contract.id,
      title: contract.title,
      labelName: label,
      songTitle: song?.title ?? '',
      artistName: contract.artist_name,
      bodyText: contract.body_text,
      signers: signers.map(signatureBlock),
    });
  }

  /** Renders the PDF (see renderDocument), stores it as the contract's document; answers its SHA-256. */
  async function storeDocument(
    tx: Queryable,
    orgId: string,
    contract: Parameters<typeof renderDocument>[2],
    signers: repo.SignerRow[],
  ) {
    const pdf = await renderDocument(tx, orgId, contract, signers);
    const key = documentKey(orgId, contract.id);
    const sha = await store(key, pdf);
    await repo.setDocument(tx, orgId, contract.id, key, sha);
    return sha;
  }

  /** A step of the contract's audit trail taken by a member of the label. */
  const memberEvent = (
    tx: Queryable,
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

  /** A step of the audit trail taken by a signer through their link (with where it came from). */
  const signerEvent = (
    tx: Queryable,
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

  async function detail(tx: Queryable, orgId: string, id: string): Promise<ContractDetailDto> {
    const row = await repo.findContract(tx, orgId, id);
    if (!row) throw contractNotFound();
    const [signers, events] = await Promise.all([
      repo.listSigners(tx, orgId, [id]),
      repo.listEvents(tx, orgId, id),
    ]);
    return { ...contractDto(row, signers), events: events.map(eventDto) };
  }

  async function lockedContract(tx: Queryable, orgId: string, id: string) {
    const row = await repo.findContract(tx, orgId, id, true);
    if (!row) throw contractNotFound();
    return row;
  }

  /** Issues a signer's signing and decline links; the tokens exist only in the answer and the mail. */
  async function issueLinks(
    tx: Queryable,
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
    const failed: string[] = [];
    for (const link of links) {
      const mail: Mail = linkMail(
        link.email,
        `${labelName} sent you "${title}" to sign`,
        `Hello ${link.name}, ${labelName} asks you to review and sign "${title}" electronically. The link is for you only and works once, for 30 days.`,
        'Review and sign',
        link.sign_url,
        {
          note,
          footer: `If you do not want to sign, you can decline and tell the label why: ${link.decline_url}`,
        },
      );
      try {
        await ctx.mailer.send(mail);
      } catch {
        failed.push(link.email);
      }
    }
    return failed;
  }

  async function renderBody(tx: Queryable, orgId: string, songId: string, body: GenerateContractBody) {
    const song = await repo.findSong(tx, orgId, songId);
    if (!song) throw notFound('Song not found');
    if (song.status !== 'signed') throw new AppError('conflict', CONTRACT_MESSAGES.notSigned);
    const template = await resolveTemplate(tx, orgId, body.template_id);
    const label = await repo.labelName(tx, orgId);
    const bodyText = renderTemplate(
      template.body,
      contractPlaceholderValues(body.terms, { title: body.title, songTitle: song.title, labelName: label }),
    );
    return { song, template, bodyText };
  }

  /**
   * A link the route opened (openPublicLink: the rate limit, the token, the use logged) that must
   * name a signer, and for the signing page this very contract; anything else is a dead link.
   */
  function signerLink(opened: OpenedLink, contractId?: string) {
    if (!opened.link.recordId) throw deadLink();
    if (contractId !== undefined && !UUID.test(contractId)) throw deadLink();
    return opened;
  }

  async function signerOfLink(tx: Queryable, link: PublicLink, contractId?: string) {
    const signer = link.recordId ? await repo.findSigner(tx, link.organizationId, link.recordId) : null;
    if (!signer || (contractId !== undefined && signer.contract_id !== contractId)) throw deadLink();
    return signer;
  }

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

  return {
    // ---------- Templates ----------

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

    // ---------- The label's contracts ----------

    async generatorAccess(member: Member): Promise<ContractGeneratorAccessDto> {
      const access = await database.withOrg(member.organizationId, (tx) =>
        featureAccess(tx, member.organizationId, 'contract_generator'),
      );
      const dto = { allowed: access.allowed, is_trial: access.isTrial, trial_used: access.trialUsed };
      return { ...dto, message: generatorAccessMessage(dto) };
    },

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
        const { template, bodyText } = await renderBody(tx, orgId, songId, body);
        if (!(await useGatedFeature(tx, orgId, 'contract_generator'))) {
          throw new AppError('plan_required', CONTRACT_MESSAGES.planRefused);
        }
        const draft = draftValues(body, template, bodyText);
        const id = await repo.insertContract(tx, { orgId, songId, ...draft, createdBy: member.reviewer.id });
        const sha = await storeDocument(tx, orgId, draftDocument(id, songId, draft), []);
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
        const { template, bodyText } = await renderBody(tx, orgId, current.song_id, body);
        const draft = draftValues(body, template, bodyText);
        await repo.updateDraft(tx, orgId, id, draft);
        const sha = await storeDocument(tx, orgId, draftDocument(id, current.song_id, draft), []);
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
      if (key)
        await driver()
          .delete(key)
          .catch(() => undefined);
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
        const sha = await storeDocument(tx, orgId, current, signers);
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
      const { url, expiresAt } = await driver().signedGetUrl(key, DOWNLOAD_URL_TTL_SECONDS);
      return { url, expires_at: expiresAt.toISOString() };
    },

    // ---------- Public: the signer ----------

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
        document_url: await publicFileUrl(contractId, 'document', view.contract.document_key),
        signed_document_url: await publicFileUrl(contractId, 'signed', view.contract.signed_document_key),
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
        const stepped = await renderDocument(tx, orgId, contract, signers);
        const after = await store(stepKey(orgId, contractId, signedCount), stepped);
        await signerEvent(tx, orgId, signer, visitor, 'signed', { hashBefore: before, hashAfter: after });
        const status = statusAfterSignature(signedCount, signers.length);
        let signedDocumentKey: string | null = null;
        if (status === 'signed') {
          const events = await repo.listEvents(tx, orgId, contractId);
          const label = await repo.labelName(tx, orgId);
          const complete = await appendCertificate(stepped, {
            contractId,
            title: contract.title,
            labelName: label,
            documentSha256: contract.document_sha256 ?? '',
            events: events.map(auditEvent),
          });
          signedDocumentKey = signedKey(orgId, contractId);
          const finalHash = await store(signedDocumentKey, complete);
          await repo.insertEvent(tx, {
            orgId,
            contractId,
            action: 'completed',
            actorName: 'Music Review',
            hashBefore: after,
            hashAfter: finalHash,
          });
          await repo.setStatus(tx, orgId, contractId, 'signed', {
            completed: { key: signedDocumentKey, sha256: finalHash },
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
        signed_document_url: await publicFileUrl(contractId, 'signed', outcome.signedDocumentKey),
      };
    },

    /** A file of the contract through a URL the signing page was given (publicFileUrl). */
    async publicFile(contractId: string, which: ContractFileKind, query: { exp?: string; sig?: string }) {
      const exp = query.exp && /^\d{1,12}$/.test(query.exp) ? Number(query.exp) : Number.NaN;
      (await publicFileSigner()).verify(
        { method: 'GET', key: publicFileKey(contractId, which), exp },
        query.sig,
      );
      const row = await repo.findContractFiles(database.db, contractId);
      const key = which === 'signed' ? row?.signed_document_key : row?.document_key;
      const object = key ? await driver().getStream(key) : null;
      if (!object) throw notFound('File not found');
      return {
        body: object.body,
        size: object.size,
        filename: which === 'signed' ? 'contract-signed.pdf' : 'contract.pdf',
      };
    },

    // ---------- Public: declining ----------

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

    /** For the signed PDF's verification in tests and support: the bytes stored under a key. */
    readAll,
  };
}
