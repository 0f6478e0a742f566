import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';

/** Issue 6: the metadata-forms API (routes to come in this folder). */
export async function metadataFormsRoutes(_app: App, _ctx: AppContext) {}
