import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  makeClientSession,
  makeDashboard,
  makeMe,
  makeOrganization,
  makeReviewCard,
} from '../../test/factories';
import { apiError, json, mockFetch } from '../../test/fetch-mock';
import { renderApp, waitForShell } from '../../test/render';

function routesFor(me = makeMe()) {
  return {
    'GET /api/v1/me': json(200, me),
    'GET /api/v1/organization': json(200, me.organization),
  };
}

async function openShell(me = makeMe(), route = '/home', routes: Parameters<typeof mockFetch>[0] = {}) {
  const server = mockFetch({ ...routesFor(me), 'POST /auth/v1/logout': json(204, null), ...routes });
  const user = userEvent.setup({ delay: null });
  const utils = renderApp({ route, session: makeClientSession() });
  await waitForShell();
  return { user, server, ...utils };
}

function stubViewport(isDesktop: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: isDesktop,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

describe('desktop shell', () => {
  it('links to every signed-in section, with Label Hub at the bottom', async () => {
    await openShell();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    const links = within(sidebar)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Music Review', '/'],
      ['Home', '/home'],
      ['Review Dashboard', '/review-dashboard'],
      ['Add Tracks', '/add-tracks'],
      ['Overview', '/overview'],
      ['Signed Songs', '/signed-songs'],
      ['Catalogue', '/catalogue'],
      ['Artists & Writers', '/artists-writers'],
      ['Analytics', '/analytics'],
      ['Finance', '/finance'],
      ['Distribution', '/distribution'],
      ['Report bugs / Send feedback', '/feedback'],
      ['Label Hub', '/'],
    ]);
    expect(within(sidebar).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('remembers the collapsed sidebar on the device', async () => {
    const { user, unmount } = await openShell();
    const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
    expect(sidebar().className).toContain('w-72');

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar().className).toContain('w-20');
    expect(localStorage.getItem('sidebar-collapsed')).toBe('true');
    unmount();

    await openShell();
    expect(sidebar().className).toContain('w-20');
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar().className).toContain('w-72');
    expect(localStorage.getItem('sidebar-collapsed')).toBe('false');
  });

  it('follows a collapse made in another tab of the same device', async () => {
    await openShell();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    localStorage.setItem('sidebar-collapsed', 'true');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'sidebar-collapsed', newValue: 'true' }));
    });
    expect(sidebar.className).toContain('w-20');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
  });

  it('uses the label logo, and the default logo when it fails to load', async () => {
    const me = makeMe({ organization: makeOrganization({ logo_url: '/storage/logo.png' }) });
    await openShell(me);
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    const img = sidebar.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/storage/logo.png');
    img?.dispatchEvent(new Event('error'));
    // The rest of the chain is in features/branding (organization-branding.test.tsx).
    await vi.waitFor(() =>
      expect(sidebar.querySelector('img')?.getAttribute('src')).toBe('/logo-long-dark.svg'),
    );
  });

  it('shows the Pro badge and the upgrade message on Contact Support when the plan lacks chat', async () => {
    const { user } = await openShell(
      makeMe({ organization: makeOrganization({ plan_name: 'Starter', has_chat_functionality: false }) }),
      '/home',
      // The server holds the gate (the Starter trial is spent here).
      {
        'POST /api/v1/conversations': apiError(
          403,
          'plan_required',
          'Please upgrade to a plan with chat functionality to access support chat.',
        ),
      },
    );
    const support = screen.getByRole('button', { name: /Contact Support/ });
    expect(within(support).getByText('Pro')).toBeTruthy();
    await user.click(support);
    expect(
      await screen.findByText('Please upgrade to a plan with chat functionality to access support chat.'),
    ).toBeTruthy();
  });

  it('has no Pro badge on a plan with chat', async () => {
    await openShell(
      makeMe({ organization: makeOrganization({ plan_name: 'Pro', has_chat_functionality: true }) }),
    );
    expect(within(screen.getByRole('button', { name: /Contact Support/ })).queryByText('Pro')).toBeNull();
  });

  it('has the search box, dark-mode toggle, messages, notifications and the user menu', async () => {
    const { user, server } = await openShell();
    expect(screen.getByPlaceholderText('Search songs, artists, contracts, or metadata...')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Toggle dark mode' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Messages' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /User menu$/ }));
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('ada@label.test')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'View Profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe(
      '/profile#settings',
    );

    const darkMode = within(menu).getByRole('menuitemcheckbox', { name: 'Dark mode' });
    expect(darkMode.getAttribute('aria-checked')).toBe('true');
    await user.click(darkMode);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to the product' })).toBeTruthy();
    expect(server.requestsTo('POST /auth/v1/logout')).toHaveLength(1);
  });

  it('closes the user menu with Escape and moves through it with the arrow keys', async () => {
    const { user } = await openShell();
    const trigger = screen.getByRole('button', { name: /User menu$/ });
    await user.click(trigger);
    // The status choice comes first (spec section 2: name, email, status, ...).
    expect(document.activeElement?.textContent).toBe('Online');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Away');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Sign Out');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });
});

