import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../platform/db/index.ts';
import type { PublicLink } from '../../platform/public-links/public-links.ts';

/**
 * Spec section 6: an external party (the holder of a public metadata form link) may use the
 * waveform player with the form's token sent in a header, through get-signed-url. The token is the
 * metadata form's public link (purpose metadata_form): it reads only the files of that form's song.
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
 * The organization and file keys a metadata form's link may read: the song's current audio and
 * waveform, every version's audio and waveform, and the waveform key a client derives from an
 * audio key (spec section 4, waveform loading order). The route opened the link (purpose
 * metadata_form): a token that is not a live metadata form link answered like the link's own page
 * would (404 unknown, 410 expired, used or withdrawn).
 */
export async function resolveExternalAccess(
  ctx: AppContext,
  link: PublicLink,
): Promise<ExternalGrant | null> {
  if (!link.recordId) return null;
  const rows = await ctx.database.withOrg(link.organizationId, (tx) =>
    queryRows<{ audio_file_key: string | null; waveform_file_key: string | null }>(
      tx,
      sql`select s.audio_file_key, s.waveform_file_key
          from metadata_forms m join songs s on s.id = m.song_id and s.organization_id = m.organization_id
          where m.organization_id = ${link.organizationId} and m.id = ${link.recordId}
          union all
          select r.audio_file_key, r.waveform_file_key
          from metadata_forms m join song_revisions r on r.song_id = m.song_id and r.organization_id = m.organization_id
          where m.organization_id = ${link.organizationId} and m.id = ${link.recordId}`,
    ),
  );
  if (rows.length === 0) return null;
  const keys = new Set<string>();
  for (const row of rows) {
    if (row.audio_file_key) {
      keys.add(row.audio_file_key);
      keys.add(row.audio_file_key.replace(/\.[^./]+$/, '.json'));
    }
    if (row.waveform_file_key) keys.add(row.waveform_file_key);
  }
  return { organizationId: link.organizationId, allowedKeys: keys };
}
