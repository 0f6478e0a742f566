import { type BrandingDto, defaultBranding, emptyPalette } from '@music-review/core/branding';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeMe, makeOrganization } from '../../../test/factories';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

function makeBranding(overrides: Partial<BrandingDto> = {}): BrandingDto {
  return {
    ...defaultBranding(),
    source: 'v2',
    is_enabled: true,
    app_name: 'Nova Hub',
    logo_key: 'org-1/images/branding-logo/logo.png',
    logo_url: 'https://files.test/logo.png',
    favicon_key: 'org-1/images/branding-favicon/icon.png',
    favicon_url: 'https://files.test/icon.png',
    light: { ...emptyPalette(), primary_color: '#e11d48', background_color: '#fff7ed' },
    dark: { ...emptyPalette(), primary_color: '#fb7185' },
    body_font_family: 'Source Sans 3',
    title_font_family: 'Playfair Display',
    corner_radius: '12px',
    shadow_intensity: 'none',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);
const fontLinks = () =>
  [...document.head.querySelectorAll('link[data-branding-font]')].map((l) => l.getAttribute('href'));
const iconHrefs = () =>
  [...document.head.querySelectorAll('link[rel~="icon"]')].map((l) => l.getAttribute('href'));

function addDefaultIcons() {
  document.head.insertAdjacentHTML(
    'beforeend',
    '<link rel="icon" href="/favicon.ico" sizes="32x32"><link rel="icon" type="image/svg+xml" href="/favicon.svg">',
  );
}

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
  document.title = '';
});

async function openShell(branding: BrandingDto, me = makeMe()) {
  const server = mockFetch({
    'GET /api/v1/me': json(200, me),
    'GET /api/v1/branding': json(200, branding),
    'POST /auth/v1/logout': json(204, null),
  });
  const user = userEvent.setup({ delay: null });
  const utils = renderApp({ route: '/home', session: makeClientSession() });
  await screen.findByRole('complementary', { name: 'Sidebar' });
  return { user, server, ...utils };
}

