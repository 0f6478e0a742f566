/**
 * The storage functions' limits the contracts need (packages/core/src/contracts/storage.ts and
 * revisions.ts). The server builds and checks keys with the same values in
 * apps/server/src/platform/storage/keys.ts; they must stay equal.
 */

/**
 * The types a client may presign through /functions/v1/generate-presigned-url. Assets and project
 * files go through their own features (plan storage limit, checks, records); documents are written
 * by the server only.
 */
export const CLIENT_STORAGE_TYPES = ['audio', 'waveforms', 'images', 'revisions'] as const;

/** The longest id part of a key. */
export const MAX_ID_LENGTH = 128;

/** The longest file name part of a key (a longer name is shortened when the key is built). */
export const MAX_FILENAME_LENGTH = 200;
