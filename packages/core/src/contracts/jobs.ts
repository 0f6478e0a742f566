/**
 * Background jobs (decision 0024): the member's view of the long work they started (imports, period
 * runs, deliveries), with its progress; it also arrives over the socket (table `jobs`). The contract
 * of each endpoint (packages/core/src/endpoint.ts); handlers: apps/server/src/features/jobs/jobs.routes.ts.
 */
import { z } from 'zod';
import { uuidOr404 } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { JOB_MESSAGES, JOB_STATUSES } from '../jobs.ts';

const job = z.object({
  id: z.string(),
  kind: z.string().meta({ description: 'What the job does, e.g. `catalogue-import`.' }),
  status: z.enum(JOB_STATUSES),
  progress_done: z.number().int(),
  progress_total: z.number().int().nullable().meta({ description: 'Null while the total is not known yet.' }),
  progress_message: z.string().nullable(),
  result: z
    .record(z.string(), z.unknown())
    .nullable()
    .meta({ description: "The job's outcome, once it succeeded." }),
  error: z.string().nullable().meta({ description: 'Why it failed, in words the member can act on.' }),
  attempts: z.number().int(),
  cancel_requested: z.boolean(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});

export type JobDto = z.infer<typeof job>;

const jobParams = z.object({ id: uuidOr404(JOB_MESSAGES.notFound) });

export const listMyJobs = endpoint({
  operationId: 'listMyJobs',
  summary: 'The jobs the caller started in their label, newest first (the latest 50)',
  tag: 'jobs',
  method: 'GET',
  path: '/api/v1/jobs',
  access: 'member',
  responses: { 200: z.array(job) },
  errors: [],
});

export const getJob = endpoint({
  operationId: 'getJob',
  summary: 'One job the caller started, with its progress',
  tag: 'jobs',
  method: 'GET',
  path: '/api/v1/jobs/:id',
  access: 'member',
  params: jobParams,
  responses: { 200: job },
  errors: ['not_found'],
});

export const cancelJob = endpoint({
  operationId: 'cancelJob',
  summary:
    'Cancels a job the caller started: a queued job never runs, a running one stops after its current batch',
  tag: 'jobs',
  method: 'POST',
  path: '/api/v1/jobs/:id/cancel',
  access: 'member',
  params: jobParams,
  responses: { 200: job },
  // conflict: the job has already finished.
  errors: ['not_found', 'conflict'],
});
