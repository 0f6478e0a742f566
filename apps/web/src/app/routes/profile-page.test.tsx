import type { SessionDto } from '@music-review/core/profile';
import type { TeamDto } from '@music-review/core/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeMe, makeOrganization } from '../../test/factories';
import { apiError, json, mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

// Sections other features build: stand-ins here, so these tests see only where the page puts them.
vi.mock('../../features/notifications/components/notification-preferences', () => ({
  NotificationPreferences: () => <div data-testid="notification-preferences" />,
}));
vi.mock('../../features/branding/components/branding-editor', () => ({
  BrandingEditor: () => <div data-testid="branding-editor" />,
}));
vi.mock('../../features/profile/components/mfa-section', () => ({
  MfaSection: () => <div data-testid="mfa-section" />,
}));

beforeAll(async () => {
  await import('./profile-page');
});

function makeSession(overrides: Partial<SessionDto> = {}): SessionDto {
  return {
    id: 'session-1',
    device: 'Chrome on macOS',
    user_agent: 'Mozilla/5.0 (Macintosh) Chrome/126.0 Safari/537.36',
    ip: '203.0.113.7',
    created_at: new Date(Date.now() - 86_400_000).toISOString(),
    last_active_at: new Date().toISOString(),
    is_current: true,
    ...overrides,
  };
}

const team: TeamDto = {
  members: [
    {
      id: 'reviewer-1',
      user_id: 'user-1',
      name: 'Ada Lovelace',
      email: 'ada@label.test',
      is_admin: true,
      avatar_key: null,
      is_me: true,
    },
  ],
  invite_code: 'ACMECODE23',
  plan: { plan_name: 'Pro', track_limit: 500, tracks_last_30_days: 12, user_limit: 15, member_count: 1 },
};

type Routes = Parameters<typeof mockFetch>[0];

function serve(routes: Routes = {}, { isAdmin = false } = {}) {
  return mockFetch({
    'GET /api/v1/me': json(200, makeMe({ reviewer: { is_admin: isAdmin } })),
    'GET /api/v1/profile/sessions': json(200, [makeSession()]),
    ...routes,
  });
}

const open = (route = '/profile') => renderApp({ route, session: makeClientSession() });

describe('profile: name', () => {
  it('saves a new name, which the user menu then shows', async () => {
    const user = userEvent.setup({ delay: null });
    const renamed = makeMe({ reviewer: { name: 'Ada King' } });
    const server = serve({
      'GET /api/v1/me': [json(200, makeMe()), json(200, renamed)],
      'PATCH /api/v1/profile': json(200, {
        id: 'reviewer-1',
        name: 'Ada King',
        email: 'ada@label.test',
        avatar_key: null,
      }),
    });
    open();

    const field = await screen.findByLabelText('Name');
    expect((field as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(screen.getByText('ada@label.test')).toBeTruthy();
    expect(screen.getByText('Midnight Records')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '  Ada King ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText('Name saved')).toBeTruthy();
    expect(server.requestsTo('PATCH /api/v1/profile')[0]?.body).toEqual({ name: 'Ada King' });
    await user.click(screen.getByRole('button', { name: /User menu$/ }));
    expect(await within(screen.getByRole('menu')).findByText('Ada King')).toBeTruthy();
  });

  it('checks the name before sending, and keeps the typed text when the server refuses it', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      'PATCH /api/v1/profile': apiError(400, 'validation_failed', 'Name must be at most 100 characters'),
    });
    open();

    const field = await screen.findByLabelText('Name');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    expect(server.requestsTo('PATCH /api/v1/profile')).toHaveLength(0);

    await user.type(field, 'Countess of Lovelace');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name must be at most 100 characters')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('Countess of Lovelace');
  });
});

describe('profile: photo', () => {
  const PHOTO_KEY = 'org-1/images/avatar-reviewer-1/photo-1.png';

  it('uploads a PNG through a presigned URL and shows it in the user menu button', async () => {
    const user = userEvent.setup({ delay: null });
    const withPhoto = makeMe({ reviewer: { avatar_key: PHOTO_KEY } });
    const server = serve({
      'GET /api/v1/me': [json(200, makeMe()), json(200, withPhoto)],
      'POST /functions/v1/generate-presigned-url': json(200, {
        success: true,
        data: { presignedUrl: 'http://localhost/upload/avatar?sig=1', key: PHOTO_KEY },
      }),
      'PUT /upload/avatar': json(200, { success: true }),
      'PUT /api/v1/profile/avatar': json(200, {
        id: 'reviewer-1',
        name: 'Ada Lovelace',
        email: 'ada@label.test',
        avatar_key: PHOTO_KEY,
      }),
      'POST /functions/v1/get-signed-url': json(200, {
        success: true,
        url: 'http://localhost/files/photo-1.png',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    });
    open();

    const input = await screen.findByLabelText('Upload photo');
    await user.upload(input, new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }));

    expect(await screen.findByText('Photo updated')).toBeTruthy();
    const presign = server.requestsTo('POST /functions/v1/generate-presigned-url')[0]!.body as Record<
      string,
      string
    >;
    expect(presign).toMatchObject({ type: 'images', id: 'avatar-reviewer-1', contentType: 'image/png' });
    expect(presign.filename).toMatch(/^photo-\d+\.png$/);
    expect(server.requestsTo('PUT /upload/avatar')[0]!.headers.get('content-type')).toBe('image/png');
    expect(server.requestsTo('PUT /api/v1/profile/avatar')[0]!.body).toEqual({ avatar_key: PHOTO_KEY });

    const menuButton = await screen.findByRole('button', { name: /User menu$/ });
    await waitFor(() =>
      expect(menuButton.querySelector('img')?.getAttribute('src')).toBe('http://localhost/files/photo-1.png'),
    );
    expect(screen.getByRole('img', { name: 'Your photo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeTruthy();
  });

  it('refuses other image types before uploading', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const server = serve();
    open();

    const input = await screen.findByLabelText('Upload photo');
    await user.upload(input, new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image')).toBeTruthy();
    expect(server.requestsTo('POST /functions/v1/generate-presigned-url')).toHaveLength(0);
  });
});

describe('profile: password', () => {
  it('asks for the current password and a matching new one before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve();
    open();

    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();

    await user.type(screen.getByLabelText('Current password'), 'old-password-1');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(server.requestsTo('PUT /auth/v1/user')).toHaveLength(0);
  });

  it('shows a wrong current password on its field and keeps what was typed; then succeeds', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      'PUT /auth/v1/user': [
        apiError(400, 'invalid_credentials', 'Your current password is incorrect'),
        json(200, makeMe().user),
      ],
    });
    open();

    const current = await screen.findByLabelText('Current password');
    await user.type(current, 'wrong-password');
    await user.type(screen.getByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your current password is incorrect')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('new-password-1');
    expect(server.requestsTo('PUT /auth/v1/user')[0]!.body).toEqual({
      password: 'new-password-1',
      current_password: 'wrong-password',
    });

    await user.clear(current);
    await user.type(current, 'right-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Your other sessions were signed out.')).toBeTruthy();
    expect((current as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('');
  });
});

describe('profile: sessions', () => {
  it('lists the sessions with this device marked, and signs one out', async () => {
    const user = userEvent.setup({ delay: null });
    const current = makeSession();
    const phone = makeSession({
      id: 'session-2',
      device: 'Safari on iPhone',
      ip: '198.51.100.4',
      last_active_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      is_current: false,
    });
    const server = serve({
      'GET /api/v1/profile/sessions': [json(200, [current, phone]), json(200, [current])],
      'DELETE /api/v1/profile/sessions/session-2': json(204, null),
    });
    open();

    const list = await screen.findByRole('list', { name: 'Sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Chrome on macOS')).toBeTruthy();
    expect(within(rows[0]!).getByText('This device')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(within(rows[1]!).getByText('198.51.100.4 · Active 5 minutes ago')).toBeTruthy();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Session signed out')).toBeTruthy();
    expect(server.requestsTo('DELETE /api/v1/profile/sessions/session-2')).toHaveLength(1);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out of all other sessions' })).toBeNull();
  });

  it('signs out of all other sessions at once', async () => {
    const user = userEvent.setup({ delay: null });
    const others = [1, 2].map((n) =>
      makeSession({ id: `session-${n + 1}`, device: 'Firefox on Windows', is_current: false }),
    );
    const server = serve({
      'GET /api/v1/profile/sessions': [json(200, [makeSession(), ...others]), json(200, [makeSession()])],
      'POST /api/v1/profile/sessions/sign-out-others': json(200, { signed_out: 2 }),
    });
    open();

    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    expect(await screen.findByText('Signed out of all other sessions')).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/profile/sessions/sign-out-others')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
  });
});

describe('profile: settings', () => {
  it('shows an admin the team administration, notification emails, two-factor and branding', async () => {
    const organization = makeOrganization({ name: 'Acme Records' });
    serve(
      {
        'GET /api/v1/me': json(200, makeMe({ organization, reviewer: { is_admin: true } })),
        'GET /api/v1/team': json(200, team),
      },
      { isAdmin: true },
    );
    open('/profile#settings');

    const settings = await screen.findByRole('region', { name: 'Settings' });
    expect(within(settings).getByTestId('notification-preferences')).toBeTruthy();
    expect(within(settings).getByTestId('branding-editor')).toBeTruthy();
    expect(await within(settings).findByText('ACMECODE23')).toBeTruthy();
    expect(
      within(settings).getByText('Who is in Acme Records, what they may do, and how new people join.'),
    ).toBeTruthy();
    expect(screen.getByTestId('mfa-section')).toBeTruthy();
    expect(within(settings).getByRole('radio', { name: 'Dark' })).toBeTruthy();
  });

  it('shows a member no team administration and never asks for it', async () => {
    const server = serve();
    open('/profile#settings');

    const settings = await screen.findByRole('region', { name: 'Settings' });
    expect(within(settings).getByTestId('notification-preferences')).toBeTruthy();
    expect(within(settings).queryByRole('heading', { name: 'Team' })).toBeNull();
    expect(within(settings).queryByTestId('branding-editor')).toBeNull();
    expect(screen.getByText('Member')).toBeTruthy();
    expect(server.requests.some((r: RecordedRequest) => r.path.startsWith('/api/v1/team'))).toBe(false);
  });
});
