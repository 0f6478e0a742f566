/**
 * The server's background work on the job queue (decision 0024), in one place like the routes in
 * app.ts: each feature's job kinds and recurring work. main.ts calls it before starting the queue.
 */
import type { AppContext } from './context.ts';
import { defineCatalogueCsvJobs } from './features/catalogue/csv-jobs.ts';
import { defineDistributionJobs } from './features/distribution/distribution.jobs.ts';
import { runDueReminders } from './features/marketing/reminders.ts';
import { defineRoyaltyImportJob } from './features/royalties/import-job.ts';
import { defineRoyaltyRunJob } from './features/royalties/periods.service.ts';

export function defineBackgroundWork(ctx: AppContext) {
  // Campaign task deadline reminders (decision 0010): once per interval across every copy; the
  // claim row keeps each reminder single even if two runs overlapped.
  ctx.jobs.every('marketing-reminders', ctx.config.REMINDER_INTERVAL_SECONDS, async () => {
    await runDueReminders(ctx, new Date());
  });
  defineCatalogueCsvJobs(ctx);
  defineDistributionJobs(ctx);
  defineRoyaltyImportJob(ctx);
  defineRoyaltyRunJob(ctx);
}
