import { emptyMetadataDraft, type PublicMetadataFormDto } from '@music-review/core/metadata-forms';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const TOKEN = 'tok-meta';
const base = `/api/v1/public/metadata-forms/${TOKEN}`;
const open = () => renderApp({ route: `/metadata/${TOKEN}`, session: null });

const form = (overrides: Partial<PublicMetadataFormDto> = {}): PublicMetadataFormDto => ({
  label_name: 'Dome Records',
  song_title: 'Summer Static',
  song_artist: 'Nova Lane',
  status: 'draft',
  data: emptyMetadataDraft({ title: 'Summer Static', artist: 'Nova Lane' }),
  submitted_at: null,
  expires_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

beforeAll(async () => {
  await import('./metadata-form-page');
});

describe('metadata form page', () => {
  it('saves the draft as typed, signed out, and shows Saved', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      [`GET ${base}`]: json(200, form()),
      [`PUT ${base}/draft`]: json(200, { saved_at: '2026-01-01T00:00:01.000Z' }),
    });
    open();
    const isrc = await screen.findByLabelText('ISRC');
    await user.type(isrc, 'gb-dmr-26-0007');
    expect(screen.getByText(MUSIC_CODE_MESSAGES.isrcLength)).toBeTruthy();
    await user.type(isrc, '7');
    expect(screen.getByText('Valid ISRC: GB-DMR-26-00077')).toBeTruthy();

    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toMatch(/Saved/), {
      timeout: 3000,
    });
    const saves = server.requestsTo(`PUT ${base}/draft`);
    expect(saves.at(-1)?.body).toMatchObject({ data: { isrc: 'gb-dmr-26-00077', title: 'Summer Static' } });
    expect(saves.at(-1)?.headers.get('authorization')).toBeNull();
  });

  it('shows each field’s error beside it, the live share total, and does not submit', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      [`GET ${base}`]: json(200, form()),
      [`PUT ${base}/draft`]: json(200, { saved_at: '2026-01-01T00:00:01.000Z' }),
      [`POST ${base}/submit`]: json(200, form({ status: 'submitted' })),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Add writer' }));
    await user.type(screen.getByLabelText('Writer 1 Name'), 'Nova Lane');
    await user.type(screen.getByLabelText('Writer 1 Share %'), '60');
    await user.click(screen.getByRole('button', { name: 'Add writer' }));
    await user.type(screen.getByLabelText('Writer 2 Share %'), '30');
    expect(screen.getByText(/Total: 90%/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit metadata' }));
    expect(await screen.findByText("Enter the writer's name")).toBeTruthy();
    expect(screen.getByText(MUSIC_CODE_MESSAGES.sharesTotal(90))).toBeTruthy();
    expect(screen.getByText(MUSIC_CODE_MESSAGES.isrcEmpty)).toBeTruthy();
    expect(screen.getByText('Enter the genre')).toBeTruthy();
    expect(screen.getByLabelText('ISRC').getAttribute('aria-invalid')).toBe('true');
    expect(server.requestsTo(`POST ${base}/submit`)).toHaveLength(0);
    // What was typed stays.
    expect((screen.getByLabelText('Writer 1 Name') as HTMLInputElement).value).toBe('Nova Lane');
  });

  it('shows a submitted form read-only, and a withdrawn link its own page', async () => {
    mockFetch({
      [`GET ${base}`]: json(200, form({ status: 'submitted', submitted_at: '2026-01-02T00:00:00.000Z' })),
    });
    const first = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Metadata submitted' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit metadata' })).toBeNull();
    first.unmount();

    mockFetch({ [`GET ${base}`]: apiError(410, 'link_revoked', PUBLIC_LINK_MESSAGES.revoked) });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link can’t be used' })).toBeTruthy();
    expect(screen.getByText(PUBLIC_LINK_MESSAGES.revoked)).toBeTruthy();
  });
});
