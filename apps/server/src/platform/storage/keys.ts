import { AppError } from '../errors.ts';

/**
 * Storage keys are `{organizationId}/{type}/{id}/{filename}`, built only here.
 *
 * The first part is the organization's id (a UUID), not its name: names change and may repeat,
 * and the id lets every request check ownership from the key alone (`parseKey(key).organizationId`
 * must be the caller's organization). The spec's `orgName` is accepted by the API as a display hint
 * and never reaches a key. Clients that derive a waveform key from an audio key (spec section 5,
 * "Derived waveform key") still find four parts.
 */
// documents: PDFs the server writes (contracts); assets: a signed song's release and artist
// assets; files: its project folder.
export const STORAGE_TYPES = [
  'audio',
  'waveforms',
  'images',
  'revisions',
  'documents',
  'assets',
  'files',
] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];
/**
 * The types a client may presign through /functions/v1/generate-presigned-url. Assets and project
 * files go through their own features (plan storage limit, checks, records); documents are written
 * by the server only.
 */
export const CLIENT_STORAGE_TYPES = ['audio', 'waveforms', 'images', 'revisions'] as const;

export interface StorageKey {
  organizationId: string;
  type: StorageType;
  id: string;
  filename: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Starts with a letter or digit (no '.', '..' or hidden files), then only safe characters.
const SAFE_PART = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const MAX_ID_LENGTH = 128;
export const MAX_FILENAME_LENGTH = 200;

const isStorageType = (v: string): v is StorageType => (STORAGE_TYPES as readonly string[]).includes(v);

/** A key part is safe: letters, digits, '.', '_' and '-', no '..', not starting with a dot. */
export function isSafePart(part: string, maxLength: number): boolean {
  return part.length <= maxLength && SAFE_PART.test(part) && !part.includes('..');
}

/**
 * Turns a user's file name into a safe key part: accents dropped, every run of other characters
 * becomes '_', dot runs collapse, and the length is capped keeping the extension.
 * Returns null when nothing usable is left.
 */
export function sanitizeFilename(name: string): string | null {
  const base = name.split(/[\\/]/).pop() ?? '';
  let s = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._-]+/, '')
    .replace(/[._]+$/, '');
  if (s.length > MAX_FILENAME_LENGTH) {
    const dot = s.lastIndexOf('.');
    const ext = dot > 0 && s.length - dot <= 10 ? s.slice(dot) : '';
    s = s.slice(0, MAX_FILENAME_LENGTH - ext.length).replace(/[._-]+$/, '') + ext;
  }
  return s && isSafePart(s, MAX_FILENAME_LENGTH) ? s : null;
}

const invalid = (message: string) => new AppError('validation_failed', message);

/** Builds a key for the caller's organization. Refuses a bad id or type; sanitises the file name. */
export function buildKey(organizationId: string, type: string, id: string, filename: string): string {
  if (!UUID.test(organizationId)) throw invalid('organization: not an organization id');
  if (!isStorageType(type)) throw invalid(`type: must be one of ${STORAGE_TYPES.join(', ')}`);
  if (!isSafePart(id, MAX_ID_LENGTH)) {
    throw invalid("id: only letters, digits, '.', '_' and '-' are allowed");
  }
  const safeName = sanitizeFilename(filename);
  if (!safeName) throw invalid('filename: no usable characters');
  return `${organizationId}/${type}/${id}/${safeName}`;
}

/** Reads a key back; null for anything buildKey could not have made. */
export function parseKey(key: string): StorageKey | null {
  const parts = key.split('/');
  if (parts.length !== 4) return null;
  const [organizationId, type, id, filename] = parts as [string, string, string, string];
  if (!UUID.test(organizationId) || !isStorageType(type)) return null;
  if (!isSafePart(id, MAX_ID_LENGTH) || !isSafePart(filename, MAX_FILENAME_LENGTH)) return null;
  return { organizationId, type, id, filename };
}
