import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { arAnalyticsRoutes } from './features/analytics/ar.routes.ts';
import { analyticsIncomeRoutes } from './features/analytics/income.routes.ts';
import { assetsRoutes } from './features/assets/assets.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { brandingRoutes } from './features/branding/branding.routes.ts';
import { callsRoutes } from './features/calls/calls.routes.ts';
import { catalogueRoutes } from './features/catalogue/catalogue.routes.ts';
import { catalogueCsvRoutes } from './features/catalogue/csv-import-export.routes.ts';
import { releasesRoutes } from './features/catalogue/releases.routes.ts';
import { contractsRoutes } from './features/contracts/contracts.routes.ts';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes.ts';
import { distributionRoutes } from './features/distribution/distribution.routes.ts';
import { feedbackRoutes } from './features/feedback/feedback.routes.ts';
import { hubRoutes } from './features/hub/hub.routes.ts';
import { jobsRoutes } from './features/jobs/jobs.routes.ts';
import { labelCopyRoutes } from './features/label-copy/label-copy.routes.ts';
import { marketingRoutes } from './features/marketing/marketing.routes.ts';
import { messagesRoutes } from './features/messages/messages.routes.ts';
import { metadataFormsRoutes } from './features/metadata-forms/metadata-forms.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { organizationsRoutes } from './features/organizations/organizations.routes.ts';
import { overviewRoutes } from './features/overview/overview.routes.ts';
import { partiesRoutes } from './features/parties/parties.routes.ts';
import { presenceRoutes } from './features/presence/presence.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { projectFolderRoutes } from './features/project-folder/project-folder.routes.ts';
import { reviewsRoutes } from './features/reviews/reviews.routes.ts';
import { revisionsRoutes } from './features/revisions/revisions.routes.ts';
import { royaltiesRoutes } from './features/royalties/royalties.routes.ts';
import { statementDocumentRoutes } from './features/royalties/statement-docs.routes.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { signedSongsRoutes } from './features/signed-songs/signed-songs.routes.ts';
import { songsRoutes } from './features/songs/songs.routes.ts';
import { storageRoutes } from './features/storage/storage.routes.ts';
import { teamRoutes } from './features/team/team.routes.ts';
import { trackViewersRoutes } from './features/track-viewers/track-viewers.routes.ts';
import { isApiPath } from './platform/api-paths.ts';
import { serializeOnce } from './platform/cache/shared-answers.ts';

/** What the zod serializer compiler takes: a route's schema (Fastify types it wider). */
type ZodRouteSchema = Parameters<typeof serializerCompiler>[0];

import { errorBody, handleError } from './platform/errors.ts';
import { registerFoundBeforeBody } from './platform/found-before-body.ts';
import type { App } from './platform/http.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { loggerOptions } from './platform/logging.ts';
import { registerRealtime } from './platform/realtime/index.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerCompression, registerStaticWeb } from './platform/static-web.ts';

const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const PUBLIC_API_ROUTES = new Set(['/api/v1/openapi.json', '/api/v1/health']);
/** Token-in-the-path pages for people outside the label (spec section 2, public routes). */
const PUBLIC_API_PREFIX = '/api/v1/public/';

export interface BuildOptions {
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** Builds the HTTP app without listening, so tests can call it with inject(). */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(ctx.config.LOG_LEVEL, options.logStream),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Each route's response check and JSON, done once per shared (cached) answer (shared-answers.ts).
  app.setSerializerCompiler((route) => serializeOnce(serializerCompiler(route as ZodRouteSchema)));
  app.setErrorHandler(handleError);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  const indexHtml = resolve(ctx.config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST, 'index.html');
  await registerSecurityHeaders(app, ctx, { indexHtmlPath: options.serveWeb === false ? null : indexHtml });

  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Music Review API',
        version: '1.0.0',
        description:
          "The API of Music Review's web app: every endpoint is declared once in packages/core/src/contracts (docs/decisions/0022-one-contract-per-endpoint.md). Errors share one shape: { error: { code, message, fields } }.",
        license: { name: 'Proprietary: the API of this deployment, for its web app and its own clients' },
      },
      // Relative: the document describes the server that serves it, wherever it runs.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });

  // Protected routes answer 401 before looking at the request's shape (the token check is cheap:
  // signature only; handlers then check the session).
  app.addHook('preValidation', async (req) => {
    const url = req.routeOptions.url ?? '';
    const isPublic = PUBLIC_API_ROUTES.has(url) || url.startsWith(PUBLIC_API_PREFIX);
    if (url.startsWith('/api/v1/') && !isPublic) await ctx.auth.verifyClaims(req);
  });
  registerInputGuard(app); // no control characters in any text (decision 0013); before the routes
  registerFoundBeforeBody(app, ctx); // another label's ids: 404 before the body is looked at

  await authRoutes(app, ctx);
  await organizationsRoutes(app, ctx);
  await devMailboxRoutes(app, ctx);
  await songsRoutes(app, ctx);
  await reviewsRoutes(app, ctx);
  await overviewRoutes(app, ctx);
  await revisionsRoutes(app, ctx);
  await searchRoutes(app, ctx);
  await storageRoutes(app, ctx);
  await hubRoutes(app, ctx);
  await messagesRoutes(app, ctx);
  await feedbackRoutes(app, ctx);
  await jobsRoutes(app, ctx);
  await profileRoutes(app, ctx);
  await teamRoutes(app, ctx);
  await brandingRoutes(app, ctx);
  await notificationsRoutes(app, ctx);
  await presenceRoutes(app, ctx);
  await contractsRoutes(app, ctx);
  await metadataFormsRoutes(app, ctx);
  await labelCopyRoutes(app, ctx);
  await marketingRoutes(app, ctx);
  await assetsRoutes(app, ctx);
  await projectFolderRoutes(app, ctx);
  await signedSongsRoutes(app, ctx);
  await trackViewersRoutes(app, ctx);
  await callsRoutes(app, ctx);
  await catalogueRoutes(app, ctx);
  await catalogueCsvRoutes(app, ctx);
  await releasesRoutes(app, ctx);
  await partiesRoutes(app, ctx);
  await distributionRoutes(app, ctx);
  await royaltiesRoutes(app, ctx);
  await arAnalyticsRoutes(app, ctx);
  await analyticsIncomeRoutes(app, ctx);
  await statementDocumentRoutes(app, ctx);
  await analyticsRoutes(app, ctx);
  await registerRealtime(app, ctx);

  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/v1/health', { schema: { hide: true } }, async () => ({ ok: true }));

  const webDist = ctx.config.WEB_DIST_DIR ? resolve(ctx.config.WEB_DIST_DIR) : DEFAULT_WEB_DIST;
  const serveWeb = options.serveWeb !== false && existsSync(resolve(webDist, 'index.html'));
  if (serveWeb) {
    await registerStaticWeb(app, webDist);
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (serveWeb && req.method === 'GET' && !isApiPath(path)) {
      // The single-page app owns every other path (its router decides what to show).
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('not_found', 'Not found'));
  });

  return app;
}
