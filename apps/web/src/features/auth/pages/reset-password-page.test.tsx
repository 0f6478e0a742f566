import { AUTH_MESSAGES } from '@music-review/core/auth';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSessionResponse } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

// The strength meter's estimator loads on the first keystroke (a big module, transformed once per
// test file): loaded up front here, so no test's typing is timed with it.
beforeAll(async () => {
  await import('@music-review/core/password-strength');
}, 60_000);

const REFRESH = 'POST /auth/v1/token?grant_type=refresh_token';

async function openResetPage(routes: Parameters<typeof mockFetch>[0]) {
  const server = mockFetch(routes);
  const user = userEvent.setup({ delay: null });
  const utils = renderApp({ route: '/reset-password' });
  return { user, server, ...utils };
}

// Typing runs the strength estimator on every keystroke: on a busy machine a few seconds more.
describe('/reset-password', { timeout: 15_000 }, () => {
  it('checks the two passwords before sending', async () => {
    const recovery = makeSessionResponse({ isRecovery: true });
    const { user, server } = await openResetPage({ [REFRESH]: json(200, recovery) });

    await user.type(await screen.findByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.passwordTooShort);

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'long-enough-1');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.passwordsDiffer);
    expect((screen.getByLabelText('Confirm Password') as HTMLInputElement).value).toBe('long-enough-2');

    expect(server.requestsTo('PUT /auth/v1/user')).toHaveLength(0);
  });

  it('shows a strength meter, and refuses a guessable password before sending', async () => {
    const recovery = makeSessionResponse({ isRecovery: true });
    const { user, server } = await openResetPage({ [REFRESH]: json(200, recovery) });

    await user.type(await screen.findByLabelText('New Password'), 'aaaaaaaa');
    await user.type(screen.getByLabelText('Confirm Password'), 'aaaaaaaa');
    expect((await screen.findByRole('meter', { name: 'Strength' })).getAttribute('aria-valuetext')).toBe(
      'Very weak',
    );
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'A password of one character repeated is easy to guess. Add more words that are less common.',
    );
    expect(server.requestsTo('PUT /auth/v1/user')).toHaveLength(0);
  });

  it('updates the password with the recovery token, then refreshes into a normal session', async () => {
    const recovery = makeSessionResponse({ isRecovery: true });
    const normal = makeSessionResponse();
    const { user, server } = await openResetPage({
      [REFRESH]: [json(200, recovery), json(200, normal)],
      'PUT /auth/v1/user': json(200, recovery.user),
    });

    await user.type(await screen.findByLabelText('New Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByRole('heading', { name: 'Password updated' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue to Music Review' }).getAttribute('href')).toBe('/');
    const put = server.requestsTo('PUT /auth/v1/user')[0];
    expect(put?.body).toEqual({ password: 'long-enough-1' });
    expect(put?.headers.get('Authorization')).toBe(`Bearer ${recovery.access_token}`);
    expect(server.requestsTo(REFRESH)).toHaveLength(2);
  });

  it('says the link is invalid when no recovery session could be restored', async () => {
    await openResetPage({ [REFRESH]: apiError(400, 'invalid_grant', 'Invalid Refresh Token') });

    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.linkInvalid);
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByLabelText('New Password')).toBeNull();
  });
});
