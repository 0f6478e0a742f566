/**
 * Public token links (issue 6): one mechanism for every page an outsider opens without an account
 * (contract signing and declining, metadata, label copy and marketing forms, read-only shares,
 * revision uploads). A link opens one record for one purpose; its token is 256 random bits, stored
 * only as a SHA-256 hash; it expires, can be revoked, and is spent by the submission or signature
 * it allows when single-use. Every use is logged.
 */

export const PUBLIC_LINK_PURPOSES = [
  'contract_signature',
  'contract_decline',
  'metadata_form',
  'label_copy_form',
  'label_copy_share',
  'label_copy_generator',
  'marketing_form',
  'marketing_general',
  'revision_upload',
  'royalty_statement',
] as const;
export type PublicLinkPurpose = (typeof PUBLIC_LINK_PURPOSES)[number];

/** A token as issued: 32 random bytes in base64url, 43 characters. */
export const PUBLIC_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type PublicLinkRefusal = 'not_found' | 'expired' | 'used' | 'revoked';

/**
 * What the page says for a link that cannot be used: a clear page, never the login screen and never
 * another record. A malformed token reads like an unknown one.
 */
export const PUBLIC_LINK_MESSAGES: Record<PublicLinkRefusal, string> = {
  not_found: 'This link is not valid. Check that you copied all of it, or ask the label for a new one.',
  expired: 'This link has expired. Ask the label for a new one.',
  used: 'This link has already been used. Ask the label if you need to change anything.',
  revoked: 'This link has been withdrawn by the label. Ask the label for a new one.',
};

/** HTTP status for each refusal: unknown is 404, the rest are gone (410). */
export const PUBLIC_LINK_STATUS: Record<PublicLinkRefusal, 404 | 410> = {
  not_found: 404,
  expired: 410,
  used: 410,
  revoked: 410,
};
