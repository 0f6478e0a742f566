import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';

/** Issue 6: the signed-songs API (routes to come in this folder). */
export async function signedSongsRoutes(_app: App, _ctx: AppContext) {}
