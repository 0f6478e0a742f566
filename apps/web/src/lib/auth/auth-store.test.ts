import { SESSION_HINT_COOKIE } from '@music-review/core/session-hint';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAccessToken, makeClientSession, makeSessionResponse, makeUser } from '../../test/factories';
import { apiError, json, mockFetch } from '../../test/fetch-mock';
import { type AuthEvent, AuthStore, REFRESH_TICK_MS } from './auth-store';

const REFRESH = 'POST /auth/v1/token?grant_type=refresh_token';
const stores: AuthStore[] = [];
function createStore(...args: ConstructorParameters<typeof AuthStore>) {
  const store = new AuthStore({ channelName: null, ...args[0] });
  stores.push(store);
  return store;
}
function recordEvents(store: AuthStore) {
  const events: AuthEvent[] = [];
  store.onAuthStateChange((event) => events.push(event));
  return events;
}
function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The readable cookie the server sets beside the refresh cookie: this browser may hold a session. */
function holdSessionHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
}

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
  document.cookie = `${SESSION_HINT_COOKIE}=; max-age=0; path=/`;
  for (const store of stores.splice(0)) store.dispose();
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(navigator, 'locks');
});

describe('auth store: restoring on start', () => {
  beforeEach(holdSessionHint);

  it('restores the session with an empty refresh body and the cookie', async () => {
    const response = makeSessionResponse();
    const server = mockFetch({ [REFRESH]: json(200, response) });
    const store = createStore();
    const events = recordEvents(store);
    expect(store.getState().status).toBe('loading');

    await store.initialize();

    expect(store.getState().status).toBe('signed_in');
    expect(store.getAccessToken()).toBe(response.access_token);
    expect(events).toEqual(['INITIAL_SESSION']);
    const [request] = server.requestsTo(REFRESH);
    expect(request?.body).toEqual({});
    expect(server.fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('is signed out when the cookie is missing or spent (400/401)', async () => {
    mockFetch({ [REFRESH]: apiError(400, 'invalid_grant', 'Invalid Refresh Token') });
    const store = createStore();
    await store.initialize();
    expect(store.getState()).toEqual({ status: 'signed_out', session: null });
  });

  it('restores only once however often it is asked', async () => {
    const server = mockFetch({ [REFRESH]: json(200, makeSessionResponse()) });
    const store = createStore();
    await Promise.all([store.initialize(), store.initialize()]);
    await store.initialize();
    expect(server.requestsTo(REFRESH)).toHaveLength(1);
  });

  it('recognises a password-reset session from its token', async () => {
    mockFetch({ [REFRESH]: json(200, makeSessionResponse({ isRecovery: true })) });
    const store = createStore();
    await store.initialize();
    expect(store.getState().session?.isRecovery).toBe(true);
  });
});

describe('auth store: a browser that holds no session', () => {
  it('asks the server nothing on start and is signed out at once', async () => {
    const server = mockFetch({ [REFRESH]: apiError(400, 'invalid_grant', 'Refresh Token Not Found') });
    const store = createStore();
    const events = recordEvents(store);

    await store.initialize();

    expect(store.getState()).toEqual({ status: 'signed_out', session: null });
    expect(events).toEqual(['INITIAL_SESSION']);
    expect(server.requestsTo(REFRESH)).toHaveLength(0);
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('forgets the hint when the server refuses the refresh cookie, so the next load asks nothing', async () => {
    holdSessionHint();
    const server = mockFetch({ [REFRESH]: apiError(400, 'invalid_grant', 'Invalid Refresh Token') });
    await createStore().initialize();
    expect(server.requestsTo(REFRESH)).toHaveLength(1);
    expect(document.cookie).not.toContain(`${SESSION_HINT_COOKIE}=1`);

    await createStore().initialize();
    expect(server.requestsTo(REFRESH)).toHaveLength(1);
  });
});

describe('auth store: refreshing', () => {
  it('shares one request between concurrent refreshes in a tab', async () => {
    const server = mockFetch({ [REFRESH]: json(200, makeSessionResponse()) });
    const store = createStore({ initialSession: makeClientSession() });
    const [a, b] = await Promise.all([store.refreshSession(), store.refreshSession()]);
    expect(a).toBe(b);
    expect(server.requestsTo(REFRESH)).toHaveLength(1);
  });

  it('refreshes under the mr-auth-refresh Web Lock', async () => {
    mockFetch({ [REFRESH]: json(200, makeSessionResponse()) });
    const request = vi.fn((_name: string, task: () => Promise<unknown>) => task());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    const store = createStore({ initialSession: makeClientSession() });
    await store.refreshSession();
    expect(request).toHaveBeenCalledWith('mr-auth-refresh', expect.any(Function));
  });

  it('reuses the session another tab obtained while this tab waited for the lock', async () => {
    const server = mockFetch({ [REFRESH]: json(200, makeSessionResponse()) });
    let grant!: () => void;
    const granted = new Promise<void>((resolve) => {
      grant = resolve;
    });
    Object.defineProperty(navigator, 'locks', {
      value: {
        request: async (_name: string, task: () => Promise<unknown>) => {
          await granted;
          return task();
        },
      },
      configurable: true,
    });
    const channelName = `test-${Math.random()}`;
    const store = createStore({
      channelName,
      initialSession: makeClientSession({ expiresAt: Date.now() / 1000 + 20 }),
    });
    const events = recordEvents(store);

    const pending = store.refreshSession();
    // The other tab, holding the lock, refreshed and shares its session.
    const otherTab = new BroadcastChannel(channelName);
    const fresh = makeClientSession({ accessToken: makeAccessToken({ n: 2 }) });
    otherTab.postMessage({ type: 'session', event: 'TOKEN_REFRESHED', session: fresh });
    await vi.waitFor(() => expect(store.getAccessToken()).toBe(fresh.accessToken));
    grant();

    await expect(pending).resolves.toEqual(fresh);
    expect(server.requestsTo(REFRESH)).toHaveLength(0);
    expect(events).toEqual(['TOKEN_REFRESHED']);
    otherTab.close();
  });

  it('signs out when the refresh token is rejected, and keeps the session on a network failure', async () => {
    mockFetch({
      [REFRESH]: [
        json(503, { error: { code: 'unavailable', message: 'Try later' } }),
        apiError(400, 'invalid_grant', 'x'),
      ],
    });
    const store = createStore({ initialSession: makeClientSession() });
    const events = recordEvents(store);

    await expect(store.refreshSession()).rejects.toMatchObject({ status: 503 });
    expect(store.getState().status).toBe('signed_in');

    await expect(store.refreshSession()).resolves.toBeNull();
    expect(store.getState().status).toBe('signed_out');
    expect(events).toEqual(['SIGNED_OUT']);
  });
});

describe('auth store: auto-refresh', () => {
  it('refreshes on the 30 s tick once less than a minute is left', async () => {
    vi.useFakeTimers();
    const server = mockFetch({ [REFRESH]: json(200, makeSessionResponse()) });
    const store = createStore({ initialSession: makeClientSession({ expiresAt: Date.now() / 1000 + 100 }) });
    const events = recordEvents(store);
    store.startAutoRefresh();

    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS); // 70 s left
    expect(server.requestsTo(REFRESH)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS); // 40 s left
    expect(server.requestsTo(REFRESH)).toHaveLength(1);
    expect(events).toEqual(['TOKEN_REFRESHED']);
  });

  it('pauses while the page is hidden and recovers the session when it is shown again', async () => {
    vi.useFakeTimers();
    const server = mockFetch({ [REFRESH]: json(200, makeSessionResponse()) });
    const store = createStore({ initialSession: makeClientSession({ expiresAt: Date.now() / 1000 + 100 }) });
    store.startAutoRefresh();

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(5 * REFRESH_TICK_MS);
    expect(server.requestsTo(REFRESH)).toHaveLength(0);

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requestsTo(REFRESH)).toHaveLength(1);
    expect(store.getState().status).toBe('signed_in');
  });
});

describe('auth store: signing in and out', () => {
  it('signs in with the password grant and shares the session with the other tabs', async () => {
    const response = makeSessionResponse({ user: makeUser({ email: 'ada@label.test' }) });
    mockFetch({ 'POST /auth/v1/token?grant_type=password': json(200, response) });
    const channelName = `test-${Math.random()}`;
    const store = createStore({ channelName, initialSession: null });
    const otherTab = createStore({ channelName, initialSession: null });
    const otherTabEvents = recordEvents(otherTab);

    await store.signInWithPassword('ada@label.test', 'secret-123');

    expect(store.getAccessToken()).toBe(response.access_token);
    expect(JSON.stringify(store.getState())).not.toContain(response.refresh_token);
    await vi.waitFor(() => expect(otherTab.getAccessToken()).toBe(response.access_token));
    expect(otherTabEvents).toEqual(['SIGNED_IN']);
  });

  it('logs out with the bearer token, clears the session and tells the other tabs', async () => {
    const server = mockFetch({ 'POST /auth/v1/logout': json(204, null) });
    const channelName = `test-${Math.random()}`;
    const session = makeClientSession();
    const store = createStore({ channelName, initialSession: session });
    const otherTab = createStore({ channelName, initialSession: session });
    const events = recordEvents(store);

    await store.signOut();

    expect(server.requestsTo('POST /auth/v1/logout')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${session.accessToken}`,
    );
    expect(store.getState()).toEqual({ status: 'signed_out', session: null });
    expect(events).toEqual(['SIGNED_OUT']);
    await vi.waitFor(() => expect(otherTab.getState().status).toBe('signed_out'));
  });

  it('refreshes an expired token so the server still ends the session and clears the cookie', async () => {
    const fresh = makeSessionResponse({ token: makeAccessToken({ n: 2 }) });
    const server = mockFetch({
      'POST /auth/v1/logout': (request) =>
        request.headers.get('Authorization') === `Bearer ${fresh.access_token}`
          ? json(204, null)
          : apiError(401, 'unauthorized', 'Not authenticated. Please log in to continue.'),
      [REFRESH]: json(200, fresh),
    });
    const store = createStore({ initialSession: makeClientSession() });
    await store.signOut();
    expect(server.requestsTo('POST /auth/v1/logout')).toHaveLength(2);
    expect(store.getState().status).toBe('signed_out');
  });
});

describe('auth store: the MFA code step', () => {
  const VERIFY = 'POST /auth/v1/factors/factor-1/verify';

  it('answers a challenge with the bearer token and takes the aal2 session it gets', async () => {
    const aal1 = makeClientSession({ accessToken: makeAccessToken({ aal: 'aal1' }) });
    const response = makeSessionResponse({ token: makeAccessToken({ aal: 'aal2' }) });
    const server = mockFetch({ [VERIFY]: json(200, response) });
    const store = createStore({ initialSession: aal1 });
    const events = recordEvents(store);

    const session = await store.verifyMfa('factor-1', 'challenge-1', '123456');

    expect(session.aal).toBe('aal2');
    expect(store.getAccessToken()).toBe(response.access_token);
    expect(events).toEqual(['MFA_CHALLENGE_VERIFIED']);
    const [request] = server.requestsTo(VERIFY);
    expect(request?.body).toEqual({ challenge_id: 'challenge-1', code: '123456' });
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${aal1.accessToken}`);
  });

  it('keeps the aal1 session on a wrong code', async () => {
    mockFetch({ [VERIFY]: apiError(422, 'mfa_verification_failed', 'Invalid code. Please try again.') });
    const aal1 = makeClientSession();
    const store = createStore({ initialSession: aal1 });
    await expect(store.verifyMfa('factor-1', 'challenge-1', '000000')).rejects.toMatchObject({
      code: 'mfa_verification_failed',
    });
    expect(store.getState().session).toBe(aal1);
  });

  it('verifies under the refresh lock, after a refresh in flight', async () => {
    const order: string[] = [];
    mockFetch({
      [REFRESH]: async () => {
        order.push('refresh');
        return json(200, makeSessionResponse());
      },
      [VERIFY]: async () => {
        order.push('verify');
        return json(200, makeSessionResponse({ token: makeAccessToken({ aal: 'aal2' }) }));
      },
    });
    const held: string[] = [];
    const request = vi.fn(async (name: string, task: () => Promise<unknown>) => {
      held.push(name);
      return task();
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    const store = createStore({ initialSession: makeClientSession() });

    const refreshing = store.refreshSession();
    await store.verifyMfa('factor-1', 'challenge-1', '123456');
    await refreshing;
    expect(order).toEqual(['refresh', 'verify']);
    expect(held).toEqual(['mr-auth-refresh', 'mr-auth-refresh']);
    expect(store.getState().session?.aal).toBe('aal2');
  });
});
