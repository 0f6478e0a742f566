import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { queryRows } from '../../platform/db/index.ts';
import { contracts, metadataForms } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';

/**
 * Test data for the browser test of global search (e2e/search.spec.ts): contracts and metadata
 * forms have no API yet, so this adds one of each to a song of the caller's label. Registered only
 * with NODE_ENV=test (the browser tests' server); never in development or production.
 */
export async function searchFixtureRoutes(app: App, ctx: AppContext) {
  if (ctx.config.NODE_ENV !== 'test') return;

  app.post(
    '/api/v1/test-fixtures/search',
    {
      schema: {
        hide: true,
        body: z.object({
          song_id: z.string().uuid(),
          contract_artist_name: z.string().min(1).max(200),
          metadata_status: z.string().min(1).max(100),
        }),
        response: { 201: z.object({ contract_id: z.string(), metadata_form_id: z.string() }) },
      },
    },
    async (req, reply) => {
      const member = await ctx.auth.requireMember(req);
      const created = await ctx.database.withOrg(member.organizationId, async (tx) => {
        const [song] = await queryRows<{ id: string }>(
          tx,
          sql`select id from songs where id = ${req.body.song_id} and organization_id = ${member.organizationId}`,
        );
        if (!song) throw notFound('Song not found');
        const [contract] = await tx
          .insert(contracts)
          .values({
            organizationId: member.organizationId,
            songId: song.id,
            artistName: req.body.contract_artist_name,
          })
          .returning({ id: contracts.id });
        const [form] = await tx
          .insert(metadataForms)
          .values({
            organizationId: member.organizationId,
            songId: song.id,
            status: req.body.metadata_status,
          })
          .returning({ id: metadataForms.id });
        return { contract_id: contract!.id, metadata_form_id: form!.id };
      });
      return reply.status(201).send(created);
    },
  );
}