describe('organization branding', { timeout: 15_000 }, () => {
  it('applies colours, radius, shadows, fonts, title and favicon for the mode, and clears them on sign-out', async () => {
    addDefaultIcons();
    const { user } = await openShell(makeBranding());

    // Dark is the default mode.
    await waitFor(() => expect(cssVar('--primary')).toBe('#fb7185'));
    expect(cssVar('--ring')).toBe('#fb7185');
    expect(cssVar('--background')).toBe('');
    expect(cssVar('--radius')).toBe('12px');
    expect(cssVar('--shadow-color')).toBe('transparent');
    expect(cssVar('--font-body')).toMatch(/^"Source Sans 3", /);
    expect(cssVar('--font-title')).toMatch(/^"Playfair Display", /);
    expect(document.title).toBe('Nova Hub');
    expect(iconHrefs()).toEqual(['https://files.test/icon.png', 'https://files.test/icon.png']);
    expect(fontLinks()).toEqual([
      'https://fonts.googleapis.com/css?family=Source+Sans+3:400,500,600,700,800,900&display=swap',
      'https://fonts.googleapis.com/css?family=Playfair+Display:400,500,600,700,800,900&display=swap',
    ]);

    // The light mode's own tokens follow the toggle.
    await user.click(screen.getByRole('button', { name: 'Toggle dark mode' }));
    expect(cssVar('--primary')).toBe('#e11d48');
    expect(cssVar('--background')).toBe('#fff7ed');

    // The sidebar shows the brand's name and logo.
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByText('Nova Hub')).toBeTruthy();
    expect(sidebar.querySelector('img')?.getAttribute('src')).toBe('https://files.test/logo.png');

    await user.click(screen.getByRole('button', { name: /User menu$/ }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Sign Out' }));
    await screen.findByRole('heading', { name: 'Welcome to the product' });

    for (const name of [
      '--primary',
      '--ring',
      '--background',
      '--radius',
      '--shadow-color',
      '--font-body',
      '--font-title',
    ]) {
      expect(cssVar(name), name).toBe('');
    }
    expect(document.documentElement.getAttribute('style') ?? '').toBe('');
    expect(document.title).toBe('Music Review');
    expect(fontLinks()).toEqual([]);
    expect(iconHrefs()).toEqual(['/favicon.ico', '/favicon.svg']);
    expect(document.head.querySelector('link[type="image/svg+xml"]')).toBeTruthy();
  });

  it('applies nothing when the branding is disabled, or the label has none', async () => {
    for (const branding of [makeBranding({ is_enabled: false }), defaultBranding()]) {
      const { unmount } = await openShell(branding);
      await waitFor(() => expect(document.title).toBe('Music Review'));
      expect(document.documentElement.getAttribute('style') ?? '').toBe('');
      expect(fontLinks()).toEqual([]);
      expect(
        within(screen.getByRole('complementary', { name: 'Sidebar' })).getByText('Music Review'),
      ).toBeTruthy();
      unmount();
    }
  });

  it('keeps the defaults when the lookup fails, and says so in the log only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({
      'GET /api/v1/me': json(200, makeMe()),
      'GET /api/v1/branding': json(500, { error: { code: 'internal', message: 'Boom' } }),
    });
    renderApp({ route: '/home', session: makeClientSession() });
    await screen.findByRole('complementary', { name: 'Sidebar' });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(document.documentElement.getAttribute('style') ?? '').toBe('');
    expect(document.title).toBe('Music Review');
  });

  it('asks for the branding of the signed-in label only', async () => {
    const { server } = await openShell(
      makeBranding(),
      makeMe({ organization: makeOrganization({ id: 'org-2' }) }),
    );
    await waitFor(() => expect(server.requestsTo('GET /api/v1/branding')).toHaveLength(1));
    expect(server.requestsTo('GET /api/v1/branding')[0]?.headers.get('authorization')).toMatch(/^Bearer /);
  });
});

describe('logo fallback chain', { timeout: 15_000 }, () => {
  const fire = (img: Element | null | undefined) => img?.dispatchEvent(new Event('error'));

  it('goes from the branding logo to the label logo, the default long logo, the small logo, then the mark', async () => {
    const me = makeMe({ organization: makeOrganization({ logo_url: 'https://files.test/label.png' }) });
    await openShell(makeBranding({ app_name: null }), me);
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    const src = () => sidebar.querySelector('img')?.getAttribute('src');

    await waitFor(() => expect(src()).toBe('https://files.test/logo.png'));
    fire(sidebar.querySelector('img'));
    await waitFor(() => expect(src()).toBe('https://files.test/label.png'));
    fire(sidebar.querySelector('img'));
    await waitFor(() => expect(src()).toBe('/logo-long-dark.svg'));
    // The long logo carries the name in its artwork; the link still reads it.
    expect(within(sidebar).getAllByRole('link')[0]?.textContent).toBe('Music Review');
    fire(sidebar.querySelector('img'));
    await waitFor(() => expect(src()).toBe('/logo-small.svg'));
    fire(sidebar.querySelector('img'));
    await waitFor(() => expect(sidebar.querySelector('img')).toBeNull());
    expect(sidebar.querySelector('svg')).toBeTruthy();
  });

  it("skips the default long logo when the brand's name replaces the default one", async () => {
    await openShell(makeBranding());
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    await waitFor(() =>
      expect(sidebar.querySelector('img')?.getAttribute('src')).toBe('https://files.test/logo.png'),
    );
    fire(sidebar.querySelector('img'));
    await waitFor(() => expect(sidebar.querySelector('img')?.getAttribute('src')).toBe('/logo-small.svg'));
    expect(within(sidebar).getByText('Nova Hub')).toBeTruthy();
  });
});
