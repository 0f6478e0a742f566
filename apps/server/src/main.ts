import { CALL_DROP_AFTER_MS, CALL_HEARTBEAT_MS } from '@music-review/core/calls';
import { buildApp } from './app.ts';
import { defineBackgroundWork } from './background.ts';
import { createContext } from './context.ts';
import { startAnalyticsRefresh } from './features/analytics/analytics-refresh.ts';
import { sealPlainTotpSecrets } from './features/auth/mfa.repo.ts';
import { startCallSweep } from './features/calls/call-sweep.ts';
import { DEMO_ACCOUNTS, DEMO_LABEL, DEMO_PASSWORD, seedDemo } from './features/demo/demo.seed.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/index.ts';
import { startStagedUploadSweep } from './platform/storage/staged-sweep.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase(config);
  await database.migrate();
  const ctx = await createContext(config, database);
  // TOTP seeds stored before they were encrypted are encrypted now (decision 0014).
  const sealedSecrets = await sealPlainTotpSecrets(database.global, ctx.secrets);
  if (sealedSecrets > 0) console.info(`Encrypted ${sealedSecrets} stored authenticator secret(s).`);
  if (config.seedDemo) await seedDemo(database, ctx.storage.driver, ctx.secrets, ctx);

  const app = await buildApp(ctx);
  let callSweep: { stop(): Promise<void> } | null = null;
  // The analytics answers members viewed, computed again after their label's data changed.
  const analyticsRefresh = startAnalyticsRefresh(ctx);
  // Partial uploads a crash left in the local storage's temp folder: removed now and every 15 minutes.
  const stagedSweep = ctx.storage.local ? startStagedUploadSweep(ctx.storage.local) : null;

  let closing = false;
  /** The job queue's start, which a stop during start-up waits for (it would close the pool under it). */
  let jobsStarting: Promise<void> | null = null;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await jobsStarting?.catch(() => {});
      await ctx.jobs.stop();
      await callSweep?.stop();
      await analyticsRefresh?.stop();
      await stagedSweep?.stop();
      await app.close();
      await ctx.mailer.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Background jobs and recurring work (campaign reminders): exactly once across copies.
  defineBackgroundWork(ctx);
  if (closing) return;
  jobsStarting = ctx.jobs.start();
  await jobsStarting;
  if (closing) return;
  // Call participants whose page stopped its heartbeat (a vanished tab) leave their calls.
  callSweep = startCallSweep(ctx, { intervalMs: CALL_HEARTBEAT_MS / 2, dropAfterMs: CALL_DROP_AFTER_MS });
  const lines = [
    '',
    `  Music Review is running at ${config.appUrl}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PostgreSQL in ${config.DATA_DIR}/pgdata` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail: ${ctx.mailer.kind === 'smtp' ? 'SMTP (SMTP_URL)' : `dev mailbox at ${config.appUrl}/dev/mailbox, served to loopback clients only (127.0.0.0/8, ::1), because no SMTP_URL is set`}`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo label "${DEMO_LABEL}", password "${DEMO_PASSWORD}" for every account:`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email}${a.isAdmin ? ' (admin)' : ''}`);
  }
  console.info(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
