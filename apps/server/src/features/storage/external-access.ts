import type { FastifyRequest } from 'fastify';

/**
 * Spec section 6: an external party (the holder of a public metadata form) may use the waveform
 * player with a token sent in a header, through get-signed-url. The forms and their tokens are a
 * later feature; until then every external token is refused (401), never guessed at.
 */
export const EXTERNAL_TOKEN_HEADER = 'x-metadata-form-token';

/** What an external token may read: one organization's files, limited to these keys. */
export interface ExternalGrant {
  organizationId: string;
  allowedKeys: ReadonlySet<string>;
}

export function externalToken(req: FastifyRequest): string | undefined {
  const value = req.headers[EXTERNAL_TOKEN_HEADER];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/**
 * Resolves an external token to the organization and the file keys it may read, or null when the
 * token grants nothing. The metadata-forms feature replaces this body: look the (hashed) token up,
 * check it is live, and list the keys of that form's song (audio and waveform of the current
 * version).
 */
export async function resolveExternalAccess(_token: string): Promise<ExternalGrant | null> {
  return null;
}
