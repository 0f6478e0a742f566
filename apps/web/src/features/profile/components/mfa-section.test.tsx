import type { Factor } from '@music-review/core/auth';
import { MFA_MESSAGES, type TotpEnrollmentDto } from '@music-review/core/mfa';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  makeAccessToken,
  makeClientSession,
  makeMe,
  makeSessionResponse,
  makeUser,
} from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { MfaSection } from './mfa-section';

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

const meWith = (factors: Factor[]) => ({ ...makeMe(), user: makeUser({ factors }) });

const enrollment: TotpEnrollmentDto = {
  id: 'factor-1',
  type: 'totp',
  friendly_name: 'Authenticator app',
  totp: {
    qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    uri: 'otpauth://totp/Music%20Review:ada%40label.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
};

function renderSection(routes: Parameters<typeof mockFetch>[0]) {
  const server = mockFetch(routes);
  const user = userEvent.setup({ delay: null });
  const utils = renderWithProviders(<MfaSection />, { session: makeClientSession() });
  return { server, user, ...utils };
}

const codeInput = () => screen.getByLabelText(MFA_MESSAGES.codeLabel) as HTMLInputElement;

describe('the two-factor section of the profile', () => {
  it('says two-factor authentication is off when the account has no factor', async () => {
    renderSection({ 'GET /api/v1/me': json(200, meWith([])) });
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(await screen.findByText(/Two-factor authentication is off/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add authenticator app' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add phone' })).toBeTruthy();
  });

  it('enrolls an authenticator app: QR code and secret, a wrong code kept with its message, then verified', async () => {
    const verified = makeSessionResponse({
      user: makeUser({ factors: [makeFactor()] }),
      token: makeAccessToken({ aal: 'aal2' }),
    });
    const { server, user, authStore } = renderSection({
      'GET /api/v1/me': [
        json(200, meWith([])),
        json(200, meWith([makeFactor({ status: 'unverified' })])),
        json(200, meWith([makeFactor()])),
      ],
      'POST /auth/v1/factors': json(200, enrollment),
      'POST /auth/v1/factors/factor-1/challenge': json(200, {
        id: 'challenge-1',
        type: 'totp',
        expires_at: 1_900_000_000,
      }),
      'POST /auth/v1/factors/factor-1/verify': [
        apiError(422, 'mfa_verification_failed', MFA_MESSAGES.codeWrong),
        json(200, verified),
      ],
    });

    await screen.findByText(/Two-factor authentication is off/);
    await user.click(screen.getByRole('button', { name: 'Add authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add authenticator app' });
    const qr = (await within(dialog).findByRole('img', {
      name: 'QR code for your authenticator app',
    })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(enrollment.totp.qr_code);
    expect((within(dialog).getByLabelText('Secret key') as HTMLInputElement).value).toBe(
      enrollment.totp.secret,
    );
    expect(server.requestsTo('POST /auth/v1/factors')[0]?.body).toEqual({ factor_type: 'totp' });

    await user.type(codeInput(), '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MFA_MESSAGES.codeWrong);
    expect(codeInput().value).toBe('999999');

    await user.clear(codeInput());
    await user.type(codeInput(), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(MFA_MESSAGES.added)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const list = await screen.findByRole('list', { name: 'Your factors' });
    expect(await within(list).findByText('Verified')).toBeTruthy();
    expect(within(list).getByText('Authenticator app', { selector: '.font-medium' })).toBeTruthy();
    expect(server.requestsTo('POST /auth/v1/factors/factor-1/verify').at(-1)?.body).toEqual({
      challenge_id: 'challenge-1',
      code: '123456',
    });
    // The session is now aal2; a verified factor was not removed on closing.
    expect(authStore.getState().session?.aal).toBe('aal2');
    expect(server.requestsTo('DELETE /auth/v1/factors/factor-1')).toHaveLength(0);
  }, 20_000);

  it('removes the unfinished factor when the set-up is cancelled', async () => {
    const { server, user } = renderSection({
      'GET /api/v1/me': json(200, meWith([])),
      'POST /auth/v1/factors': json(200, enrollment),
      'DELETE /auth/v1/factors/factor-1': json(200, { id: 'factor-1' }),
    });
    await screen.findByText(/Two-factor authentication is off/);
    await user.click(screen.getByRole('button', { name: 'Add authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add authenticator app' });
    await within(dialog).findByLabelText('Secret key');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await expect.poll(() => server.requestsTo('DELETE /auth/v1/factors/factor-1').length).toBe(1);
  }, 15_000);

  it('adds a phone: checks the number, texts a code and verifies it', async () => {
    const phoneFactor = {
      id: 'factor-2',
      type: 'phone',
      friendly_name: 'Phone •••• 0958',
      phone: '+442079460958',
    };
    const { server, user } = renderSection({
      'GET /api/v1/me': json(200, meWith([])),
      'POST /auth/v1/factors': json(200, phoneFactor),
      'POST /auth/v1/factors/factor-2/challenge': json(200, {
        id: 'challenge-9',
        type: 'phone',
        expires_at: 1_900_000_000,
      }),
      'POST /auth/v1/factors/factor-2/verify': json(
        200,
        makeSessionResponse({ token: makeAccessToken({ aal: 'aal2' }) }),
      ),
    });

    await screen.findByText(/Two-factor authentication is off/);
    await user.click(screen.getByRole('button', { name: 'Add phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add phone' });
    await user.type(within(dialog).getByLabelText('Phone number'), '0207 946');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(MFA_MESSAGES.phoneInvalid);
    expect(server.requestsTo('POST /auth/v1/factors')).toHaveLength(0);

    const phone = within(dialog).getByLabelText('Phone number') as HTMLInputElement;
    await user.clear(phone);
    await user.type(phone, '+44 20 7946 0958');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(/We texted a 6-digit code to \+442079460958/)).toBeTruthy();
    expect(server.requestsTo('POST /auth/v1/factors')[0]?.body).toEqual({
      factor_type: 'phone',
      phone: '+442079460958',
    });

    await user.type(codeInput(), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MFA_MESSAGES.added)).toBeTruthy();
    expect(server.requestsTo('POST /auth/v1/factors/factor-2/verify')[0]?.body).toEqual({
      challenge_id: 'challenge-9',
      code: '246810',
    });
  }, 20_000);

  it('removes a factor after confirmation', async () => {
    const { server, user } = renderSection({
      'GET /api/v1/me': [json(200, meWith([makeFactor()])), json(200, meWith([]))],
      'DELETE /auth/v1/factors/factor-1': json(200, { id: 'factor-1' }),
    });

    await user.click(await screen.findByRole('button', { name: 'Remove Authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Authenticator app?' });
    expect(dialog.textContent).toContain('Two-factor authentication will be off');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.requestsTo('DELETE /auth/v1/factors/factor-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Authenticator app' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Authenticator app?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    expect(await screen.findByText(MFA_MESSAGES.removed)).toBeTruthy();
    expect(await screen.findByText(/Two-factor authentication is off/)).toBeTruthy();
    expect(server.requestsTo('DELETE /auth/v1/factors/factor-1')).toHaveLength(1);
  }, 15_000);
});
