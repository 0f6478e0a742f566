import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';

/** Issue 6: the marketing API (routes to come in this folder). */
export async function marketingRoutes(_app: App, _ctx: AppContext) {}
