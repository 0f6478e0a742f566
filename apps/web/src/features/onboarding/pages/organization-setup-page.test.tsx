import { ORGANIZATION_MESSAGES } from '@music-review/core/organization';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  makeClientSession,
  makeMe,
  makeOrganization,
  makeReviewer,
  makeSessionResponse,
} from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const withoutLabel = makeMe({ organization: null });

async function openOnboarding(routes: Parameters<typeof mockFetch>[0] = {}) {
  const server = mockFetch({ 'GET /api/v1/me': json(200, withoutLabel), ...routes });
  const user = userEvent.setup({ delay: null });
  const session = makeClientSession();
  const utils = renderApp({ route: '/organization-setup', session });
  await screen.findByRole('heading', { name: 'Welcome to Music Review' });
  return { user, server, session, ...utils };
}

const labelInput = () => screen.getByLabelText('Label Name') as HTMLInputElement;
const codeInput = () => screen.getByLabelText('Invitation Code') as HTMLInputElement;

describe('organization onboarding', () => {
  it('offers the two choices', async () => {
    await openOnboarding();
    expect(screen.getByRole('button', { name: /Start a New Label/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Join Existing Label/ })).toBeTruthy();
  });

  it('counts the label name up to 50 and applies the label-name rules before sending', async () => {
    const { user, server } = await openOnboarding();
    await user.click(screen.getByRole('button', { name: /Start a New Label/ }));

    expect(labelInput().maxLength).toBe(50);
    expect(screen.getByText('0/50')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create Label' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a label name');

    await user.type(labelInput(), 'A');
    expect(screen.getByText('1/50')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Label' }));
    expect(screen.getByRole('alert').textContent).toBe('Label name must be at least 2 characters long');

    await user.type(labelInput(), 'cme <Records>');
    await user.click(screen.getByRole('button', { name: 'Create Label' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Label name can only contain letters, numbers, spaces, and basic punctuation',
    );

    await user.type(labelInput(), 'x'.repeat(60));
    expect(labelInput().value).toHaveLength(50);
    expect(screen.getByText('50/50')).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/organizations')).toHaveLength(0);
  });

  it('clears the input and the error when leaving a sub-form', async () => {
    const { user } = await openOnboarding();
    await user.click(screen.getByRole('button', { name: /Start a New Label/ }));
    await user.type(labelInput(), 'A');
    await user.click(screen.getByRole('button', { name: 'Create Label' }));
    expect(screen.getByRole('alert')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: /Start a New Label/ }));
    expect(labelInput().value).toBe('');
    expect(screen.getByText('0/50')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: /Join Existing Label/ }));
    await user.click(screen.getByRole('button', { name: 'Join Label' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter an invitation code');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: /Join Existing Label/ }));
    expect(codeInput().value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens the join form with the code from an invitation link filled in', async () => {
    const organization = makeOrganization({ name: 'Acme Records', invite_code: 'ACME-1234' });
    const server = mockFetch({
      'GET /api/v1/me': [json(200, withoutLabel), json(200, makeMe({ organization }))],
      'POST /api/v1/organizations/join': json(200, { organization, reviewer: makeReviewer() }),
      'GET /api/v1/organization': json(200, organization),
    });
    const user = userEvent.setup({ delay: null });
    const { location } = renderApp({
      route: '/organization-setup?invite_code=ACME-1234',
      session: makeClientSession(),
    });

    // The mail's link lands on the Join sub-form, the code already in the field.
    expect(await screen.findByRole('heading', { name: 'Join Existing Label' })).toBeTruthy();
    expect(codeInput().value).toBe('ACME-1234');
    await user.click(screen.getByRole('button', { name: 'Join Label' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeTruthy();
    expect(location()).toBe('/');
    expect(server.requestsTo('POST /api/v1/organizations/join')[0]?.body).toEqual({
      invite_code: 'ACME-1234',
    });
  });

  it('keeps the invitation link through signing in, so the invitee lands on the filled join form', async () => {
    mockFetch({
      'POST /auth/v1/token?grant_type=refresh_token': apiError(400, 'invalid_grant', 'Invalid Refresh Token'),
      'POST /auth/v1/token?grant_type=password': json(200, makeSessionResponse()),
      'GET /api/v1/me': json(200, withoutLabel),
    });
    const user = userEvent.setup({ delay: null });
    const { location } = renderApp({ route: '/organization-setup?invite_code=ACME-1234' });
    await screen.findByRole('heading', { name: 'Welcome to the product' });
    await user.type(screen.getByLabelText('Email'), 'ada@label.test');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Join Existing Label' })).toBeTruthy();
    expect(codeInput().value).toBe('ACME-1234');
    expect(location()).toBe('/organization-setup?invite_code=ACME-1234');
  }, 15_000);

  it('goes Back from an invitation link to both choices', async () => {
    mockFetch({ 'GET /api/v1/me': json(200, withoutLabel) });
    const user = userEvent.setup({ delay: null });
    renderApp({ route: '/organization-setup?invite_code=ACME-1234', session: makeClientSession() });
    expect(((await screen.findByLabelText('Invitation Code')) as HTMLInputElement).value).toBe('ACME-1234');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: /Start a New Label/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Join Existing Label/ })).toBeTruthy();
  });

  it('leaves the code out and shows both choices without ?invite_code=', async () => {
    await openOnboarding();
    expect(screen.queryByLabelText('Invitation Code')).toBeNull();
  });

  it("shows the server's join errors and keeps the code", async () => {
    const { user, server } = await openOnboarding({
      'POST /api/v1/organizations/join': [
        apiError(404, 'invalid_invite_code', ORGANIZATION_MESSAGES.invalidInviteCode),
        apiError(409, 'user_limit_reached', ORGANIZATION_MESSAGES.userLimitReached(3)),
      ],
    });
    await user.click(screen.getByRole('button', { name: /Join Existing Label/ }));
    await user.type(codeInput(), ' WRONG-CODE ');
    await user.click(screen.getByRole('button', { name: 'Join Label' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid invitation code. Please check and try again.',
    );
    expect(codeInput().value).toBe(' WRONG-CODE ');
    expect(server.requestsTo('POST /api/v1/organizations/join')[0]?.body).toEqual({
      invite_code: 'WRONG-CODE',
    });

    await user.click(screen.getByRole('button', { name: 'Join Label' }));
    expect(await screen.findByText(ORGANIZATION_MESSAGES.userLimitReached(3))).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'This organization has reached its user limit (3 users). Please contact the organization admin to upgrade their plan.',
    );
  });

  it('creates the label, reloads /me and lands on the label hub', async () => {
    const organization = makeOrganization({ name: 'Acme Records', invite_code: 'ACME-1234' });
    const { user, server, location } = await openOnboarding({
      'GET /api/v1/me': [
        json(200, withoutLabel),
        json(200, makeMe({ organization, reviewer: { is_admin: true } })),
      ],
      'POST /api/v1/organizations': json(201, { organization, reviewer: makeReviewer({ is_admin: true }) }),
      'GET /api/v1/organization': json(200, organization),
    });
    await user.click(screen.getByRole('button', { name: /Start a New Label/ }));
    await user.type(labelInput(), '  Acme Records ');
    await user.click(screen.getByRole('button', { name: 'Create Label' }));

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeTruthy();
    expect(location()).toBe('/');
    expect(server.requestsTo('POST /api/v1/organizations')[0]?.body).toEqual({ name: 'Acme Records' });
    expect(server.requestsTo('GET /api/v1/me')).toHaveLength(2);
  });

  it('asks before logging out', async () => {
    const { user, server, session } = await openOnboarding({ 'POST /auth/v1/logout': json(204, null) });
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to log out?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requestsTo('POST /auth/v1/logout')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('heading', { name: 'Welcome to the product' })).toBeTruthy();
    expect(server.requestsTo('POST /auth/v1/logout')[0]?.headers.get('Authorization')).toBe(
      `Bearer ${session.accessToken}`,
    );
  });
});