describe('messages badge', () => {
  async function openWithUnread(count: number) {
    mockFetch({ ...routesFor(), 'GET /api/v1/messages/unread-count': json(200, { count }) });
    renderApp({ route: '/home', session: makeClientSession() });
    await waitForShell();
    return screen.getByRole('button', { name: 'Messages' });
  }

  it("shows '9+' for 10 unread messages, and keeps the button's name", async () => {
    const button = await openWithUnread(10);
    await vi.waitFor(() => expect(screen.getByTestId('messages-badge').textContent).toBe('9+'));
    // Over the button, not inside it: the visible count is no part of the button's name (WCAG 2.5.3).
    expect(within(button).queryByTestId('messages-badge')).toBeNull();
    expect(button.getAttribute('aria-label')).toBe('Messages');
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '10 unread messages',
    );
  });

  it('shows the exact count up to 9', async () => {
    const nine = await openWithUnread(9);
    await vi.waitFor(() => expect(screen.getByTestId('messages-badge').textContent).toBe('9'));
    expect(nine.getAttribute('aria-label')).toBe('Messages');
  });

  it('has no badge when everything is read', async () => {
    const button = await openWithUnread(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('messages-badge')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('mobile shell', () => {
  it('has a top bar and the bottom bar with the player controls disabled', async () => {
    stubViewport(false);
    await openShell();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Messages' })).toBeTruthy();

    const bar = screen.getByRole('navigation', { name: 'Mobile navigation' });
    const controls = within(bar)
      .getAllByRole('listitem')
      .map((li) => {
        const link = li.querySelector('a');
        return link
          ? `${link.textContent} ${link.getAttribute('href')}`
          : li.querySelector('button')?.getAttribute('aria-label');
      });
    expect(controls).toEqual([
      'Add /add-tracks',
      'Review /review-dashboard',
      'Overview /overview',
      'Skip back 10 seconds',
      'Play',
      'Skip forward 10 seconds',
      'Signed /signed-songs',
      'Analytics /analytics',
      'Finance /finance',
      'Distribution /distribution',
      'Label Hub /',
    ]);
    for (const name of ['Skip back 10 seconds', 'Play', 'Skip forward 10 seconds']) {
      expect((within(bar).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('enables the bottom bar player controls once a track is loaded, and they drive it', async () => {
    stubViewport(false);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    const card = makeReviewCard({ audio_file_key: 'org-1/audio/song-1/demo.mp3' });
    mockFetch({
      ...routesFor(),
      'GET /api/v1/review-dashboard': json(200, makeDashboard({ pending: [card] })),
      'POST /functions/v1/get-signed-url': (request) => {
        const { fileKey } = request.body as { fileKey: string };
        const url = fileKey.endsWith('.json') ? 'https://cdn.test/demo.json' : 'https://cdn.test/demo.mp3';
        return json(200, { success: true, url, expiresAt: new Date(Date.now() + 3600_000).toISOString() });
      },
      'GET /demo.json': json(200, { data: [0, 255] }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp({ route: '/review-dashboard', session: makeClientSession() });
    const bar = await screen.findByRole('navigation', { name: 'Mobile navigation' });
    expect((within(bar).getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(true);

    const cardPlayer = await screen.findByRole('region', { name: 'Player for Midnight Drive' });
    await user.click(within(cardPlayer).getByRole('button', { name: 'Play' }));
    const audio = document.querySelector('audio') as HTMLAudioElement;
    await vi.waitFor(() => expect(audio.getAttribute('src')).toBe('https://cdn.test/demo.mp3'));
    Object.defineProperty(audio, 'readyState', { configurable: true, get: () => 4 });
    Object.defineProperty(audio, 'duration', { configurable: true, get: () => 120 });
    audio.dispatchEvent(new Event('loadedmetadata'));
    audio.dispatchEvent(new Event('canplay'));

    const pause = await within(bar).findByRole('button', { name: 'Pause' });
    for (const name of ['Skip back 10 seconds', 'Skip forward 10 seconds']) {
      expect((within(bar).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false);
    }
    await user.click(within(bar).getByRole('button', { name: 'Skip forward 10 seconds' }));
    expect(audio.currentTime).toBe(10);
    await user.click(pause);
    expect(within(bar).getByRole('button', { name: 'Play' })).toBeTruthy();
  });
});
