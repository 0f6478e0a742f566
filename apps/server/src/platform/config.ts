import { availableParallelism } from 'node:os';
import { iceServersSetting } from '@music-review/core/calls-schemas';
import { z } from 'zod';

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const DATA_KEY_BYTES = 32;

/** DATA_ENCRYPTION_KEY's text: base64 of exactly 32 bytes; null otherwise. */
export function parseDataKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === DATA_KEY_BYTES ? key : null;
}

export const dataKeyMissingMessage =
  'Invalid configuration:\n  DATA_ENCRYPTION_KEY: required when NODE_ENV=production with DATABASE_URL ' +
  '(base64 of 32 random bytes, e.g. `openssl rand -base64 32`; every server copy needs the same key)';

/**
 * Connections to PostgreSQL per server copy when DATABASE_POOL_SIZE is not set: twice the cores plus
 * two (PostgreSQL's own rule of thumb for connections at work at once), at least 4 and at most 20.
 * The cores are this machine's, which by default also runs the database. With 20 on two cores, 20
 * requests at once kept 20 backends busy on 2 cores and each waited on the others: the catalogue's
 * 20 members scrolling answered at p99 86-110 ms, against 35-53 with 6 (decision 0036).
 */
export const defaultPoolSize = (cores = availableParallelism()) => Math.min(20, Math.max(4, 2 * cores + 2));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(defaultPoolSize()),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Music Review <no-reply@music-review.local>'),
  SEED_DEMO: boolish.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: boolish.default(false),
  /**
   * Encrypts secrets kept in the database (authenticator-app seeds): base64 of 32 random bytes.
   * Unset: generated into $DATA_DIR/secret.key; required in production with DATABASE_URL (decision 0014).
   */
  DATA_ENCRYPTION_KEY: z
    .string()
    .transform((v, ctx) => {
      const key = parseDataKey(v);
      if (!key)
        ctx.addIssue({ code: 'custom', message: 'must be base64 of 32 bytes (openssl rand -base64 32)' });
      return key ?? Buffer.alloc(0);
    })
    .optional(),
  WEB_DIST_DIR: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Rate limits: count per window. Defaults stop guessing, yet a whole office behind one
  // address can still sign in (the per-address limits are well above one person's mistakes).
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  // Wrong passwords at one account from one address: this many are judged at once, then each next
  // attempt waits 1 s, 2 s, 4 s ... up to the maximum. Never a lock: the owner elsewhere still gets in.
  RATE_LIMIT_SIGNIN_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_SIGNIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  RATE_LIMIT_SIGNIN_PER_IP: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_RECOVER_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_VERIFY_PER_IP: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_RESEND_SECONDS: z.coerce.number().int().min(1).default(60),
  // Two-factor codes: wrong codes (and texted codes sent) per factor, and per address, per window.
  RATE_LIMIT_MFA_PER_FACTOR: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_MFA_PER_IP: z.coerce.number().int().min(1).default(50),
  // Public token links (an artist's revision upload): requests per address per window.
  RATE_LIMIT_PUBLIC_LINK_PER_IP: z.coerce.number().int().min(1).default(60),
  // Storage: local disk under $DATA_DIR/storage unless S3_BUCKET is set (then any S3-compatible store).
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: boolish.default(false),
  STORAGE_MAX_AUDIO_BYTES: z.coerce.number().int().min(1).default(314_572_800), // 300 MiB
  // Release artwork is at least 3000 x 3000 px: a lossless PNG of that size runs to tens of MB.
  STORAGE_MAX_IMAGE_BYTES: z.coerce.number().int().min(1).default(62_914_560), // 60 MiB
  STORAGE_MAX_DOCUMENT_BYTES: z.coerce.number().int().min(1).default(52_428_800), // 50 MiB
  // Project folder files of any other kind (stems archives, sessions, documents).
  STORAGE_MAX_FILE_BYTES: z.coerce.number().int().min(1).default(2_147_483_648), // 2 GiB (statements, issue 16)
  STORAGE_MAX_WAVEFORM_BYTES: z.coerce.number().int().min(1).default(5_242_880), // 5 MiB
  STORAGE_UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  // Reviewers' dashboards kept in memory per server copy (decision 0005); 0 turns the cache off.
  REVIEW_DASHBOARD_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(1000),
  /** Global search answers kept per reviewer and query (decision 0007); 0 turns the cache off. */
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
  /**
   * Analytics answers kept per label and query (decision 0030, "Cached answers"): performance,
   * breakdowns, missing income, catalogue value, the A&R funnel and demo to revenue; 0 turns the
   * cache off.
   */
  ANALYTICS_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  /**
   * After the label's data changed, how long a request waits for its analytics answer to be computed
   * again before it is answered the kept one, marked `updating` (decision 0034), in milliseconds.
   */
  ANALYTICS_FRESH_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(50),
  /**
   * Analytics answers computed at once per server copy; the others wait their turn (decision 0034):
   * each holds a database connection and a core for up to seconds on a large label.
   */
  ANALYTICS_COMPUTE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Catalogue list pages kept per server copy under the label's data version (decision 0032); 0: off. */
  CATALOGUE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(1000),
  /**
   * Megabytes of list orders kept per server copy (16 bytes a row: 64 MB holds four million rows), from
   * which pages deep in a catalogue list are taken (decision 0033); 0: off, deep pages walk the index.
   */
  CATALOGUE_ORDER_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /**
   * How long a deep page waits for its list's order to be read before it walks the index instead
   * (decision 0033), in milliseconds.
   */
  CATALOGUE_ORDER_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(20),
  /**
   * Support staff (comma-separated account emails): they see every label's support conversations
   * and answer them. Unset: support@demo.test when the demo data is seeded outside production, else nobody.
   */
  SUPPORT_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ message: 'must be email addresses separated by commas' })))
    .optional(),
  /** How often each server copy looks for campaign task deadline reminders to send (decision 0010). */
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * Where DDEX's ERN 4.3 schema (release-notification.xsd and allowed-value-sets.xsd) is: every
   * message is checked against it before it leaves (decision 0027). Unset: ../shared/ddex/ern43
   * beside the repository, when it is there.
   */
  DDEX_ERN43_SCHEMA_DIR: z.string().optional(),
  /** How often destinations' acknowledgement folders are read, across every server copy. */
  DISTRIBUTION_ACK_POLL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * On PostgreSQL, a statement file at least this large is imported in a process of its own
   * (features/royalties/import-worker.ts): the import's memory is then its own, not the server's.
   * Smaller files, and every file on PGlite (one process holds the database), import in the server.
   */
  IMPORT_WORKER_MIN_BYTES: z.coerce.number().int().min(0).default(8_388_608), // 8 MiB
  /** WebRTC ICE servers for video calls: a JSON array of RTCIceServer; [] means host candidates only. */
  ICE_SERVERS: iceServersSetting.default([]),
});

