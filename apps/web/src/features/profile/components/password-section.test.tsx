import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { PasswordSection } from './password-section';

// The strength meter's estimator loads on the first keystroke (a big module, transformed once per
// test file): loaded up front here, so no test's typing is timed with it.
beforeAll(async () => {
  await import('@music-review/core/password-strength');
}, 60_000);

describe('profile: the new password’s strength', () => {
  it('shows a meter with why a guessable password is refused, and sends nothing', async () => {
    const server = mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<PasswordSection accountWords={['ada@label.test', 'Ada Lovelace']} />);

    await user.type(screen.getByLabelText('Current password'), 'quiet-lantern-harbor-62');
    await user.type(screen.getByLabelText('New password'), 'password');
    await user.type(screen.getByLabelText('Confirm new password'), 'password');

    const meter = await screen.findByRole('meter', { name: 'Strength' });
    expect(meter.getAttribute('aria-valuetext')).toBe('Very weak');
    expect(screen.getByText(/^Strength:/).closest('p')?.textContent).toBe(
      'Strength: Very weak — This password is too easy to guess. This is a heavily used password.',
    );

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const error = screen.getByRole('alert');
    expect(error.textContent).toContain('This is a heavily used password.');
    expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toContain(error.id);
    expect(server.requestsTo('PUT /auth/v1/user')).toHaveLength(0);
  });

  it('counts the account’s own name as guessable', async () => {
    mockFetch({});
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<PasswordSection accountWords={['kaleidoscope@north-star-records.test']} />);
    await user.type(screen.getByLabelText('New password'), 'north-star-records');
    const meter = await screen.findByRole('meter', { name: 'Strength' });
    expect(['Very weak', 'Weak', 'Fair']).toContain(meter.getAttribute('aria-valuetext'));
  });

  it('shows the server’s weak_password answer under the new password', async () => {
    const message = 'This password is too easy to guess. This is similar to a commonly used password.';
    mockFetch({ 'PUT /auth/v1/user': [apiError(422, 'weak_password', message), json(200, makeMe().user)] });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<PasswordSection />);

    await user.type(screen.getByLabelText('Current password'), 'quiet-lantern-harbor-62');
    await user.type(screen.getByLabelText('New password'), 'violet-harbor-71');
    await user.type(screen.getByLabelText('Confirm new password'), 'violet-harbor-71');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe(message);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });
});
