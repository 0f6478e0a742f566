import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';

/** Issue 6: the project-folder API (routes to come in this folder). */
export async function projectFolderRoutes(_app: App, _ctx: AppContext) {}
