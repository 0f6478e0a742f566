import { resendSignupEmail, updateAuthUser } from '@music-review/core/contracts/auth';
import { createOrganization, getMe, joinOrganization } from '@music-review/core/contracts/organizations';
import { listMyReviews, submitMyReview } from '@music-review/core/contracts/reviews';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch } from '../test/fetch-mock';
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE, queryString } from './api-client';

function sessionSource(tokens: string[]) {
  let current = tokens[0] ?? null;
  const refreshSession = vi.fn(async () => {
    current = tokens[1] ?? null;
    return current ? { accessToken: current } : null;
  });
  return { getAccessToken: () => current, refreshSession };
}

describe('api client', () => {
  it('sends JSON with the bearer token and reads JSON back', async () => {
    const server = mockFetch({ 'POST /api/v1/organizations': json(201, { id: 't-1' }) });
    const api = createApiClient(sessionSource(['token-a']));

    await expect(api.call(createOrganization, { body: { name: 'x' } })).resolves.toEqual({ id: 't-1' });
    const request = server.requests[0]!;
    expect(request.headers.get('Authorization')).toBe('Bearer token-a');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.body).toEqual({ name: 'x' });
  });

  it("turns the server's error shape into an ApiError", async () => {
    mockFetch({
      'POST /api/v1/organizations/join': apiError(
        409,
        'already_member',
        'You are already a member of an organization',
      ),
    });
    const api = createApiClient(sessionSource(['token-a']));

    const error = await api.call(joinOrganization, { body: { invite_code: 'ABC' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'already_member',
      message: 'You are already a member of an organization',
      status: 409,
    });
  });

  it('reads Retry-After on a rate-limited answer', async () => {
    mockFetch({
      'POST /auth/v1/resend': apiError(429, 'rate_limited', 'Slow down', { 'Retry-After': '30' }),
    });
    const api = createApiClient(sessionSource([]));
    await expect(
      api.call(resendSignupEmail, { body: { type: 'signup', email: 'a@b.test' } }),
    ).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 30,
    });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const api = createApiClient(sessionSource([]));
    await expect(api.call(getMe)).rejects.toMatchObject({
      code: 'network_error',
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('refreshes once on a 401 from /api and retries with the new token', async () => {
    const server = mockFetch({
      'GET /api/v1/me': (request) =>
        request.headers.get('Authorization') === 'Bearer token-b'
          ? json(200, { ok: true })
          : apiError(401, 'unauthorized', 'Not authenticated. Please log in to continue.'),
    });
    const source = sessionSource(['token-a', 'token-b']);
    const api = createApiClient(source);

    await expect(api.call(getMe)).resolves.toEqual({ ok: true });
    expect(source.refreshSession).toHaveBeenCalledTimes(1);
    expect(server.requests.map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer token-a',
      'Bearer token-b',
    ]);
  });

  it('gives up after one retry, and when the refresh signs the user out', async () => {
    const server = mockFetch({
      'GET /api/v1/me': apiError(401, 'unauthorized', 'Not authenticated. Please log in to continue.'),
    });
    const stillFailing = createApiClient(sessionSource(['token-a', 'token-b']));
    await expect(stillFailing.call(getMe)).rejects.toMatchObject({ status: 401 });
    expect(server.requests).toHaveLength(2);

    const signedOut = sessionSource(['token-a']);
    await expect(createApiClient(signedOut).call(getMe)).rejects.toMatchObject({ status: 401 });
    expect(signedOut.refreshSession).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(3);
  });

  it('refreshes the session on 403 mfa_required (a factor verified elsewhere) and still fails the call', async () => {
    mockFetch({
      'GET /api/v1/me': apiError(403, 'mfa_required', 'Enter the code from your second factor to continue.'),
    });
    const source = sessionSource(['token-a', 'token-a']);
    await expect(createApiClient(source).call(getMe)).rejects.toMatchObject({
      status: 403,
      code: 'mfa_required',
    });
    expect(source.refreshSession).toHaveBeenCalledTimes(1);
  });

  it('does not refresh for a 401 outside /api (wrong password change token, logout...)', async () => {
    mockFetch({
      'PUT /auth/v1/user': apiError(401, 'unauthorized', 'Not authenticated. Please log in to continue.'),
    });
    const source = sessionSource(['token-a', 'token-b']);
    await expect(
      createApiClient(source).call(updateAuthUser, { body: { password: 'x' } }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(source.refreshSession).not.toHaveBeenCalled();
  });

  it('calls an endpoint of its contract: the path filled from params, the body as declared, the answer as sent', async () => {
    const review = { id: 'r-1', musical_score: 7 };
    const server = mockFetch({ 'PUT /api/v1/songs/a%2Fb/reviews/mine': json(201, review) });
    const api = createApiClient(sessionSource(['token-a']));

    const body = { musical_score: 7, artist_score: 6, overall_score: 8 };
    await expect(api.call(submitMyReview, { params: { id: 'a/b' }, body })).resolves.toEqual(review);
    expect(server.requests[0]!.body).toEqual(body);
    expect(server.requests[0]!.headers.get('Authorization')).toBe('Bearer token-a');
  });

  it("puts a contract's query in the query string and sends no body with a GET", async () => {
    const server = mockFetch({
      'GET /api/v1/review-dashboard/reviewed?cursor=2026-11-01%7Cx%26y': json(200, { reviewed: [] }),
    });
    const api = createApiClient(sessionSource(['token-a']));

    await api.call(listMyReviews, { query: { cursor: '2026-11-01|x&y' } });
    expect(server.requests[0]!.method).toBe('GET');
    expect(server.requests[0]!.body).toBeUndefined();
  });

  it('writes query strings without empty values and with repeated keys for lists', () => {
    expect(queryString({ q: 'a b', page: 2, ready: true, none: undefined, gone: null })).toBe(
      '?q=a+b&page=2&ready=true',
    );
    expect(queryString({ status: ['signed', 'passed'] })).toBe('?status=signed&status=passed');
    expect(queryString({})).toBe('');
  });
});
