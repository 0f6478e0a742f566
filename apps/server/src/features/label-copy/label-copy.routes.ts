import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';

/** Issue 6: the label-copy API (routes to come in this folder). */
export async function labelCopyRoutes(_app: App, _ctx: AppContext) {}
