import * as branding from '@music-review/core/contracts/branding';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createBrandingService } from './branding.service.ts';

/** The label's branding (contracts: packages/core/src/contracts/branding.ts). */
export async function brandingRoutes(app: App, ctx: AppContext) {
  const service = createBrandingService(ctx);

  route(app, ctx, branding.getBranding, ({ member }) => service.get(member));

  route(app, ctx, branding.updateBranding, ({ member, body }) => service.update(member, body));
}
