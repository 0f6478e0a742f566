import {
  metadataFormBody,
  metadataFormListQuery,
  shareMetadataChatBody,
  shareMetadataEmailBody,
} from '@music-review/core/metadata-forms';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createMetadataFormsService } from './metadata-forms.service.ts';

const tags = ['metadata-forms'];
const publicTags = ['public'];
const security = [{ bearer: [] }];

const formParams = z.object({ id: z.uuid({ message: 'id: must be a metadata form id' }) });
const songParams = z.object({ songId: z.uuid({ message: 'songId: must be a song id' }) });
// Any text: a malformed token answers 404 like an unknown one (openPublicLink).
const tokenParams = z.object({ token: z.string().max(200) });
const confirmBody = z.object({ data: metadataFormBody.shape.data.optional() }).optional();

/**
 * Metadata forms (issue 6): the label's routes (a member of the form's label; another label's ids are
 * 404) and the artist's public routes by link (/api/v1/public/metadata-forms/{token}).
 */
export async function metadataFormsRoutes(app: App, ctx: AppContext) {
  const service = createMetadataFormsService(ctx);
  const member = (req: Parameters<typeof ctx.auth.requireMember>[0]) => ctx.auth.requireMember(req);

  app.get(
    '/api/v1/metadata-forms',
    { schema: { tags, security, querystring: metadataFormListQuery } },
    async (req) => ({ forms: await service.list(await member(req), req.query) }),
  );

  app.get(
    '/api/v1/songs/:songId/metadata-forms',
    { schema: { tags, security, params: songParams } },
    async (req) => ({ forms: await service.ofSong(await member(req), req.params.songId) }),
  );

  app.post(
    '/api/v1/songs/:songId/metadata-forms',
    { schema: { tags, security, params: songParams } },
    async (req, reply) => reply.status(201).send(await service.create(await member(req), req.params.songId)),
  );

  app.get('/api/v1/metadata-forms/:id', { schema: { tags, security, params: formParams } }, async (req) =>
    service.get(await member(req), req.params.id),
  );

  app.put(
    '/api/v1/metadata-forms/:id',
    { schema: { tags, security, params: formParams, body: metadataFormBody } },
    async (req) => service.update(await member(req), req.params.id, req.body.data),
  );

  app.post(
    '/api/v1/metadata-forms/:id/confirm',
    { schema: { tags, security, params: formParams, body: confirmBody } },
    async (req) => service.confirm(await member(req), req.params.id, req.body?.data),
  );

  app.post(
    '/api/v1/metadata-forms/:id/reopen',
    { schema: { tags, security, params: formParams } },
    async (req) => service.reopen(await member(req), req.params.id),
  );

  app.post(
    '/api/v1/metadata-forms/:id/link',
    { schema: { tags, security, params: formParams } },
    async (req, reply) => reply.status(201).send(await service.newLink(await member(req), req.params.id)),
  );

  app.post(
    '/api/v1/metadata-forms/:id/revoke-link',
    { schema: { tags, security, params: formParams } },
    async (req) => service.revokeLinks(await member(req), req.params.id),
  );

  app.post(
    '/api/v1/metadata-forms/:id/share/email',
    { schema: { tags, security, params: formParams, body: shareMetadataEmailBody } },
    async (req) => service.email(await member(req), req.params.id, req.body),
  );

  app.post(
    '/api/v1/metadata-forms/:id/share/chat',
    { schema: { tags, security, params: formParams, body: shareMetadataChatBody.optional() } },
    async (req, reply) =>
      reply.status(201).send(await service.sendToChat(await member(req), req.params.id, req.body ?? {})),
  );

  // ---- public: the artist, by link -----------------------------------------------------------------

  app.get(
    '/api/v1/public/metadata-forms/:token',
    { schema: { tags: publicTags, params: tokenParams } },
    async (req) => service.openPublic(req, req.params.token),
  );

  app.put(
    '/api/v1/public/metadata-forms/:token/draft',
    { schema: { tags: publicTags, params: tokenParams, body: metadataFormBody } },
    async (req) => service.saveDraft(req, req.params.token, req.body.data),
  );

  app.post(
    '/api/v1/public/metadata-forms/:token/submit',
    { schema: { tags: publicTags, params: tokenParams, body: metadataFormBody } },
    async (req) => service.submit(req, req.params.token, req.body.data),
  );
}
