/**
 * A test server whose job queue polls often and runs the job kinds a suite needs (each feature's
 * `define...Jobs(ctx)`), and a label on a plan with the catalogue: what the import suites share.
 */
import type { AppContext } from '../context.ts';
import { createJobQueue } from '../platform/jobs/queue.ts';
import { adminWithLabel, setPlan } from './api-helpers.ts';
import { createTestServer, type TestServer } from './harness.ts';

export async function createJobTestServer(
  ...defineJobs: Array<(ctx: AppContext) => void>
): Promise<TestServer> {
  const server = await createTestServer();
  server.ctx.jobs = createJobQueue(server.database, {
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    sweepIntervalSeconds: 1,
  });
  for (const define of defineJobs) define(server.ctx);
  await server.ctx.jobs.start();
  return server;
}

/** An admin of a new label on the Pro plan (the catalogue, distribution and finance). */
export async function proLabel(server: TestServer, name?: string) {
  const label = await adminWithLabel(server.app, name);
  await setPlan(server.database, label.organization.id, 'Pro');
  return label;
}
