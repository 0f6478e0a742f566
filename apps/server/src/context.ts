import { type KeyRing, loadKeyRing } from './platform/auth/keys.ts';
import { createRequestAuth, type RequestAuth } from './platform/auth/request-auth.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/index.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/queue.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { createRateLimiter, type RateLimiter } from './platform/rate-limit.ts';
import { createSecretBox, loadDataKey, type SecretBox } from './platform/secret-box.ts';
import { createStorage, type Storage } from './platform/storage/create-storage.ts';

/** Everything a request handler may use; built once per server copy. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  keys: KeyRing;
  auth: RequestAuth;
  rateLimiter: RateLimiter;
  storage: Storage;
  /** Encrypts secrets kept in the database (TOTP seeds) under DATA_ENCRYPTION_KEY (decision 0014). */
  secrets: SecretBox;
  /**
   * Background jobs (decision 0024): defined by background.ts, started by main.ts (and by the tests
   * that run jobs). Until it starts, enqueued jobs are saved and wait for a copy whose queue runs.
   */
  jobs: JobQueue;
}

export async function createContext(config: Config, database: Database, overrides: Partial<AppContext> = {}) {
  const keys = overrides.keys ?? (await loadKeyRing(database));
  const ctx: AppContext = {
    config,
    database,
    keys,
    mailer: overrides.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, database }),
    auth: overrides.auth ?? createRequestAuth(database, keys),
    rateLimiter: overrides.rateLimiter ?? createRateLimiter(database),
    storage: overrides.storage ?? (await createStorage(config, database)),
    secrets: overrides.secrets ?? createSecretBox(await loadDataKey(config)),
    jobs: overrides.jobs ?? createJobQueue(database),
  };
  return ctx;
}
