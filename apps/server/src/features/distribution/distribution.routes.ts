import * as distribution from '@music-review/core/contracts/distribution';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createDestinationsService } from './destinations.service.ts';
import { createDistributionService } from './distribution.service.ts';

/** An ERN message as a download (file names are message ids or UPCs: ASCII already). */
function sendXml(reply: FastifyReply, file: { xml: string; fileName: string }) {
  return reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.xml);
}

/**
 * Distribution (issue 15; contracts: packages/core/src/contracts/distribution.ts; decision 0027):
 * readiness, deliveries, store statuses, destinations.
 */
export async function distributionRoutes(app: App, ctx: AppContext) {
  const service = createDistributionService(ctx);
  const destinations = createDestinationsService(ctx);

  route(app, ctx, distribution.listDistributionReleases, ({ member, query }) => service.list(member, query));
  route(app, ctx, distribution.getReleaseDistribution, ({ member, params }) =>
    service.get(member, params.id),
  );
  route(app, ctx, distribution.saveDealTerms, ({ member, params, body }) =>
    service.saveDealTerms(member, params.id, body),
  );
  route(app, ctx, distribution.deliverRelease, ({ member, params, body }) =>
    service.deliver(member, params.id, body),
  );
  route(app, ctx, distribution.setStoreStatus, ({ member, params, body }) =>
    service.setStoreStatus(member, params.id, body),
  );
  route(app, ctx, distribution.downloadDeliveryErn, async ({ member, params, reply }) =>
    sendXml(reply, await service.deliveryErn(member, params.id)),
  );
  route(app, ctx, distribution.previewReleaseErn, async ({ member, params, reply }) =>
    sendXml(reply, await service.previewErn(member, params.id)),
  );

  route(app, ctx, distribution.listDestinations, ({ member }) => destinations.list(member));
  route(app, ctx, distribution.createDestination, ({ member, body }) => destinations.create(member, body));
  route(app, ctx, distribution.updateDestination, ({ member, params, body }) =>
    destinations.update(member, params.id, body),
  );
  route(app, ctx, distribution.deleteDestination, ({ member, params }) =>
    destinations.remove(member, params.id),
  );
  route(app, ctx, distribution.testDestination, ({ member, params }) => destinations.test(member, params.id));
}
