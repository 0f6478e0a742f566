import { AUTH_MESSAGES } from '@music-review/core/auth';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession, makeMe, makeSessionResponse } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { emptyFinanceRoutes } from '../../../test/finance-routes';
import { renderApp } from '../../../test/render';

// The strength meter's estimator loads on the first keystroke (a big module, transformed once per
// test file): loaded up front here, so no test's typing is timed with it.
beforeAll(async () => {
  await import('@music-review/core/password-strength');
}, 60_000);

const REFRESH = 'POST /auth/v1/token?grant_type=refresh_token';
const PASSWORD = 'POST /auth/v1/token?grant_type=password';
const signedOutOnLoad = { [REFRESH]: apiError(400, 'invalid_grant', 'Invalid Refresh Token') };

const emailInput = () => screen.getByLabelText('Email') as HTMLInputElement;
const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement;

async function openLogin(route = '/') {
  const user = userEvent.setup({ delay: null });
  const utils = renderApp({ route });
  await screen.findByRole('heading', { name: 'Welcome to the product' });
  return { user, ...utils };
}

describe('login screen', () => {
  it('is shown in place of a signed-in route after the cookie restore fails, keeping the URL', async () => {
    const server = mockFetch(signedOutOnLoad);
    const { location } = await openLogin('/review-dashboard');

    expect(location()).toBe('/review-dashboard');
    expect(server.requestsTo(REFRESH)).toHaveLength(1);
    expect(server.requestsTo(REFRESH)[0]?.body).toEqual({});
    expect(screen.getByText('Need help?', { exact: false }).textContent).toBe('Need help? Contact us!');
    expect(screen.getByRole('button', { name: 'Forgot Password?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create an account' })).toBeTruthy();
  });

  it('asks the server nothing on a first visit (no session stored) and shows the login at once', async () => {
    const server = mockFetch(signedOutOnLoad);
    renderApp({ route: '/', storedSession: false });
    await screen.findByRole('heading', { name: 'Welcome to the product' });
    expect(server.requestsTo(REFRESH)).toHaveLength(0);
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('says "Failed to establish session" when sign-in answers without a session', async () => {
    mockFetch({ ...signedOutOnLoad, [PASSWORD]: json(200, { user: { id: 'u1', email: 'ada@label.test' } }) });
    const { user } = await openLogin();

    await user.type(emailInput(), 'ada@label.test');
    await user.type(passwordInput(), 'quiet-lantern-harbor-62');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.sessionFailed);
    expect(AUTH_MESSAGES.sessionFailed).toBe('Failed to establish session');
    expect(screen.getByRole('heading', { name: 'Welcome to the product' })).toBeTruthy();
  });

  it('asks for both fields without sending a request', async () => {
    const server = mockFetch(signedOutOnLoad);
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email and password');

    await user.type(emailInput(), 'ada@label.test');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email and password');
    expect(server.requestsTo(PASSWORD)).toHaveLength(0);
  });

  it('shows the generic message for wrong credentials and keeps what was typed', async () => {
    const server = mockFetch({
      ...signedOutOnLoad,
      [PASSWORD]: apiError(400, 'invalid_credentials', 'Invalid login credentials'),
    });
    const { user } = await openLogin();

    await user.type(emailInput(), 'ada@label.test');
    await user.type(passwordInput(), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password.');
    expect(emailInput().value).toBe('ada@label.test');
    expect(passwordInput().value).toBe('wrong-password');
    expect(server.requestsTo(PASSWORD)[0]?.body).toEqual({
      email: 'ada@label.test',
      password: 'wrong-password',
    });
  });

  it("shows the server's rate-limit message instead of the generic one", async () => {
    mockFetch({
      ...signedOutOnLoad,
      [PASSWORD]: apiError(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.', {
        'Retry-After': '120',
      }),
    });
    const { user } = await openLogin();

    await user.type(emailInput(), 'ada@label.test');
    await user.type(passwordInput(), 'password-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });

  it('switches to the verify-email view for an unconfirmed email, and Back to Login resets it', async () => {
    mockFetch({
      ...signedOutOnLoad,
      [PASSWORD]: apiError(400, 'email_not_confirmed', 'Email not confirmed'),
    });
    const { user } = await openLogin();

    await user.type(emailInput(), 'new@label.test');
    await user.type(passwordInput(), 'password-1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByText('new@label.test')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Welcome to the product' })).toBeTruthy();
    expect(emailInput().value).toBe('new@label.test');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('signs in and takes the user to / with the session in memory only', async () => {
    const session = makeSessionResponse();
    const server = mockFetch({
      ...signedOutOnLoad,
      [PASSWORD]: json(200, session),
      'GET /api/v1/me': json(200, makeMe()),
      'GET /api/v1/organization': json(200, makeMe().organization),
      // Signed in on /finance, the Finance page may render for a moment before the move to / when
      // its chunk is already loaded (files share one module registry): its first requests answered.
      ...emptyFinanceRoutes,
    });
    const { user, location } = await openLogin('/finance');

    await user.type(emailInput(), '  ada@label.test ');
    await user.type(passwordInput(), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeTruthy();
    expect(location()).toBe('/');
    expect(server.requestsTo(PASSWORD)[0]?.body).toEqual({
      email: 'ada@label.test',
      password: 'correct-horse',
    });
    expect(server.requestsTo('GET /api/v1/me')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${session.access_token}`,
    );
    expect(JSON.stringify({ ...localStorage })).not.toContain(session.access_token);
    expect(JSON.stringify({ ...localStorage })).not.toContain(session.refresh_token);
  });

  it('explains an invalid or expired emailed link', async () => {
    mockFetch({});
    renderApp({ route: '/?auth_error=link_invalid', session: null });
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.linkInvalid);
  });
});

describe('forgot password', () => {
  async function openForgot(routes: Parameters<typeof mockFetch>[0] = {}) {
    const server = mockFetch(routes);
    const user = userEvent.setup({ delay: null });
    renderApp({ session: null });
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    return { user, server };
  }

  it('requires an email', async () => {
    const { user, server } = await openForgot();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email address');
    expect(server.requestsTo('POST /auth/v1/recover')).toHaveLength(0);
  });

  it('says when no account has the email', async () => {
    const { user } = await openForgot({
      'POST /auth/v1/recover': apiError(404, 'user_not_found', 'No account found with this email address'),
    });
    await user.type(emailInput(), 'nobody@label.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No account found with this email address');
    expect(emailInput().value).toBe('nobody@label.test');
  });

  it('reports other failures with the generic text', async () => {
    const { user } = await openForgot({
      'POST /auth/v1/recover': apiError(500, 'internal', 'An unexpected error occurred. Please try again.'),
    });
    await user.type(emailInput(), 'ada@label.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send password reset email');
  });

  it('confirms the mail was sent, and goes back to the login', async () => {
    const { user, server } = await openForgot({ 'POST /auth/v1/recover': json(200, {}) });
    await user.type(emailInput(), 'ada@label.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Password reset instructions have been sent to your email',
    );
    expect(server.requestsTo('POST /auth/v1/recover')[0]?.body).toEqual({ email: 'ada@label.test' });

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Welcome to the product' })).toBeTruthy();
  });
});

describe('sign-up', () => {
  async function openSignUp(routes: Parameters<typeof mockFetch>[0] = {}) {
    const server = mockFetch(routes);
    const user = userEvent.setup({ delay: null });
    renderApp({ session: null });
    await user.click(await screen.findByRole('button', { name: 'Create an account' }));
    await screen.findByRole('heading', { name: 'Create your account' });
    return { user, server };
  }

  it('validates every field before sending', async () => {
    const { user, server } = await openSignUp();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const messages = screen.getAllByRole('alert').map((el) => el.textContent);
    expect(messages).toEqual([
      'Please enter your name',
      'Please enter a valid email address',
      AUTH_MESSAGES.passwordTooShort,
    ]);
    expect(server.requestsTo('POST /auth/v1/signup')).toHaveLength(0);
  });

  it("shows the server's weak-password answer under the password and keeps the typed values", async () => {
    const message = 'This password is too easy to guess. This is similar to a commonly used password.';
    const { user } = await openSignUp({ 'POST /auth/v1/signup': apiError(422, 'weak_password', message) });
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@label.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    // The password field's own error, tied to the field.
    expect(alert.id).toMatch(/-error$/);
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toContain(alert.id);
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ada Lovelace');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('long-enough-1');
  });

  it('shows a strength meter as the password is typed, and refuses a common one before sending', async () => {
    const { user, server } = await openSignUp();
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@label.test');
    await user.type(screen.getByLabelText('Password'), '12345678');

    const meter = await screen.findByRole('meter', { name: 'Strength' });
    expect(meter.getAttribute('aria-valuetext')).toBe('Very weak');
    expect(screen.getByText(/^Strength: Very weak/).closest('p')?.textContent).toBe(
      'Strength: Very weak — This password is too easy to guess. This is a heavily used password.',
    );

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'This password is too easy to guess. This is a heavily used password. Add more words that are less common.',
    );
    expect(server.requestsTo('POST /auth/v1/signup')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'quiet-lantern-harbor-62');
    expect(screen.getByRole('meter', { name: 'Strength' }).getAttribute('aria-valuetext')).toBe('Strong');
    expect(screen.getByText(/^Strength:/).closest('p')?.textContent).toBe('Strength: Strong');
  });

  it('shows the verify-email view for the new address on success', async () => {
    const { user, server } = await openSignUp({ 'POST /auth/v1/signup': json(200, { user: {} }) });
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'Ada@Label.test');
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const heading = await screen.findByRole('heading', { name: 'Verify your email' });
    expect(within(heading.closest('div.rounded-xl') as HTMLElement).getByText('ada@label.test')).toBeTruthy();
    expect(server.requestsTo('POST /auth/v1/signup')[0]?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@label.test',
      password: 'long-enough-1',
    });
  });
});

describe('signed-in visitors', () => {
  it('never see the login screen on /auth', async () => {
    mockFetch({
      'GET /api/v1/me': json(200, makeMe()),
      'GET /api/v1/organization': json(200, makeMe().organization),
    });
    const { location } = renderApp({ route: '/auth', session: makeClientSession() });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeTruthy();
    expect(location()).toBe('/');
  });
});
