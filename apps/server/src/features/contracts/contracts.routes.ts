import {
  contractTemplateBody,
  declineContractBody,
  generateContractBody,
  sendContractBody,
  signContractBody,
} from '@music-review/core/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createContractsService } from './contracts.service.ts';

const security = [{ bearer: [] }];
const tags = ['contracts'];
const publicTags = ['contracts (public)'];
const idParam = z.object({ id: z.string().max(64) });

/**
 * Issue 6: contract templates, the generator, sending for signature, voiding and downloads (members
 * of the label), and the signer's public pages (`/api/v1/public/...`, by token).
 */
export async function contractsRoutes(app: App, ctx: AppContext) {
  const service = createContractsService(ctx);
  const member = (req: Parameters<typeof ctx.auth.requireMember>[0]) => ctx.auth.requireMember(req);

  // ---------- Templates ----------

  app.get('/api/v1/contract-templates', { schema: { tags, security } }, async (req) =>
    service.listTemplates(await member(req)),
  );

  app.post(
    '/api/v1/contract-templates',
    { schema: { tags, security, body: contractTemplateBody } },
    async (req, reply) => reply.status(201).send(await service.createTemplate(await member(req), req.body)),
  );

  app.put(
    '/api/v1/contract-templates/:id',
    { schema: { tags, security, params: idParam, body: contractTemplateBody } },
    async (req) => service.updateTemplate(await member(req), req.params.id, req.body),
  );

  app.delete(
    '/api/v1/contract-templates/:id',
    { schema: { tags, security, params: idParam } },
    async (req, reply) => {
      await service.deleteTemplate(await member(req), req.params.id);
      return reply.status(204).send();
    },
  );

  // ---------- Contracts ----------

  app.get('/api/v1/contracts/generator', { schema: { tags, security } }, async (req) =>
    service.generatorAccess(await member(req)),
  );

  app.get(
    '/api/v1/songs/:songId/contracts',
    { schema: { tags, security, params: z.object({ songId: z.string().max(64) }) } },
    async (req) => service.listForSong(await member(req), req.params.songId),
  );

  app.post(
    '/api/v1/songs/:songId/contracts',
    {
      schema: {
        tags,
        security,
        params: z.object({ songId: z.string().max(64) }),
        body: generateContractBody,
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.generate(await member(req), req.params.songId, req.body)),
  );

  app.get('/api/v1/contracts/:id', { schema: { tags, security, params: idParam } }, async (req) =>
    service.get(await member(req), req.params.id),
  );

  app.put(
    '/api/v1/contracts/:id',
    { schema: { tags, security, params: idParam, body: generateContractBody } },
    async (req) => service.update(await member(req), req.params.id, req.body),
  );

  app.delete('/api/v1/contracts/:id', { schema: { tags, security, params: idParam } }, async (req, reply) => {
    await service.remove(await member(req), req.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/api/v1/contracts/:id/send',
    { schema: { tags, security, params: idParam, body: sendContractBody } },
    async (req) => service.send(await member(req), req.params.id, req.body),
  );

  app.post(
    '/api/v1/contracts/:id/signers/:signerId/links',
    {
      schema: {
        tags,
        security,
        params: z.object({ id: z.string().max(64), signerId: z.string().max(64) }),
      },
    },
    async (req) => service.reissueLinks(await member(req), req.params.id, req.params.signerId),
  );

  app.post('/api/v1/contracts/:id/void', { schema: { tags, security, params: idParam } }, async (req) =>
    service.void(await member(req), req.params.id),
  );

  app.get(
    '/api/v1/contracts/:id/download',
    {
      schema: {
        tags,
        security,
        params: idParam,
        querystring: z.object({ which: z.enum(['document', 'signed']).default('document') }),
      },
    },
    async (req) => service.documentUrl(await member(req), req.params.id, req.query.which),
  );

  // ---------- Public: the signer, by token ----------

  app.get(
    '/api/v1/public/contracts/:id',
    {
      schema: {
        tags: publicTags,
        params: idParam,
        querystring: z.object({ token: z.string().max(100).default('') }),
      },
    },
    async (req) => service.openForSigning(req, req.params.id, req.query.token),
  );

  // The signer's downloads (the links the signing page gives, valid 15 minutes).
  app.get(
    '/api/v1/public/contracts/:id/files/:which',
    {
      schema: {
        tags: publicTags,
        params: z.object({ id: z.string().max(64), which: z.enum(['document', 'signed']) }),
        querystring: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (req, reply) => {
      const file = await service.publicFile(req.params.id, req.params.which, req.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  app.post(
    '/api/v1/public/contracts/:id/sign',
    { schema: { tags: publicTags, params: idParam, body: signContractBody } },
    async (req) => service.sign(req, req.params.id, req.body),
  );

  app.get(
    '/api/v1/public/contract-declines/:token',
    { schema: { tags: publicTags, params: z.object({ token: z.string().max(100) }) } },
    async (req) => service.openForDecline(req, req.params.token),
  );

  app.post(
    '/api/v1/public/contract-declines/:token',
    {
      schema: {
        tags: publicTags,
        params: z.object({ token: z.string().max(100) }),
        body: declineContractBody,
      },
    },
    async (req) => service.decline(req, req.params.token, req.body.reason),
  );
}
