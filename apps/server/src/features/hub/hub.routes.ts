import * as hub from '@music-review/core/contracts/hub';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createHubService } from './hub.service.ts';

/** The Label Hub and Home (contracts: packages/core/src/contracts/hub.ts). */
export async function hubRoutes(app: App, ctx: AppContext) {
  const service = createHubService(ctx);

  route(app, ctx, hub.getLabelHub, ({ member }) => service.hub(member));

  route(app, ctx, hub.getHome, ({ member }) => service.home(member));
}
