import {
  LABEL_COPY_EXPORT_FORMATS,
  LABEL_COPY_LINK_PURPOSES,
  labelCopyDataSchema,
} from '@music-review/core/label-copy';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createLabelCopyService, type ExportFile } from './label-copy.service.ts';

const security = [{ bearer: [] }];
const tags = ['label copy'];
const publicTags = ['label copy (public)'];

const songParams = z.object({ songId: z.uuid({ message: 'songId: must be a UUID' }) });
const idParams = z.object({ id: z.uuid({ message: 'id: must be a UUID' }) });
// Malformed tokens are answered by openPublicLink like unknown ones (404), not as a 400.
const tokenParams = z.object({ token: z.string().max(200) });
const formatParams = z.object({
  format: z.enum(LABEL_COPY_EXPORT_FORMATS, { message: "format: must be 'pdf' or 'csv'" }),
});
const dataBody = z.object({ data: labelCopyDataSchema });

/** An attachment with an ASCII fallback name and the UTF-8 one (RFC 6266 / 5987). */
function sendFile(reply: FastifyReply, file: ExportFile) {
  const ascii = file.filename
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

export async function labelCopyRoutes(app: App, ctx: AppContext) {
  const service = createLabelCopyService(ctx);
  const member = (req: Parameters<typeof ctx.auth.requireMember>[0]) => ctx.auth.requireMember(req);

  // ---- the label's side -------------------------------------------------------------------------

  app.get(
    '/api/v1/songs/:songId/label-copy',
    { schema: { tags, security, params: songParams } },
    async (req) => service.getForSong(await member(req), req.params.songId),
  );

  app.post(
    '/api/v1/songs/:songId/label-copy',
    { schema: { tags, security, params: songParams } },
    async (req, reply) => reply.status(201).send(await service.create(await member(req), req.params.songId)),
  );

  app.get('/api/v1/label-copies/:id', { schema: { tags, security, params: idParams } }, async (req) =>
    service.get(await member(req), req.params.id),
  );

  app.put(
    '/api/v1/label-copies/:id',
    { schema: { tags, security, params: idParams, body: dataBody } },
    async (req) => service.update(await member(req), req.params.id, req.body.data),
  );

  app.post('/api/v1/label-copies/:id/final', { schema: { tags, security, params: idParams } }, async (req) =>
    service.markFinal(await member(req), req.params.id),
  );

  app.post('/api/v1/label-copies/:id/reopen', { schema: { tags, security, params: idParams } }, async (req) =>
    service.reopen(await member(req), req.params.id),
  );

  app.get('/api/v1/label-copies/:id/links', { schema: { tags, security, params: idParams } }, async (req) =>
    service.listLinks(await member(req), req.params.id),
  );

  app.post(
    '/api/v1/label-copies/:id/links',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: z.object({
          purpose: z.enum(LABEL_COPY_LINK_PURPOSES, {
            message: `purpose: must be one of ${LABEL_COPY_LINK_PURPOSES.join(', ')}`,
          }),
        }),
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.createLink(await member(req), req.params.id, req.body.purpose)),
  );

  app.delete(
    '/api/v1/label-copies/:id/links/:linkId',
    {
      schema: {
        tags,
        security,
        params: idParams.extend({ linkId: z.uuid({ message: 'linkId: must be a UUID' }) }),
      },
    },
    async (req, reply) => {
      await service.revokeLink(await member(req), req.params.id, req.params.linkId);
      return reply.status(204).send();
    },
  );

  app.get('/api/v1/label-copy-generator', { schema: { tags, security } }, async (req) =>
    service.generatorState(await member(req)),
  );

  app.post(
    '/api/v1/label-copies/:id/generate',
    { schema: { tags, security, params: idParams } },
    async (req) => service.generate(await member(req), req.params.id),
  );

  app.get(
    '/api/v1/label-copies/:id/generated/:format',
    { schema: { tags, security, params: idParams.extend(formatParams.shape) } },
    async (req, reply) =>
      sendFile(reply, await service.exportGenerated(await member(req), req.params.id, req.params.format)),
  );

  // ---- public pages (no session: the token is the credential) ----------------------------------

  app.get(
    '/api/v1/public/label-copy-forms/:token',
    { schema: { tags: publicTags, params: tokenParams } },
    async (req) => service.openForm(req, req.params.token),
  );

  app.put(
    '/api/v1/public/label-copy-forms/:token',
    { schema: { tags: publicTags, params: tokenParams, body: dataBody } },
    async (req) => service.saveForm(req, req.params.token, req.body.data),
  );

  app.post(
    '/api/v1/public/label-copy-forms/:token/submit',
    { schema: { tags: publicTags, params: tokenParams, body: dataBody } },
    async (req) => service.submitForm(req, req.params.token, req.body.data),
  );

  app.get(
    '/api/v1/public/label-copies/:token',
    { schema: { tags: publicTags, params: tokenParams } },
    async (req) => service.openShare(req, req.params.token),
  );

  app.get(
    '/api/v1/public/label-copies/:token/:format',
    { schema: { tags: publicTags, params: tokenParams.extend(formatParams.shape) } },
    async (req, reply) =>
      sendFile(reply, await service.exportShare(req, req.params.token, req.params.format)),
  );

  app.get(
    '/api/v1/public/label-copy-generator/:token',
    { schema: { tags: publicTags, params: tokenParams } },
    async (req) => service.openGenerator(req, req.params.token),
  );

  app.get(
    '/api/v1/public/label-copy-generator/:token/:format',
    { schema: { tags: publicTags, params: tokenParams.extend(formatParams.shape) } },
    async (req, reply) =>
      sendFile(reply, await service.exportGeneratorLink(req, req.params.token, req.params.format)),
  );
}
