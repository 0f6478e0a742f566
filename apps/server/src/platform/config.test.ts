// Database-independent: configuration parsing only (the PostgreSQL pass skips it; vitest.config.ts).
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPoolSize, loadConfig } from './config.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'not a url'],
    ['APP_URL', 'app.example'],
    ['SMTP_URL', 'nope'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['RATE_LIMIT_SIGNIN_FREE_FAILURES', '0'],
    ['ACCESS_TOKEN_TTL_SECONDS', 'hour'],
    ['DATA_ENCRYPTION_KEY', Buffer.alloc(16).toString('base64')],
    ['DATA_ENCRYPTION_KEY', 'not base64!'],
    ['ANALYTICS_CACHE_ENTRIES', '-1'],
    ['ANALYTICS_CACHE_ENTRIES', 'many'],
    ['ANALYTICS_FRESH_WAIT_MS', '-5'],
    ['ANALYTICS_COMPUTE_CONCURRENCY', '0'],
  ])('throws a ConfigError naming %s when it is %j', (name, value) => {
    const err = configError({ [name]: value });
    expect(err.name).toBe('ConfigError');
    expect(err.message).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('names every malformed variable at once', () => {
    const err = configError({ PORT: 'abc', DATABASE_URL: 'not a url' });
    expect(err.message).toContain('PORT');
    expect(err.message).toContain('DATABASE_URL');
  });

  it('refuses production without SMTP_URL, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL/);
  });

  it('refuses production on DATABASE_URL without DATA_ENCRYPTION_KEY, naming the variable', () => {
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@db.example:5432/mr',
      SMTP_URL: 'smtp://mail.example:587',
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/DATA_ENCRYPTION_KEY: required/);
    const key = Buffer.alloc(32, 9);
    expect(loadConfig({ ...env, DATA_ENCRYPTION_KEY: key.toString('base64') }).DATA_ENCRYPTION_KEY).toEqual(
      key,
    );
    // The embedded database keeps its own key file: no variable needed.
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: env.SMTP_URL })).not.toThrow();
  });

  it('applies defaults and derives the app URL, production flag and demo seeding', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      appUrl: 'http://localhost:3000',
      isProduction: false,
      seedDemo: true,
      RATE_LIMIT_RESEND_SECONDS: 60,
    });

    const prod = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      APP_URL: 'https://music.example/',
      DATABASE_URL: 'postgres://u@db.example:5432/mr',
      SMTP_URL: 'smtp://mail.example:587',
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      RATE_LIMIT_SIGNIN_FREE_FAILURES: '5',
    });
    expect(prod).toMatchObject({
      PORT: 8080,
      appUrl: 'https://music.example',
      isProduction: true,
      seedDemo: false,
      RATE_LIMIT_SIGNIN_FREE_FAILURES: 5,
    });
  });

  it('keeps 500 analytics answers unless told, and 0 turns that cache off', () => {
    expect(loadConfig({}).ANALYTICS_CACHE_ENTRIES).toBe(500);
    expect(loadConfig({ ANALYTICS_CACHE_ENTRIES: '0' }).ANALYTICS_CACHE_ENTRIES).toBe(0);
    expect(loadConfig({ ANALYTICS_CACHE_ENTRIES: '2000' }).ANALYTICS_CACHE_ENTRIES).toBe(2000);
  });

  it('waits 50 ms for a new analytics answer and computes two at once unless told', () => {
    expect(loadConfig({})).toMatchObject({ ANALYTICS_FRESH_WAIT_MS: 50, ANALYTICS_COMPUTE_CONCURRENCY: 2 });
    expect(loadConfig({ ANALYTICS_FRESH_WAIT_MS: '0', ANALYTICS_COMPUTE_CONCURRENCY: '8' })).toMatchObject({
      ANALYTICS_FRESH_WAIT_MS: 0,
      ANALYTICS_COMPUTE_CONCURRENCY: 8,
    });
  });

  it('opens twice the cores plus two connections to PostgreSQL unless told, at least 4 and at most 20', () => {
    expect([1, 2, 4, 8, 9, 64].map((cores) => defaultPoolSize(cores))).toEqual([4, 6, 10, 18, 20, 20]);
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(defaultPoolSize(availableParallelism()));
    expect(loadConfig({ DATABASE_POOL_SIZE: '30' }).DATABASE_POOL_SIZE).toBe(30);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, seedDemo: true });
  });
});
