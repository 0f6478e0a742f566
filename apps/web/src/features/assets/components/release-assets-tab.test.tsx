import type { AssetVersionDto, ReleaseReadinessDto, SongAssetsDto } from '@music-review/core/assets';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { FakeXhr } from '../../../test/fake-xhr';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { signedSongFrameRoutes } from '../../../test/signed-song-routes';

function version(overrides: Partial<AssetVersionDto>): AssetVersionDto {
  return {
    id: 'asset-1',
    kind: 'artwork',
    scope: 'release',
    version: 1,
    filename: 'cover.png',
    content_type: 'image/png',
    size_bytes: 2_000_000,
    summary: '3000 x 3000 px · PNG · RGB',
    accepted: true,
    problems: [],
    restored_from: null,
    uploaded_by_name: 'Ada Lovelace',
    created_at: '2025-03-01T12:00:00.000Z',
    is_current: false,
    url: 'https://files.example.com/cover.png',
    ...overrides,
  };
}

const notReady: ReleaseReadinessDto = {
  is_ready: false,
  marked_at: null,
  marked_by_name: null,
  metadata_confirmed: false,
  missing: ['master', 'metadata'],
};

function assets(readiness: ReleaseReadinessDto = notReady): SongAssetsDto {
  return {
    song: { id: 'song-1', title: 'Summer Static', artist: 'Nova Lane' },
    kinds: [
      {
        kind: 'artwork',
        scope: 'release',
        versions: [
          version({ id: 'asset-2', version: 2, filename: 'cover-v2.png', is_current: true }),
          version({ id: 'asset-1', version: 1 }),
        ],
      },
    ],
    readiness,
  };
}

const BASE = '/api/v1/songs/song-1';
const open = () => renderApp({ route: '/signed-songs/song-1/release-assets', session: makeClientSession() });
const card = (name: string) => screen.getByRole('region', { name });

beforeAll(async () => {
  await import('../../../app/routes/signed-song-page');
});

beforeEach(() => {
  FakeXhr.install();
});

describe('release assets tab', () => {
  it('names what is missing, and keeps "Mark ready for release" disabled until nothing is', async () => {
    mockFetch({ ...signedSongFrameRoutes(), [`GET ${BASE}/assets`]: json(200, assets()) });
    open();
    const checklist = await screen.findByRole('list', { name: 'Required before release' });
    expect(
      within(checklist)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Artwork that passes the checks(done)',
      'A final master that passes the checks(missing)',
      'A confirmed metadata form(missing)',
    ]);
    expect(within(card('Release readiness')).getByText('Not ready')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Mark ready for release' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(within(card('Final master')).getByText('Not uploaded')).toBeTruthy();
  });

  it('marks the release ready once nothing is missing', async () => {
    const user = userEvent.setup({ delay: null });
    const ready: ReleaseReadinessDto = {
      is_ready: true,
      marked_at: '2025-03-05T12:00:00.000Z',
      marked_by_name: 'Ada Lovelace',
      metadata_confirmed: true,
      missing: [],
    };
    const server = mockFetch({
      ...signedSongFrameRoutes(),
      [`GET ${BASE}/assets`]: [
        json(200, assets({ ...notReady, metadata_confirmed: true, missing: [] })),
        json(200, assets(ready)),
      ],
      [`PUT ${BASE}/release-readiness`]: json(200, ready),
    });
    open();
    const mark = await screen.findByRole('button', { name: 'Mark ready for release' });
    expect((mark as HTMLButtonElement).disabled).toBe(false);
    await user.click(mark);
    expect(await screen.findByText('Ready for release')).toBeTruthy();
    expect(server.requestsTo(`PUT ${BASE}/release-readiness`)).toHaveLength(1);
    expect(screen.getByText(/^Marked ready by Ada Lovelace on/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unmark ready' })).toBeTruthy();
  });

  it('shows the server’s reason when an upload is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      ...signedSongFrameRoutes(),
      [`GET ${BASE}/assets`]: json(200, assets()),
      [`POST ${BASE}/assets/uploads`]: json(200, {
        key: 'org-1/assets/song-1/master.mp3',
        upload_url: 'https://storage.example.com/put/master',
        content_type: 'audio/mpeg',
      }),
      [`POST ${BASE}/assets`]: apiError(
        422,
        'asset_refused',
        'An MP3 is not a master: upload WAV, FLAC or AIFF.',
      ),
    });
    open();
    const master = await screen.findByRole('region', { name: 'Final master' });
    await user.upload(
      within(master).getByLabelText('Final master file'),
      new File(['id3'], 'master.wav', { type: 'audio/wav' }),
    );
    const alert = await within(master).findByText('The file was not accepted.');
    expect(alert.parentElement?.textContent).toBe(
      'The file was not accepted. An MP3 is not a master: upload WAV, FLAC or AIFF.',
    );
    expect(server.requestsTo(`POST ${BASE}/assets/uploads`)[0]?.body).toEqual({
      kind: 'master',
      filename: 'master.wav',
      content_type: 'audio/wav',
      size_bytes: 3,
    });
    expect(FakeXhr.sent[0]?.url).toBe('https://storage.example.com/put/master');
    expect(server.requestsTo(`POST ${BASE}/assets`)[0]?.body).toEqual({
      key: 'org-1/assets/song-1/master.mp3',
    });
    // Nothing was added: the card still has no version and offers the upload again.
    expect(within(master).getByText('Not uploaded')).toBeTruthy();
    expect(within(master).getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('lists the version history and restores an older version', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      ...signedSongFrameRoutes(),
      [`GET ${BASE}/assets`]: json(200, assets()),
      [`POST ${BASE}/assets/asset-1/restore`]: json(
        200,
        version({ id: 'asset-3', version: 3, restored_from: 1 }),
      ),
    });
    open();
    const artwork = await screen.findByRole('region', { name: 'Artwork' });
    expect(within(artwork).getByText('Version 2')).toBeTruthy();
    expect(within(artwork).getByRole('img', { name: 'Artwork, version 2' })).toBeTruthy();
    await user.click(within(artwork).getByRole('button', { name: 'Version history (2)' }));
    const history = within(artwork).getByRole('list');
    expect(within(history).getAllByRole('listitem')).toHaveLength(2);
    expect(within(history).getByRole('link', { name: 'Download version 1' }).getAttribute('href')).toBe(
      'https://files.example.com/cover.png',
    );
    // The current version cannot be restored.
    expect(within(history).queryByRole('button', { name: 'Restore version 2 as current' })).toBeNull();
    await user.click(within(history).getByRole('button', { name: 'Restore version 1 as current' }));
    await expect.poll(() => server.requestsTo(`POST ${BASE}/assets/asset-1/restore`)).toHaveLength(1);
    expect(await screen.findByText('Version 1 is current again')).toBeTruthy();
  });
});
