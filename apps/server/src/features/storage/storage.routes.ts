import * as storage from '@music-review/core/contracts/storage';
import type { Endpoint } from '@music-review/core/endpoint';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { bearerToken } from '../../platform/auth/request-auth.ts';
import { errorResponses, securityOf } from '../../platform/endpoint-route.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import { openPublicLink } from '../../platform/public-links/open-link.ts';
import { contentDisposition, safeContentType } from '../../platform/storage/serving.ts';
import { externalToken, resolveExternalAccess } from './external-access.ts';
import { createStorageService } from './storage.service.ts';

/*
 * The storage routes stay on Fastify's own registration, with their schema built from their
 * contracts (packages/core/src/contracts/storage.ts), because `route()` cannot express what they
 * need: the functions check the token in a preValidation hook (401 before the body is looked at,
 * as /functions/v1 is outside the /api/v1 token check), get-signed-url also takes an external
 * party's token instead, and the local driver's object routes need their own content-type parser
 * (uploads streamed to disk) and answer ranges (206) with their own headers. So each function's
 * handler checks the member itself, first; the object routes' credential is the URL's signature,
 * which the service checks before anything else.
 */

/** What OpenAPI shows of a contract: its operationId, summary, tag and security. */
function describe(contract: Endpoint) {
  return {
    operationId: contract.operationId,
    summary: contract.summary,
    tags: [contract.tag],
    security: securityOf(contract.access),
  };
}

/** Every answer of a contract, successes and errors, by status. */
function responsesOf(contract: Endpoint) {
  return {
    ...Object.fromEntries(
      Object.entries(contract.responses).map(([status, schema]) => [
        status,
        schema ?? z.null().meta({ description: 'No content' }),
      ]),
    ),
    ...errorResponses(contract),
  };
}

export async function storageRoutes(app: App, ctx: AppContext) {
  const service = createStorageService(ctx);
  // 401 before the body is looked at, like every other protected route.
  const requireToken = async (req: FastifyRequest) => {
    await ctx.auth.verifyClaims(req);
  };

  app.post(
    storage.generatePresignedUrl.path,
    {
      preValidation: requireToken,
      schema: {
        ...describe(storage.generatePresignedUrl),
        body: storage.generatePresignedUrl.body,
        response: responsesOf(storage.generatePresignedUrl),
      },
    },
    async (req) => {
      const member = await ctx.auth.requireMember(req);
      return service.presignUpload(member.organizationId, req.body);
    },
  );

  app.post(
    storage.getSignedUrl.path,
    {
      // The spec's second path: an external party's token in a header instead of a bearer token.
      preValidation: async (req) => {
        const token = externalToken(req);
        // The link itself is checked in the handler (once): here only that there is a credential.
        if (token && !bearerToken(req)) return;
        await requireToken(req);
      },
      schema: {
        ...describe(storage.getSignedUrl),
        body: storage.getSignedUrl.body,
        response: responsesOf(storage.getSignedUrl),
      },
    },
    async (req) => {
      const token = externalToken(req);
      if (token && !bearerToken(req)) {
        const { link } = await openPublicLink(ctx, req, token, 'metadata_form', 'player');
        const grant = await resolveExternalAccess(ctx, link);
        if (!grant) throw new AppError('unauthorized', 'This access link is not valid.');
        if (!grant.allowedKeys.has(req.body.fileKey)) throw new AppError('not_found', 'File not found');
        return service.signedUrl(grant.organizationId, req.body.fileKey, req.body.expiresIn);
      }
      const member = await ctx.auth.requireMember(req);
      return service.signedUrl(member.organizationId, req.body.fileKey, req.body.expiresIn);
    },
  );

  app.post(
    storage.confirmUpload.path,
    {
      preValidation: requireToken,
      schema: {
        ...describe(storage.confirmUpload),
        body: storage.confirmUpload.body,
        response: responsesOf(storage.confirmUpload),
      },
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

    // Hidden from the API's reference: these URLs exist only with the local driver, and clients get
    // them signed from the functions above, never build them.
    scope.put(
      storage.uploadStorageObject.path,
      {
        schema: {
          hide: true,
          ...describe(storage.uploadStorageObject),
          params: storage.uploadStorageObject.params,
          querystring: storage.uploadStorageObject.query,
          response: responsesOf(storage.uploadStorageObject),
        },
      },
      async (req) =>
        service.receiveUpload(
          req.params['*'],
          req.query,
          { contentType: req.headers['content-type'], contentLength: req.headers['content-length'] },
          req.raw,
        ),
    );

    scope.get(
      storage.downloadStorageObject.path,
      {
        schema: {
          hide: true,
          ...describe(storage.downloadStorageObject),
          params: storage.downloadStorageObject.params,
          querystring: storage.downloadStorageObject.query,
          response: responsesOf(storage.downloadStorageObject),
        },
      },
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
