import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';

/** Issue 6: the contracts API (routes to come in this folder). */
export async function contractsRoutes(_app: App, _ctx: AppContext) {}
