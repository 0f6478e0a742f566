import { createHash } from 'node:crypto';
import { PDFDocument, rgb } from 'pdf-lib';
import { PdfWriter } from '../../platform/pdf/pdf-writer.ts';

/**
 * The contract's PDFs (docs/decisions/0009-contract-signing.md):
 * - the document: the rendered text and, once signers are named, a signature page with one block
 *   per signer (a line while pending; the typed name in a script face or the drawn PNG once signed);
 * - after the last signature, the same document with a certificate of completion appended that
 *   lists the audit trail.
 */

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface SignatureBlock {
  name: string;
  email: string;
  role: string;
  status: string;
  signatureKind: string | null;
  signatureText: string | null;
  /** PNG data URL. */
  signatureImage: string | null;
  signedAt: Date | null;
  ip: string | null;
}

export interface ContractDocument {
  contractId: string;
  title: string;
  labelName: string;
  songTitle: string;
  artistName: string;
  bodyText: string;
  /** Empty for a draft (no signature page yet). */
  signers: SignatureBlock[];
}

/** "2026-03-01 12:00:05 UTC" */
export const utc = (date: Date) => `${date.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

const A4_HEIGHT = 841.89;
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);
const LINE = rgb(0.55, 0.55, 0.6);
const SIGNATURE_INK = rgb(0.05, 0.12, 0.45);

function pngBytes(dataUrl: string): Uint8Array | null {
  const match = /^data:image\/png;base64,([A-Za-z0-9+/]+=*)$/.exec(dataUrl);
  return match ? Buffer.from(match[1]!, 'base64') : null;
}

export async function renderContractPdf(input: ContractDocument): Promise<Uint8Array> {
  const writer = await PdfWriter.create({ title: input.title, footer: input.labelName });
  writer.heading(input.title, 1);
  writer.keyValues([
    ['Label', input.labelName],
    ['Recording', input.songTitle],
    ['Artist', input.artistName],
    ['Contract ID', input.contractId],
  ]);
  writer.rule();
  for (const paragraph of input.bodyText.split(/\n{2,}/)) writer.paragraph(paragraph);

  if (input.signers.length > 0) {
    writer.pageBreak();
    const doc = writer.doc;
    const page = writer.currentPage;
    let y = A4_HEIGHT - MARGIN;
    writer.text('Signatures', { x: MARGIN, y: y - 16, size: 16, face: 'bold', color: INK });
    y -= 40;
    // Up to 10 signers (CONTRACT_LIMITS.signers) fit one page at this height.
    const blockHeight = Math.min(96, (y - MARGIN - 20) / input.signers.length);
    for (const signer of input.signers) {
      const top = y;
      const lineY = top - blockHeight * 0.55;
      if (signer.status === 'signed') {
        const image =
          signer.signatureKind === 'drawn' && signer.signatureImage ? pngBytes(signer.signatureImage) : null;
        if (image) {
          const png = await doc.embedPng(image);
          const maxH = blockHeight * 0.5;
          const scale = Math.min(220 / png.width, maxH / png.height, 1);
          page.drawImage(png, {
            x: MARGIN,
            y: lineY + 2,
            width: png.width * scale,
            height: png.height * scale,
          });
        } else {
          const size = Math.min(24, blockHeight * 0.3);
          writer.text(signer.signatureText ?? signer.name, {
            x: MARGIN + 4,
            y: lineY + 6,
            size,
            face: 'signature',
            color: SIGNATURE_INK,
          });
        }
      }
      page.drawLine({
        start: { x: MARGIN, y: lineY },
        end: { x: MARGIN + 260, y: lineY },
        thickness: 0.75,
        color: LINE,
      });
      const caption = `${signer.name} (${signer.role}) · ${signer.email}`;
      writer.text(caption, { x: MARGIN, y: lineY - 12, size: 9, face: 'bold', color: INK });
      const status =
        signer.status === 'signed' && signer.signedAt
          ? `Signed electronically ${utc(signer.signedAt)}${signer.ip ? ` from ${signer.ip}` : ''}`
          : signer.status === 'declined'
            ? 'Declined to sign'
            : 'Awaiting signature';
      writer.text(status, { x: MARGIN, y: lineY - 24, size: 8.5, color: MUTED });
      y = top - blockHeight;
    }
  }
  return writer.toBytes();
}

export interface AuditEvent {
  action: string;
  actorName: string;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  hashBefore: string | null;
  hashAfter: string | null;
  createdAt: Date;
}

/** The signed document with the certificate of completion (the audit trail) appended. */
export async function appendCertificate(
  signedBytes: Uint8Array,
  input: {
    contractId: string;
    title: string;
    labelName: string;
    documentSha256: string;
    events: AuditEvent[];
  },
): Promise<Uint8Array> {
  const base = await PDFDocument.load(signedBytes);
  const writer = await PdfWriter.create({
    title: 'Certificate of completion',
    footer: input.labelName,
    base,
  });
  writer.heading('Certificate of completion', 1);
  writer.paragraph(
    'This certificate records every step of the electronic signing of the document above: who acted, their email, when (UTC), from which address and browser, and the SHA-256 of the document before and after each step. Each step’s "before" is the previous step’s "after", so the chain can be checked against the stored versions.',
    { size: 9.5, muted: true },
  );
  writer.keyValues([
    ['Document', input.title],
    ['Contract ID', input.contractId],
    ['Label', input.labelName],
  ]);
  writer.codeValues([['SHA-256 as sent', input.documentSha256]]);
  writer.heading('Audit trail', 2);
  for (const event of input.events) {
    writer.heading(`${event.action[0]!.toUpperCase()}${event.action.slice(1)} · ${utc(event.createdAt)}`, 3);
    const rows: Array<[string, string]> = [
      ['By', event.actorEmail ? `${event.actorName} <${event.actorEmail}>` : event.actorName],
    ];
    if (event.ip) rows.push(['IP address', event.ip]);
    if (event.userAgent) rows.push(['Browser', event.userAgent]);
    writer.keyValues(rows, 110);
    // Hashes on a line of their own, never broken, so they can be copied and compared.
    const hashes: Array<[string, string]> = [];
    if (event.hashBefore) hashes.push(['SHA-256 before', event.hashBefore]);
    if (event.hashAfter) hashes.push(['SHA-256 after', event.hashAfter]);
    writer.codeValues(hashes);
  }
  writer.space(6);
  writer.paragraph(
    'Completed: this certificate was appended to the document whose SHA-256 is the last "after" above. The SHA-256 of this complete file is kept by the label with the contract (it cannot be printed inside the file it describes).',
    { size: 9, muted: true },
  );
  return writer.toBytes();
}
