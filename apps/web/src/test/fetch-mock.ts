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
) => json(status, { error: { code, message } }, headers);

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
    const route = routes[key];
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
