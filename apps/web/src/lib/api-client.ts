import type { FieldErrors } from '@music-review/core/api-errors';
import {
  type BodyOf,
  type Endpoint,
  fillPath,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@music-review/core/endpoint';

/**
 * The one way the web app talks to the server: JSON in and out, errors turned into ApiError from
 * the server's `{ "error": { "code", "message", "fields" } }` shape (core/api-errors.ts), and the
 * in-memory access token attached.
 */

export const NETWORK_ERROR_MESSAGE =
  'Unable to reach the server. Please check your connection and try again.';
const UNKNOWN_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** Seconds from a Retry-After header (rate limiting), when given. */
    readonly retryAfterSeconds?: number,
    /** The problems by field path ('title', 'parties.1.email'); empty when none names a field. */
    readonly fields: FieldErrors = {},
  ) {
    super(message);
  }

  get isNetworkError() {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** The answer's `fields`, keeping only string messages (anything else is not the API's shape). */
function readFields(value: unknown): FieldErrors {
  const fields: FieldErrors = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fields;
  for (const [path, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[path] = message;
  }
  return fields;
}

/**
 * The server's problems by field, for a form to show beside its fields: the paths as the form
 * names them (`rename` maps a server path to the form's, or to null for one the form has no field
 * for). Empty when the error is not the API's or names no field. The one way forms read them:
 * none parses message text.
 */
export function serverFieldErrors(
  error: unknown,
  rename: (path: string) => string | null = (path) => path,
): FieldErrors {
  const fields: FieldErrors = {};
  if (!isApiError(error)) return fields;
  for (const [path, message] of Object.entries(error.fields)) {
    const name = rename(path);
    if (name !== null && !(name in fields)) fields[name] = message;
  }
  return fields;
}

/** Reads an error response into an ApiError, tolerating bodies that are not the API's shape. */
export async function toApiError(response: Response): Promise<ApiError> {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined)
    ?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new ApiError(error.code, error.message, response.status, retryAfter, readFields(error.fields));
  }
  return new ApiError('http_error', UNKNOWN_ERROR_MESSAGE, response.status, retryAfter);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  accessToken?: string | null;
  /** More request headers (e.g. a public link's token for the storage functions). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A single request without any session handling (used by the auth store itself). */
export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.accessToken) headers.Authorization = `Bearer ${options.accessToken}`;

  let response: Response;
  try {
    response = await globalThis.fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      // The refresh token is an httpOnly cookie scoped to /auth/v1; same-origin sends it there.
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network_error', NETWORK_ERROR_MESSAGE, 0);
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError('invalid_response', UNKNOWN_ERROR_MESSAGE, response.status);
  }
}

/** What the client needs from the session: the current token, and a way to get a fresh one. */
export interface SessionSource {
  getAccessToken(): string | null;
  /** Resolves to the new session, or null when the user is signed out. */
  refreshSession(): Promise<unknown>;
}

/**
 * What `api.call` takes beside the endpoint: its params, query and body when it declares them (then
 * they are required), and an abort signal.
 */
export type CallInput<E extends Endpoint> = (ParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> }) & {
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };

type CallArgs<E extends Endpoint> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** The query string of a contract's query: undefined and null left out, arrays as repeated keys. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(session: SessionSource) {
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const accessToken = session.getAccessToken();
    try {
      return await requestJson<T>(path, { ...options, accessToken });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'mfa_required') {
        // A factor was verified since this session began (on another device): a refresh brings the
        // account's factors, and the app then shows the code step.
        session.refreshSession().catch(() => null);
        throw error;
      }
      // An expired or revoked token on the data API: refresh once, then retry once.
      if (!(error instanceof ApiError) || error.status !== 401 || !path.startsWith('/api/')) throw error;
      let refreshed: unknown = null;
      try {
        refreshed = await session.refreshSession();
      } catch {
        throw error;
      }
      const nextToken = session.getAccessToken();
      if (!refreshed || !nextToken) throw error;
      return requestJson<T>(path, { ...options, accessToken: nextToken });
    }
  }

  /**
   * Calls an endpoint of its contract (packages/core/src/contracts): the path filled from `params`,
   * the query and body as declared, the answer typed as the contract's success response.
   */
  function call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<ResponseOf<E>> {
    const { params, query, body, signal, headers } = (input ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      signal?: AbortSignal;
      headers?: Record<string, string>;
    };
    const url = fillPath(endpoint.path, params) + queryString(query);
    // POST, PUT and PATCH always carry a JSON body (an empty object when the contract has none).
    const sendsBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
    return request<ResponseOf<E>>(url, {
      method: endpoint.method,
      ...(sendsBody || body !== undefined ? { body: body ?? {} } : {}),
      ...(signal ? { signal } : {}),
      ...(headers ? { headers } : {}),
    });
  }

  // The one way to call the API: every request is a contract's (docs/decisions/0022).
  return { call };
}
