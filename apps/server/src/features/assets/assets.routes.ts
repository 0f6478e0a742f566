import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';

/** Issue 6: the assets API (routes to come in this folder). */
export async function assetsRoutes(_app: App, _ctx: AppContext) {}
