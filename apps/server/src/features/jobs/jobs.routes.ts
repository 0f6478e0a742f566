import * as jobs from '@music-review/core/contracts/jobs';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createJobsService } from './jobs.service.ts';

/** The member's background jobs (contracts: packages/core/src/contracts/jobs.ts; decision 0024). */
export async function jobsRoutes(app: App, ctx: AppContext) {
  const service = createJobsService(ctx);
  route(app, ctx, jobs.listMyJobs, ({ member }) => service.listMine(member));
  route(app, ctx, jobs.getJob, ({ member, params }) => service.get(member, params.id));
  route(app, ctx, jobs.cancelJob, ({ member, params }) => service.cancel(member, params.id));
}
