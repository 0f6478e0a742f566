import type { Factor } from '@music-review/core/auth';
import { MFA_MESSAGES } from '@music-review/core/mfa';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAccessToken, makeMe, makeSessionResponse, makeUser } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const REFRESH = 'POST /auth/v1/token?grant_type=refresh_token';
const PASSWORD = 'POST /auth/v1/token?grant_type=password';
const CHALLENGE = 'POST /auth/v1/factors/factor-1/challenge';
const VERIFY = 'POST /auth/v1/factors/factor-1/verify';

function makeFactor(overrides: Partial<Factor> = {}): Factor {
  return {
    id: 'factor-1',
    factor_type: 'totp',
    status: 'verified',
    friendly_name: 'Authenticator app',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The password step's answer for an account with a verified factor: an aal1 session. */
const aal1Session = (factors: Factor[] = [makeFactor()]) =>
  makeSessionResponse({ user: makeUser({ factors }), token: makeAccessToken({ aal: 'aal1' }) });
const aal2Session = (factors: Factor[] = [makeFactor()]) =>
  makeSessionResponse({ user: makeUser({ factors }), token: makeAccessToken({ aal: 'aal2' }) });

const codeInput = () => screen.getByLabelText(MFA_MESSAGES.codeLabel) as HTMLInputElement;

async function signInWithPassword(routes: Parameters<typeof mockFetch>[0]) {
  const server = mockFetch({
    [REFRESH]: apiError(400, 'invalid_grant', 'Invalid Refresh Token'),
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  const utils = renderApp({ route: '/' });
  await screen.findByRole('heading', { name: 'Welcome to the product' });
  await user.type(screen.getByLabelText('Email'), 'ada@label.test');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-factor authentication' });
  return { server, user, ...utils };
}

describe('the sign-in code step', () => {
  it('asks for the code after the password, checks its form, and keeps a wrong code with the message', async () => {
    const { server, user } = await signInWithPassword({
      [PASSWORD]: json(200, aal1Session()),
      [CHALLENGE]: json(200, { id: 'challenge-1', type: 'totp', expires_at: 1_900_000_000 }),
      [VERIFY]: apiError(422, 'mfa_verification_failed', MFA_MESSAGES.codeWrong),
    });

    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    // The app (and its data) waits: nothing asked /me with the aal1 token.
    expect(server.requestsTo('GET /api/v1/me')).toHaveLength(0);

    await user.type(codeInput(), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toBe(MFA_MESSAGES.codeFormat);
    expect(server.requestsTo(VERIFY)).toHaveLength(0);

    await user.type(codeInput(), '0');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MFA_MESSAGES.codeWrong);
    expect(codeInput().value).toBe('123450');
  }, 15_000);

  it('opens the app once the code is verified, with the aal2 session', async () => {
    const verified = aal2Session();
    const { server, user } = await signInWithPassword({
      [PASSWORD]: json(200, aal1Session()),
      [CHALLENGE]: json(200, { id: 'challenge-1', type: 'totp', expires_at: 1_900_000_000 }),
      [VERIFY]: json(200, verified),
      'GET /api/v1/me': json(200, makeMe({ organization: null })),
    });

    await user.type(codeInput(), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Welcome to Music Review' })).toBeTruthy();
    expect(server.requestsTo(VERIFY)[0]?.body).toEqual({ challenge_id: 'challenge-1', code: '123456' });
    expect(server.requestsTo(VERIFY)[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(server.requestsTo('GET /api/v1/me')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${verified.access_token}`,
    );
  }, 15_000);

  it("shows the server's rate-limit message", async () => {
    const { user } = await signInWithPassword({
      [PASSWORD]: json(200, aal1Session()),
      [CHALLENGE]: json(200, { id: 'challenge-1', type: 'totp', expires_at: 1_900_000_000 }),
      [VERIFY]: apiError(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.', {
        'Retry-After': '60',
      }),
    });
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });

  it('texts the code first for a phone factor and verifies it against that challenge', async () => {
    const phone = makeFactor({ factor_type: 'phone', friendly_name: 'Phone •••• 0958' });
    const { server, user } = await signInWithPassword({
      [PASSWORD]: json(200, aal1Session([phone])),
      [CHALLENGE]: json(200, { id: 'challenge-7', type: 'phone', expires_at: 1_900_000_000 }),
      [VERIFY]: json(200, aal2Session([phone])),
      'GET /api/v1/me': json(200, makeMe({ organization: null })),
    });

    expect(screen.getByText('We’ll text a 6-digit code to Phone •••• 0958.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(MFA_MESSAGES.stepPromptPhone)).toBeTruthy();
    expect(server.requestsTo(CHALLENGE)).toHaveLength(1);

    await user.type(codeInput(), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Music Review' })).toBeTruthy();
    // The texted code's challenge, not a new one.
    expect(server.requestsTo(CHALLENGE)).toHaveLength(1);
    expect(server.requestsTo(VERIFY)[0]?.body).toEqual({ challenge_id: 'challenge-7', code: '654321' });
  }, 15_000);

  it('shows the code step when a reload restores an aal1 session, and Sign out goes back to the login', async () => {
    const server = mockFetch({
      [REFRESH]: json(200, aal1Session()),
      'POST /auth/v1/logout': json(204, null),
    });
    const user = userEvent.setup({ delay: null });
    renderApp({ route: '/review-dashboard' });

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to the product' })).toBeTruthy();
    expect(server.requestsTo('POST /auth/v1/logout')).toHaveLength(1);
  });

  it('asks nothing more of an account whose factors are all unverified', async () => {
    mockFetch({
      [REFRESH]: json(200, aal1Session([makeFactor({ status: 'unverified' })])),
      'GET /api/v1/me': json(200, makeMe({ organization: null })),
    });
    renderApp({ route: '/organization-setup' });
    expect(await screen.findByRole('heading', { name: 'Welcome to Music Review' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Two-factor authentication' })).toBeNull();
  });
});
