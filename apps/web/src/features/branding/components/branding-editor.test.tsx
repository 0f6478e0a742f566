import { type BrandingDto, defaultBranding, emptyPalette } from '@music-review/core/branding';
import type { BrandingInput } from '@music-review/core/branding-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeClientSession, makeMe } from '../../../test/factories';
import { FakeXhr } from '../../../test/fake-xhr';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { BrandingEditor } from './branding-editor';

const adminMe = makeMe({ reviewer: { is_admin: true } });

function openEditor(branding: BrandingDto = defaultBranding(), routes: Parameters<typeof mockFetch>[0] = {}) {
  const server = mockFetch({
    'GET /api/v1/me': json(200, adminMe),
    'GET /api/v1/branding': json(200, branding),
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<BrandingEditor />, { session: makeClientSession() });
  return { user, server };
}

/** One paste instead of a keystroke each: the form re-renders its preview on every change. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

// Queries by label, not role: role queries walk the accessibility tree of this large form each time.
const warning = () => screen.queryByText('Some text may be hard to read');

// A large form: generous on a loaded machine.
describe('BrandingEditor', { timeout: 20_000 }, () => {
  it('is not there for members', async () => {
    const server = mockFetch({ 'GET /api/v1/me': json(200, makeMe()) });
    renderWithProviders(<BrandingEditor />, { session: makeClientSession() });
    await waitFor(() => expect(server.requestsTo('GET /api/v1/me')).toHaveLength(1));
    expect(screen.queryByText('White-label branding')).toBeNull();
    expect(server.requestsTo('GET /api/v1/branding')).toHaveLength(0);
  });

  it('warns while body or primary text falls below 4.5:1, per mode, and clears when fixed', async () => {
    const { user } = openEditor();
    const bodyLight = await screen.findByLabelText('Body text (light)');
    expect(warning()).toBeNull();

    await fill(user, bodyLight, '#aaaaaa');
    expect(warning()).toBeTruthy();
    const status = warning()?.closest('[role="status"]') as HTMLElement;
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Light mode: body text on background has a contrast of 2.2:1; at least 4.5:1 is needed.',
      'Light mode: body text on card background has a contrast of 2.3:1; at least 4.5:1 is needed.',
    ]);

    await user.clear(bodyLight);
    await fill(user, bodyLight, '#333333');
    expect(warning()).toBeNull();

    await fill(user, screen.getByLabelText('Primary (dark)'), '#fde047');
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dark mode: primary text on primary has a contrast of 1.2:1; at least 4.5:1 is needed.']);
    // The live preview uses the chosen tokens.
    const dark = screen.getByTestId('branding-preview-dark');
    expect(within(dark).getByText('Primary button').style.background).toBe('rgb(253, 224, 71)');
  });

  it('saves what was typed, with unset tokens left as defaults', async () => {
    let saved: BrandingInput | undefined;
    const { user, server } = openEditor(defaultBranding(), {
      'PUT /api/v1/branding': (request) => {
        saved = request.body as BrandingInput;
        return json(200, {
          ...defaultBranding(),
          ...saved,
          source: 'v2',
          updated_at: '2025-01-01T00:00:00.000Z',
        });
      },
    });
    await user.click(await screen.findByLabelText('Enable branding'));
    await fill(user, screen.getByLabelText('App name'), 'Nova Hub');
    await fill(user, screen.getByLabelText('Primary (light)'), '#E11D48');
    await fill(user, screen.getByLabelText('Corner radius (px)'), '12');
    await fill(user, screen.getByLabelText('Title font'), 'Playfair Display');
    await user.selectOptions(screen.getByLabelText('Shadow intensity'), 'heavy');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Branding saved');
    expect(server.requestsTo('PUT /api/v1/branding')).toHaveLength(1);
    expect(saved).toMatchObject({
      is_enabled: true,
      app_name: 'Nova Hub',
      corner_radius: '12px',
      title_font_family: 'Playfair Display',
      body_font_family: null,
      shadow_intensity: 'heavy',
      logo_key: null,
      light: { ...emptyPalette(), primary_color: '#e11d48' },
      dark: emptyPalette(),
    });
  });

  it('uploads a logo through storage and saves its key; refuses a file that is not an image', async () => {
    FakeXhr.install();
    let saved: BrandingInput | undefined;
    const key = 'org-1/images/branding-logo-x/logo.png';
    const { user, server } = openEditor(defaultBranding(), {
      'POST /functions/v1/generate-presigned-url': json(200, {
        success: true,
        data: { presignedUrl: 'https://files.test/upload?sig=1', key },
      }),
      'POST /functions/v1/confirm-upload': json(200, {
        success: true,
        data: { key, size: 68, contentType: 'image/png' },
      }),
      'PUT /api/v1/branding': (request) => {
        saved = request.body as BrandingInput;
        return json(200, {
          ...defaultBranding(),
          source: 'v2',
          logo_key: key,
          logo_url: 'https://files.test/logo.png',
        });
      },
    });
    const logoInput = (await screen.findByTestId('logo-file')) as HTMLInputElement;

    // A drop, or a browser that ignores `accept`, can still hand over another type.
    const anyFile = userEvent.setup({ delay: null, applyAccept: false });
    await anyFile.upload(logoInput, new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Choose a PNG, JPEG or WebP image.')).toBeTruthy();

    await user.upload(logoInput, new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('button', { name: 'Remove logo' })).toBeTruthy();
    expect(server.requestsTo('POST /functions/v1/generate-presigned-url')[0]?.body).toMatchObject({
      type: 'images',
      filename: 'logo.png',
      contentType: 'image/png',
    });
    expect(FakeXhr.sent.map((x) => [x.method, x.url, x.headers['content-type']])).toEqual([
      ['PUT', 'https://files.test/upload?sig=1', 'image/png'],
    ]);
    expect(server.requestsTo('POST /functions/v1/confirm-upload')[0]?.body).toEqual({ key });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Branding saved');
    expect(saved?.logo_key).toBe(key);
  });

  it('shows field errors without sending, and keeps the typed text', async () => {
    const { user, server } = openEditor();
    const primary = await screen.findByLabelText('Primary (dark)');
    await fill(user, primary, '#12');
    await fill(user, screen.getByLabelText('Body font'), 'Inter; x');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('use a hex colour such as #7c3aed')).toBeTruthy();
    expect(screen.getByText(/^use a font family name such as Inter or Playfair Display/)).toBeTruthy();
    expect((primary as HTMLInputElement).value).toBe('#12');
    expect(server.requestsTo('PUT /api/v1/branding')).toHaveLength(0);
  });

  it("shows the server's refusal and keeps every value", async () => {
    const { user } = openEditor(defaultBranding(), {
      'PUT /api/v1/branding': apiError(
        400,
        'validation_failed',
        'logo_key: the image was not found; upload it again',
      ),
    });
    await fill(user, await screen.findByLabelText('App name'), 'Nova Hub');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('logo_key: the image was not found; upload it again')).toBeTruthy();
    expect((screen.getByLabelText('App name') as HTMLInputElement).value).toBe('Nova Hub');
  });

  it('loads the saved branding, and "Reset to defaults" empties the form until Save', async () => {
    const branding: BrandingDto = {
      ...defaultBranding(),
      source: 'v2',
      is_enabled: true,
      app_name: 'Nova Hub',
      dark: { ...emptyPalette(), primary_color: '#fb7185' },
      corner_radius: '0.75rem',
      shadow_intensity: 'none',
    };
    const { user, server } = openEditor(branding);
    const appName = (await screen.findByLabelText('App name')) as HTMLInputElement;
    expect(appName.value).toBe('Nova Hub');
    expect((screen.getByLabelText('Primary (dark)') as HTMLInputElement).value).toBe('#fb7185');
    expect((screen.getByLabelText('Corner radius (px)') as HTMLInputElement).value).toBe('12');
    expect(screen.getByLabelText('Enable branding').getAttribute('aria-checked')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(appName.value).toBe('');
    expect((screen.getByLabelText('Primary (dark)') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Shadow intensity') as HTMLSelectElement).value).toBe('medium');
    expect(
      screen.getByText('Every field is back to its default. Save to apply it for your label.'),
    ).toBeTruthy();
    expect(server.requestsTo('PUT /api/v1/branding')).toHaveLength(0);
  });
});