export type Config = z.infer<typeof envSchema> & {
  appUrl: string;
  isProduction: boolean;
  seedDemo: boolean;
  /** SUPPORT_EMAILS, lower-cased, with its default applied. */
  supportEmails: readonly string[];
};

/** The demo support account (apps/server/src/features/demo), support staff by default in development. */
export const DEMO_SUPPORT_EMAIL = 'support@demo.test';

/** Reads and validates the environment. A bad variable stops the start with its name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.SMTP_URL) {
    // Without it, confirmation and reset mail would go to the dev mailbox, which production hides.
    throw new ConfigError('Invalid configuration:\n  SMTP_URL: required when NODE_ENV=production');
  }
  if (c.NODE_ENV === 'production' && c.DATABASE_URL && !c.DATA_ENCRYPTION_KEY) {
    // Every server copy must share one key, so none may make its own.
    throw new ConfigError(dataKeyMissingMessage);
  }
  // Demo data by default only for the embedded database; a real server gets it when asked.
  const seedDemo = c.SEED_DEMO ?? !c.DATABASE_URL;
  const isProduction = c.NODE_ENV === 'production';
  return {
    ...c,
    appUrl: (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    isProduction,
    seedDemo,
    // The demo support account's password is public: it is staff by default only off production.
    supportEmails: c.SUPPORT_EMAILS ?? (seedDemo && !isProduction ? [DEMO_SUPPORT_EMAIL] : []),
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
