// DDEX ERN Choreography acknowledgements: after picking up a delivered batch, a store or
// distributor writes an FtpAcknowledgementMessage saying whether the file was fine, must be sent
// again or was refused, and why. Elements are matched on their local names, whatever namespace
// or prefix the sender used.
import { ParseOption, XmlDocument, XmlElement, XmlLibError } from 'libxml2-wasm';

export const ACK_ROOT = 'FtpAcknowledgementMessage';
export const ACK_NAMESPACE = 'http://ddex.net/xml/ern-c/15';
export const ACK_VERSION = 'ern-c/15';

export interface Acknowledgement {
  messageId: string | null;
  /** The delivered file it answers for, as the sender wrote it (e.g. `20261126100000123/20261126100000123.xml`). */
  acknowledgedFile: string;
  /** DDEX FileStatus as sent: FileOK, ResendFile, FileRejected… */
  fileStatus: string;
  /** true only for FileOK. */
  accepted: boolean;
  errors: string[];
  /** The sender asks for a person to look before delivering again. */
  manualCheck: boolean;
  createdAt: Date | null;
}

export type AcknowledgementParseResult = { ok: true; ack: Acknowledgement } | { ok: false; reason: string };

// No network, no external entities: the file comes from outside and must not make us fetch anything.
const PARSE_OPTIONS = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

/** Reads an acknowledgement file. Never throws: anything unusable comes back with a reason a member can read. */
export function parseAcknowledgement(bytes: Buffer): AcknowledgementParseResult {
  if (bytes.length === 0 || bytes.toString('utf8').trim() === '') {
    return { ok: false, reason: 'The acknowledgement file is empty.' };
  }
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromBuffer(bytes, { option: PARSE_OPTIONS });
  } catch (error) {
    return {
      ok: false,
      reason: `The acknowledgement is not well-formed XML (${describeParseError(error)}).`,
    };
  }
  try {
    return readAcknowledgement(doc.root);
  } finally {
    doc.dispose();
  }
}

function readAcknowledgement(root: XmlElement): AcknowledgementParseResult {
  if (root.name !== ACK_ROOT) {
    return {
      ok: false,
      reason: `This file is not a DDEX acknowledgement: its root element is ${root.name}, not ${ACK_ROOT}.`,
    };
  }
  const header = firstChild(root, 'MessageHeader');
  const messageId = header ? text(firstChild(header, 'MessageId')) : null;
  const created = header ? text(firstChild(header, 'MessageCreatedDateTime')) : null;

  const fileElement = firstChild(root, 'AcknowledgedFile');
  const acknowledgedFile = fileElement ? acknowledgedFileOf(fileElement) : null;
  if (!acknowledgedFile) {
    return {
      ok: false,
      reason: 'The acknowledgement does not say which file it is for (AcknowledgedFile is missing).',
    };
  }
  const fileStatus = text(firstChild(root, 'FileStatus'));
  if (!fileStatus) {
    return {
      ok: false,
      reason: `The acknowledgement for ${acknowledgedFile} has no status (FileStatus is missing), so it cannot be read as accepted or refused.`,
    };
  }
  const errors = children(root, 'ErrorText')
    .map((e) => text(e))
    .filter((t): t is string => t !== null);
  const manual = text(firstChild(root, 'ManualCheckRequired'));

  return {
    ok: true,
    ack: {
      messageId,
      acknowledgedFile,
      fileStatus,
      accepted: fileStatus === 'FileOK',
      errors,
      manualCheck: manual === 'true' || manual === '1',
      createdAt: parseDate(created),
    },
  };
}

/**
 * The brief form holds the file's path as text. DDEX's own ern-c schema makes it a composite of
 * ReleaseId and Date; then the ReleaseId names the delivery.
 */
function acknowledgedFileOf(element: XmlElement): string | null {
  const releaseId = firstChild(element, 'ReleaseId');
  if (releaseId) return text(releaseId);
  return text(element);
}

function children(parent: XmlElement, localName: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (let node = parent.firstChild; node; node = node.next) {
    if (node instanceof XmlElement && node.name === localName) found.push(node);
  }
  return found;
}

function firstChild(parent: XmlElement, localName: string): XmlElement | null {
  for (let node = parent.firstChild; node; node = node.next) {
    if (node instanceof XmlElement && node.name === localName) return node;
  }
  return null;
}

/** Trimmed text, with runs of white space as one space; null when empty. */
function text(element: XmlElement | null): string | null {
  if (!element) return null;
  const value = element.content.replace(/\s+/g, ' ').trim();
  return value === '' ? null : value;
}

function parseDate(value: string | null): Date | null {
  if (!value) return null;
  // xs:dateTime; one without a zone is read as UTC rather than as this server's local time.
  const withZone = /([zZ]|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? null : date;
}

function describeParseError(error: unknown): string {
  if (error instanceof XmlLibError && error.details.length > 0) {
    const first = error.details[0]!;
    const message = first.message.trim().replace(/\s+/g, ' ');
    return first.line > 0 ? `line ${first.line}: ${message}` : message;
  }
  return error instanceof Error ? error.message.trim() : String(error);
}

export interface AcknowledgementInput {
  messageId: string;
  threadId?: string;
  senderPartyId: string;
  recipientPartyId: string;
  acknowledgedFile: string;
  /** FileOK, ResendFile, FileRejected… */
  fileStatus: string;
  errors?: string[];
  manualCheck?: boolean;
  createdAt?: Date;
}

/** The acknowledgement a distributor would send (tests and the demo play the distributor with it). */
export function buildAcknowledgement(input: AcknowledgementInput): string {
  const created = (input.createdAt ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ernac:${ACK_ROOT} xmlns:ernac="${ACK_NAMESPACE}" MessageVersionId="${ACK_VERSION}">`,
    '  <MessageHeader>',
    `    <MessageThreadId>${escapeXml(input.threadId ?? input.messageId)}</MessageThreadId>`,
    `    <MessageId>${escapeXml(input.messageId)}</MessageId>`,
    `    <MessageSender><PartyId>${escapeXml(input.senderPartyId)}</PartyId></MessageSender>`,
    `    <MessageRecipient><PartyId>${escapeXml(input.recipientPartyId)}</PartyId></MessageRecipient>`,
    `    <MessageCreatedDateTime>${created}</MessageCreatedDateTime>`,
    '  </MessageHeader>',
    `  <AcknowledgedFile>${escapeXml(input.acknowledgedFile)}</AcknowledgedFile>`,
    `  <FileStatus>${escapeXml(input.fileStatus)}</FileStatus>`,
    ...(input.errors ?? []).map((e) => `  <ErrorText>${escapeXml(e)}</ErrorText>`),
    ...(input.manualCheck === undefined
      ? []
      : [`  <ManualCheckRequired>${input.manualCheck}</ManualCheckRequired>`]),
    `</ernac:${ACK_ROOT}>`,
  ];
  return `${lines.join('\n')}\n`;
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
