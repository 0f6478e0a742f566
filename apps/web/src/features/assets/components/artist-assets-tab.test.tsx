import type { SongAssetsDto } from '@music-review/core/assets';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { signedSongFrameRoutes } from '../../../test/signed-song-routes';

const assets: SongAssetsDto = {
  song: { id: 'song-1', title: 'Summer Static', artist: 'Nova Lane' },
  kinds: [],
  readiness: {
    is_ready: false,
    marked_at: null,
    marked_by_name: null,
    metadata_confirmed: false,
    missing: [],
  },
};

const BIO = 'POST /api/v1/songs/song-1/assets/bio-text';

beforeAll(async () => {
  await import('../../../app/routes/signed-song-page');
});

describe('artist assets tab', () => {
  it('shows the artist’s kinds, and keeps a typed bio when saving it fails', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      ...signedSongFrameRoutes(),
      'GET /api/v1/songs/song-1/assets': json(200, assets),
      [BIO]: [apiError(500, 'internal', 'The bio could not be saved.'), json(201, { version: 1 })],
    });
    renderApp({ route: '/signed-songs/song-1/artist-assets', session: makeClientSession() });
    const bio = await screen.findByRole('region', { name: 'Bio' });
    expect(screen.getByRole('region', { name: 'Press photos' })).toBeTruthy();
    // Readiness belongs to the release tab.
    expect(screen.queryByRole('region', { name: 'Release readiness' })).toBeNull();

    const save = within(bio).getByRole('button', { name: 'Save bio' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const text = within(bio).getByRole('textbox', { name: 'Type the bio' }) as HTMLTextAreaElement;
    await user.click(text);
    await user.paste('Nova Lane writes songs about the sea.');
    await user.click(save);
    expect(await within(bio).findByText('The bio could not be saved.')).toBeTruthy();
    expect(text.value).toBe('Nova Lane writes songs about the sea.');

    await user.click(save);
    expect(await screen.findByText('Bio: version 1 saved')).toBeTruthy();
    expect(text.value).toBe('');
    expect(server.requestsTo(BIO).map((r) => r.body)).toEqual([
      { text: 'Nova Lane writes songs about the sea.' },
      { text: 'Nova Lane writes songs about the sea.' },
    ]);
  });
});
