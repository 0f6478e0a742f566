import { emptyLabelCopy, type PublicLabelCopyFormDto } from '@music-review/core/label-copy';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const TOKEN = 'Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';
const base = `/api/v1/public/label-copy-forms/${TOKEN}`;
const open = () => renderApp({ route: `/label-copy-form/${TOKEN}`, session: null });

function form(overrides: Partial<PublicLabelCopyFormDto> = {}): PublicLabelCopyFormDto {
  return {
    organization_name: 'Dome Records',
    song_title: 'Night Drive',
    status: 'draft',
    data: {
      ...emptyLabelCopy(),
      release_title: 'Night Drive',
      primary_artist: 'Nova Lane',
      tracks: [
        {
          title: 'Night Drive',
          version: '',
          artists: 'Nova Lane',
          isrc: '',
          duration_seconds: null,
          explicit: false,
        },
      ],
    },
    missing: [],
    expires_at: '2030-01-01T00:00:00.000Z',
    updated_at: '2026-05-01T00:00:00.000Z',
    ...overrides,
  };
}

beforeAll(async () => {
  await import('./label-copy-form-page');
});

describe('label copy form page', () => {
  it('autosaves what the artist types, refuses an incomplete submit with the field named, then submits', async () => {
    const user = userEvent.setup({ delay: null });
    // Pasting keeps this long form quick to fill (one change per field instead of one per key).
    const fill = async (label: string, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    const server = mockFetch({
      [`GET ${base}`]: json(200, form()),
      [`PUT ${base}`]: (request) => json(200, form({ data: (request.body as { data: never }).data })),
      [`POST ${base}/submit`]: json(200, form({ status: 'submitted' })),
    });
    open();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Label copy for “Night Drive”' }),
    ).toBeTruthy();
    // The form's sections come right under the page's title (no heading level skipped).
    expect(screen.getByRole('heading', { level: 2, name: 'Credits' })).toBeTruthy();
    await fill('Producer', 'Sam Reed');
    await waitFor(() => expect(server.requestsTo(`PUT ${base}`).length).toBeGreaterThan(0), {
      timeout: 3000,
    });
    const saved = server.requestsTo(`PUT ${base}`).at(-1)?.body as {
      data: { credits: { producer: string } };
    };
    expect(saved.data.credits.producer).toBe('Sam Reed');
    expect(server.requestsTo(`PUT ${base}`)[0]?.headers.get('authorization')).toBeNull();

    // A mistyped ISRC is named as soon as it is typed; an emptied title once they try to submit.
    await fill('Track 1 ISRC', 'GB-ABC-26-0001');
    expect(await screen.findByText('An ISRC has 12 characters, like GB-ABC-26-00001')).toBeTruthy();
    await user.clear(screen.getByLabelText('Release title'));
    await user.click(screen.getByRole('button', { name: 'Submit label copy' }));
    expect(await screen.findByText('Enter the release title')).toBeTruthy();
    expect(screen.getByText('Please fix the fields marked below, then submit again.')).toBeTruthy();
    expect(server.requestsTo(`POST ${base}/submit`)).toHaveLength(0);
    // The typed text is still there.
    expect((screen.getByLabelText('Producer') as HTMLInputElement).value).toBe('Sam Reed');

    // Publishers are rows like writers: a mistyped IPI is named beside its field.
    await user.click(screen.getByRole('button', { name: 'Add publisher' }));
    await fill('Publisher 1 name', 'Dome Songs');
    await fill('Publisher 1 IPI', '12');
    await fill('Publisher 1 share (%)', '100');
    const ipi = screen.getByLabelText('Publisher 1 IPI');
    await waitFor(() => expect(ipi.getAttribute('aria-invalid')).toBe('true'));
    await user.clear(ipi);

    await fill('Release title', 'Night Drive');
    await user.clear(screen.getByLabelText('Track 1 ISRC'));
    await fill('Track 1 ISRC', 'GB-ABC-26-00001');
    await user.click(screen.getByRole('button', { name: 'Submit label copy' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Thank you! Your label copy has been sent to Dome Records.',
      }),
    ).toBeTruthy();
    const submitted = server.requestsTo(`POST ${base}/submit`)[0]?.body as {
      data: { release_title: string; tracks: { isrc: string }[] };
    };
    expect(submitted.data.release_title).toBe('Night Drive');
    expect(submitted.data.tracks[0]?.isrc).toBe('GB-ABC-26-00001');
  }, 15_000);

  it('shows a used link’s page, never the login screen', async () => {
    mockFetch({
      [`GET ${base}`]: apiError(
        410,
        'link_used',
        'This link has already been used. Ask the label if you need to change anything.',
      ),
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link can’t be used' })).toBeTruthy();
    expect(
      screen.getByText('This link has already been used. Ask the label if you need to change anything.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit label copy' })).toBeNull();
  });
});
