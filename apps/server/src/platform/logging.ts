import type { FastifyRequest } from 'fastify';

/**
 * What the logs may keep (decision 0013): never a request body, a password, a token, a cookie, an
 * authorization header or the values a failed SQL statement was given. Requests are logged as
 * method, path and query keys (values hidden; public-link tokens in a path hidden); errors as their
 * type, message, code and stack, with the values that drivers put in them removed.
 */

const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{32,}$/;

/** The path with token-like segments hidden, and the query's keys without their values. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? '[token]' : segment))
    .join('/');
  if (!query) return safePath;
  const keys = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${safePath}?${keys.join('&')}`;
}

/** Quoted values in a driver's message (`invalid input syntax for type uuid: "..."`). */
const QUOTED_VALUE = /: "(?:[^"\\]|\\.)*"/g;
/** The fields of a PostgreSQL error that say where, never what value. */
const PG_FIELDS = [
  'code',
  'severity',
  'table',
  'column',
  'constraint',
  'routine',
  'schema',
  'dataType',
] as const;

interface SafeError {
  type: string;
  message: string;
  stack: string;
  query?: string;
  statusCode?: number;
  cause?: SafeError;
  [field: string]: unknown;
}

/** An error as the logs keep it: no SQL parameters, no quoted values, no detail lines. */
export function sanitizeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: '[not an error]', stack: '' };
  const e = err as Error & Record<string, unknown>;
  const query = typeof e.query === 'string' && 'params' in e ? e.query : undefined;
  // Drizzle's message is "Failed query: <sql>\nparams: <values>": keep the statement only.
  const message = query ? `Failed query: ${query}` : err.message.replace(QUOTED_VALUE, ': "[redacted]"');
  const type = err.constructor?.name ?? 'Error';
  const frames = (err.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  const safe: SafeError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  if (query) safe.query = query;
  for (const field of PG_FIELDS) if (typeof e[field] === 'string') safe[field] = e[field];
  if (typeof e.statusCode === 'number') safe.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 3) safe.cause = sanitizeError(e.cause, depth + 1);
  return safe;
}

/** The logger options of the app (pino through Fastify). */
export function loggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
    // Belt and braces for anything logged by hand: these never go out, whatever the object.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.body',
        'body',
        'password',
        '*.password',
        'token',
        '*.token',
        'refresh_token',
        '*.refresh_token',
        'access_token',
        '*.access_token',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
      err: (err: unknown) => sanitizeError(err),
    },
  };
}
