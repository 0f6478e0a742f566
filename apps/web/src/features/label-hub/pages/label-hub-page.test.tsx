import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeMe, makeOrganization } from '../../../test/factories';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

describe('label hub', () => {
  it('shows the label, its plan and members, and lets an admin copy the invitation code', async () => {
    const organization = makeOrganization({
      name: 'Acme Records',
      plan_name: 'Starter',
      user_limit: 3,
      track_limit: 25,
      member_count: 2,
      invite_code: 'ACME-7Q2X',
    });
    const me = makeMe({ organization, reviewer: { is_admin: true } });
    mockFetch({ 'GET /api/v1/me': json(200, me), 'GET /api/v1/organization': json(200, organization) });
    const writeText = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup({ delay: null });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    renderApp({ route: '/label-hub', session: makeClientSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeTruthy();
    expect(await screen.findByText("Here's Acme Records at a glance.")).toBeTruthy();
    expect(screen.getByText('Up to 25 tracks')).toBeTruthy();
    expect(screen.getByText('of 3 seats on your plan')).toBeTruthy();
    expect(screen.getByText('ACME-7Q2X')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copy invitation code' }));
    expect(writeText).toHaveBeenCalledWith('ACME-7Q2X');
    expect(await screen.findByText('Invitation code copied')).toBeTruthy();
  });

  it('shows no invitation code to a member', async () => {
    const organization = makeOrganization();
    mockFetch({
      'GET /api/v1/me': json(200, makeMe({ organization })),
      'GET /api/v1/organization': json(200, organization),
    });
    renderApp({ route: '/', session: makeClientSession() });
    expect(await screen.findByText("Here's Midnight Records at a glance.")).toBeTruthy();
    expect(screen.getByText('Unlimited tracks')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy invitation code' })).toBeNull();
  });
});
