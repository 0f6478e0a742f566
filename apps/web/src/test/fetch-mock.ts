import { defaultBranding } from '@music-review/core/branding';
import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES } from '@music-review/core/notifications';
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  /** Path with the query string, e.g. /auth/v1/token?grant_type=password */
  path: string;
  body: unknown;
  headers: Headers;
}

type Reply = Response | ((request: RecordedRequest) => Response | Promise<Response>);

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** The server's error shape. */
export const apiError = (
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
  /** The problems by field, as the server lists them (core/api-errors.ts). */
  fields?: Record<string, string>,
) => json(status, { error: { code, message, ...(fields ? { fields } : {}) } }, headers);

/**
 * What the signed-in shell asks on every page (the bell, the presence heartbeat, the user menu's
 * team list), answered empty unless a test routes them itself.
 */
const SHELL_ROUTES: Record<string, () => Response> = {
  'GET /api/v1/notifications': () => json(200, { notifications: [], unread_count: 0, next_cursor: null }),
  'PUT /api/v1/presence': () => json(200, { status: 'online', last_seen: '2025-01-01T00:00:00.000Z' }),
  'GET /api/v1/presence': () => json(200, { members: [], online_count: 0 }),
  // The profile page's notification settings: every type, email off.
  'GET /api/v1/notification-preferences': () =>
    json(200, {
      preferences: NOTIFICATION_TYPES.map((type) => ({
        type,
        label: NOTIFICATION_TYPE_LABELS[type],
        email: false,
      })),
    }),
  'GET /api/v1/messages/unread-count': () => json(200, { count: 0 }),
  // The user menu asks whether the member is support staff: not unless a test says so.
  'GET /api/v1/support/conversations': () => apiError(404, 'not_found', 'Not found'),
  // The landing pages (/ after sign-in and onboarding, /home, /feedback), empty.
  'GET /api/v1/hub': () =>
    json(200, {
      counts: { pending_reviews: 0, awaiting_decision: 0, signed_songs: 0, open_contracts: 0, open_forms: 0 },
      usage: { plan_name: 'Pro', tracks_last_30_days: 0, track_limit: -1, members: 1, user_limit: 10 },
      team: [],
      activity: [],
      decisions: [],
    }),
  'GET /api/v1/home': () =>
    json(200, { pending_reviews: [], notifications: [], unread_notification_count: 0, mentions: [] }),
  'GET /api/v1/feedback': () => json(200, []),
  // The profile page's sessions list (/profile), empty.
  'GET /api/v1/profile/sessions': () => json(200, []),
  // A label without branding: the defaults.
  'GET /api/v1/branding': () => json(200, defaultBranding()),
};

/**
 * Replaces globalThis.fetch with a fake server. Routes are 'METHOD /path' (the query string counts
 * when given); a route with an array answers its replies in turn and repeats the last. A request
 * without a route fails the test (through console.error) and gets a 404.
 */
export function mockFetch(routes: Record<string, Reply | Reply[]>) {
  const requests: RecordedRequest[] = [];
  const calls = new Map<string, number>();

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    const rawBody = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method,
      path,
      body: rawBody ? JSON.parse(rawBody) : undefined,
      headers: new Headers(init.headers),
    };
    requests.push(request);

    const key = `${method} ${path}` in routes ? `${method} ${path}` : `${method} ${url.pathname}`;
    const route = routes[key] ?? SHELL_ROUTES[`${method} ${url.pathname}`];
    if (!route) {
      console.error(`Unhandled request in test: ${method} ${path}`);
      return json(404, { error: { code: 'not_found', message: 'Not found' } });
    }
    let reply: Reply;
    if (Array.isArray(route)) {
      const n = calls.get(key) ?? 0;
      calls.set(key, n + 1);
      reply = route[Math.min(n, route.length - 1)]!;
    } else {
      reply = route;
    }
    const response = typeof reply === 'function' ? await reply(request) : reply.clone();
    return response;
  });

  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** Requests to a 'METHOD /path' (query string ignored unless given). */
    requestsTo(route: string) {
      const [method, target] = route.split(' ');
      return requests.filter(
        (r) =>
          r.method === method &&
          (target?.includes('?') ? r.path === target : r.path.split('?')[0] === target),
      );
    },
  };
}
