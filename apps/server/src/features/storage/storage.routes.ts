import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { bearerToken } from '../../platform/auth/request-auth.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import { CLIENT_STORAGE_TYPES, MAX_FILENAME_LENGTH, MAX_ID_LENGTH } from '../../platform/storage/keys.ts';
import { OBJECT_URL_PREFIX } from '../../platform/storage/local-driver.ts';
import { contentDisposition, safeContentType } from '../../platform/storage/serving.ts';
import { externalToken, resolveExternalAccess } from './external-access.ts';
import { createStorageService } from './storage.service.ts';

const security = [{ bearer: [] }];
const tags = ['storage'];

const presignBody = z.object({
  // A display hint only: the key's first part is always the caller's organization id (keys.ts).
  orgName: z.string().max(200).optional(),
  type: z.enum(CLIENT_STORAGE_TYPES),
  id: z.string().min(1).max(MAX_ID_LENGTH),
  filename: z
    .string()
    .min(1)
    .max(4 * MAX_FILENAME_LENGTH),
  contentType: z.string().min(1).max(200),
});
const presignResponse = z.object({
  success: z.literal(true),
  data: z.object({ presignedUrl: z.string(), key: z.string() }),
});

const signedUrlBody = z.object({
  fileKey: z.string().min(1).max(1024),
  expiresIn: z.number().int().min(1).max(86_400).default(3600),
});
const signedUrlResponse = z.object({ success: z.literal(true), url: z.string(), expiresAt: z.string() });

const confirmBody = z.object({ key: z.string().min(1).max(1024) });
const confirmResponse = z.object({
  success: z.literal(true),
  data: z.object({ key: z.string(), size: z.number(), contentType: z.string() }),
});

const objectParams = z.object({ '*': z.string() });
const signedQuery = z.object({
  exp: z.string().optional(),
  sig: z.string().optional(),
  ct: z.string().optional(),
  max: z.string().optional(),
});

export async function storageRoutes(app: App, ctx: AppContext) {
  const service = createStorageService(ctx);
  // 401 before the body is looked at, like every other protected route.
  const requireToken = async (req: FastifyRequest) => {
    await ctx.auth.verifyClaims(req);
  };

  app.post(
    '/functions/v1/generate-presigned-url',
    {
      preValidation: requireToken,
      schema: { tags, security, body: presignBody, response: { 200: presignResponse } },
    },
    async (req) => {
      const member = await ctx.auth.requireMember(req);
      return service.presignUpload(member.organizationId, req.body);
    },
  );

  app.post(
    '/functions/v1/get-signed-url',
    {
      // The spec's second path: an external party's token in a header instead of a bearer token.
      preValidation: async (req) => {
        const token = externalToken(req);
        // The link itself is checked in the handler (once): here only that there is a credential.
        if (token && !bearerToken(req)) return;
        await requireToken(req);
      },
      schema: { tags, security, body: signedUrlBody, response: { 200: signedUrlResponse } },
    },
    async (req) => {
      const token = externalToken(req);
      if (token && !bearerToken(req)) {
        const grant = await resolveExternalAccess(ctx, req, token);
        if (!grant) throw new AppError('unauthorized', 'This access link is not valid.');
        if (!grant.allowedKeys.has(req.body.fileKey)) throw new AppError('not_found', 'File not found');
        return service.signedUrl(grant.organizationId, req.body.fileKey, req.body.expiresIn);
      }
      const member = await ctx.auth.requireMember(req);
      return service.signedUrl(member.organizationId, req.body.fileKey, req.body.expiresIn);
    },
  );

  app.post(
    '/functions/v1/confirm-upload',
    {
      preValidation: requireToken,
      schema: { tags, security, body: confirmBody, response: { 200: confirmResponse } },
    },
    async (req) => {
      const member = await ctx.auth.requireMember(req);
      return service.confirmUpload(member.organizationId, req.body.key);
    },
  );

  if (ctx.storage.local) await registerObjectRoutes(app, service);
}

/** The local driver's signed URLs, served by the app itself. */
async function registerObjectRoutes(app: App, service: ReturnType<typeof createStorageService>) {
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // Uploads are streamed to disk: no parser may buffer the body (and none refuses a type;
    // the signed Content-Type and the bytes decide).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    scope.put(
      `${OBJECT_URL_PREFIX}*`,
      { schema: { hide: true, params: objectParams, querystring: signedQuery } },
      async (req) =>
        service.receiveUpload(
          req.params['*'],
          req.query,
          { contentType: req.headers['content-type'], contentLength: req.headers['content-length'] },
          req.raw,
        ),
    );

    scope.get(
      `${OBJECT_URL_PREFIX}*`,
      { schema: { hide: true, params: objectParams, querystring: signedQuery } },
      async (req, reply) => {
        const download = await service.openDownload(req.params['*'], req.query, req.headers.range);
        reply.header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff');
        if (download.kind === 'unsatisfiable') {
          throw new AppError('range_not_satisfiable', 'The requested range is not in the file.', {
            'content-range': `bytes */${download.size}`,
          });
        }
        const { object, filename } = download;
        const contentType = safeContentType(object.contentType);
        const remaining = Math.max(0, Number(req.query.exp) - Math.floor(Date.now() / 1000));
        reply
          .header('content-type', contentType)
          .header('content-disposition', contentDisposition(contentType, filename))
          .header('cache-control', `private, max-age=${Math.min(remaining, 3600)}`);
        if (object.range) {
          const { start, end } = object.range;
          reply
            .status(206)
            .header('content-range', `bytes ${start}-${end}/${object.size}`)
            .header('content-length', end - start + 1);
        } else {
          reply.header('content-length', object.size);
        }
        return reply.send(object.body);
      },
    );
  });
}
