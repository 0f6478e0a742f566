import type { AppContext } from '../../context.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { buildKey } from '../../platform/storage/keys.ts';
import { createUrlSigner, loadStorageSecret, type UrlSigner } from '../../platform/storage/url-signer.ts';
import {
  type AuditEvent,
  appendCertificate,
  renderContractPdf,
  type SignatureBlock,
  sha256Hex,
} from './contracts.pdf.ts';
import * as repo from './contracts.repo.ts';

/**
 * A contract's PDFs in storage: the document, one version per signature (the hash chain), the
 * signed PDF with its certificate page, and the URLs to download them.
 */

export type ContractFileKind = 'document' | 'signed';

/** Download URLs for the label and the signer. */
const DOWNLOAD_URL_TTL_SECONDS = 15 * 60;

export const documentKey = (orgId: string, contractId: string) =>
  buildKey(orgId, 'documents', contractId, 'contract.pdf');
/** The document after the n-th signature (every version of the chain is kept to verify it). */
export const stepKey = (orgId: string, contractId: string, step: number) =>
  buildKey(orgId, 'documents', contractId, `contract-signature-${step}.pdf`);
export const signedKey = (orgId: string, contractId: string) =>
  buildKey(orgId, 'documents', contractId, 'contract-signed.pdf');

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

/** What the PDF of a contract shows of it. */
export type DocumentContract = {
  id: string;
  title: string;
  body_text: string;
  artist_name: string;
  song_id: string;
};

export function createContractDocuments(ctx: AppContext) {
  const { database } = ctx;
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

  /** Renders the text and the PDF of a contract (with its signers' blocks, once it has signers). */
  async function renderDocument(
    tx: OrgTx,
    orgId: string,
    contract: DocumentContract,
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

  // The signer's downloads: URLs of our own that name only the contract (the storage's URLs carry
  // the label's id in the key), signed with the storage secret and valid 15 minutes.
  let fileSigner: Promise<UrlSigner> | null = null;
  const publicFileSigner = () => {
    fileSigner ??= loadStorageSecret(database).then(createUrlSigner);
    return fileSigner;
  };
  const publicFileKey = (contractId: string, which: ContractFileKind) => `contract/${contractId}/${which}`;

  return {
    readAll,
    renderDocument,

    /** Renders the PDF (see renderDocument), stores it as the contract's document; answers its SHA-256. */
    async storeDocument(tx: OrgTx, orgId: string, contract: DocumentContract, signers: repo.SignerRow[]) {
      const pdf = await renderDocument(tx, orgId, contract, signers);
      const key = documentKey(orgId, contract.id);
      const sha = await store(key, pdf);
      await repo.setDocument(tx, orgId, contract.id, key, sha);
      return sha;
    },

    /** The document with every signature so far, kept as the chain's n-th version; answers it and its SHA-256. */
    async storeSignatureStep(
      tx: OrgTx,
      orgId: string,
      contract: DocumentContract,
      signers: repo.SignerRow[],
      step: number,
    ) {
      const pdf = await renderDocument(tx, orgId, contract, signers);
      const sha = await store(stepKey(orgId, contract.id, step), pdf);
      return { pdf, sha };
    },

    /** The last version with the certificate page (the audit trail so far) appended, stored as the signed PDF. */
    async storeSignedDocument(
      tx: OrgTx,
      orgId: string,
      contract: { id: string; title: string; document_sha256: string | null },
      lastStep: Uint8Array,
    ) {
      const events = await repo.listEvents(tx, orgId, contract.id);
      const label = await repo.labelName(tx, orgId);
      const complete = await appendCertificate(lastStep, {
        contractId: contract.id,
        title: contract.title,
        labelName: label,
        documentSha256: contract.document_sha256 ?? '',
        events: events.map(auditEvent),
      });
      const key = signedKey(orgId, contract.id);
      return { key, sha: await store(key, complete) };
    },

    /** A member's download: the storage's own URL for the key. */
    async downloadUrl(key: string) {
      const { url, expiresAt } = await driver().signedGetUrl(key, DOWNLOAD_URL_TTL_SECONDS);
      return { url, expires_at: expiresAt.toISOString() };
    },

    /** Deletes a stored file; a failure leaves it behind rather than failing the caller. */
    async removeFile(key: string) {
      await driver()
        .delete(key)
        .catch(() => undefined);
    },

    /** The signer's download URL of a file of the contract (null when there is no such file yet). */
    async publicFileUrl(contractId: string, which: ContractFileKind, key: string | null) {
      if (!key) return null;
      const exp = Math.floor(Date.now() / 1000) + DOWNLOAD_URL_TTL_SECONDS;
      const sig = (await publicFileSigner()).sign({
        method: 'GET',
        key: publicFileKey(contractId, which),
        exp,
      });
      const query = new URLSearchParams({ exp: String(exp), sig });
      return `${ctx.config.appUrl}/api/v1/public/contracts/${contractId}/files/${which}?${query}`;
    },

    /** A file of the contract through a URL the signing page was given (publicFileUrl). */
    async publicFile(contractId: string, which: ContractFileKind, query: { exp?: string; sig?: string }) {
      const exp = query.exp && /^\d{1,12}$/.test(query.exp) ? Number(query.exp) : Number.NaN;
      (await publicFileSigner()).verify(
        { method: 'GET', key: publicFileKey(contractId, which), exp },
        query.sig,
      );
      const row = await repo.findContractFiles(
        database.asOwner('a signed download link names only the contract, checked by its signature'),
        contractId,
      );
      const key = which === 'signed' ? row?.signed_document_key : row?.document_key;
      const object = key ? await driver().getStream(key) : null;
      if (!object) throw notFound('File not found');
      return {
        body: object.body,
        size: object.size,
        filename: which === 'signed' ? 'contract-signed.pdf' : 'contract.pdf',
      };
    },
  };
}

export type ContractDocuments = ReturnType<typeof createContractDocuments>;
