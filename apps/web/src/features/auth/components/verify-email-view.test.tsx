import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { VerifyEmailView } from './verify-email-view';

describe('verify-email view', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const resendButton = () => screen.getByRole('button', { name: /Resend/ }) as HTMLButtonElement;

  it('names the address, and disables the resend for 60 seconds after a successful resend', async () => {
    const server = mockFetch({ 'POST /auth/v1/resend': json(200, {}) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<VerifyEmailView email="ada@label.test" onBack={() => {}} />);

    expect(screen.getByText('ada@label.test')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'Verification email sent! Please check your inbox.',
    );
    expect(resendButton().textContent).toBe('Resend available in 60s');
    expect(resendButton().disabled).toBe(true);
    expect(server.requestsTo('POST /auth/v1/resend')[0]?.body).toEqual({
      type: 'signup',
      email: 'ada@label.test',
    });

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(resendButton().textContent).toBe('Resend available in 59s');

    await user.click(resendButton());
    expect(server.requestsTo('POST /auth/v1/resend')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(resendButton().textContent).toBe('Resend verification email');
    expect(resendButton().disabled).toBe(false);
  });

  it('says when the resend failed and lets the user try again', async () => {
    mockFetch({
      'POST /auth/v1/resend': apiError(500, 'internal', 'An unexpected error occurred. Please try again.'),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<VerifyEmailView email="ada@label.test" onBack={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to resend verification email');
    expect(resendButton().disabled).toBe(false);
  });

  it("waits out the server's cooldown when the resend was refused as too soon", async () => {
    mockFetch({
      'POST /auth/v1/resend': apiError(
        429,
        'rate_limited',
        'Too many requests. Please wait a moment and try again.',
        {
          'Retry-After': '42',
        },
      ),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<VerifyEmailView email="ada@label.test" onBack={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(resendButton().textContent).toBe('Resend available in 42s');
  });
});
