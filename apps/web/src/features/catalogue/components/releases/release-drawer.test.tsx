import { CATALOGUE_FILE_TEXTS, CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../../test/factories';
import { FakeXhr } from '../../../../test/fake-xhr';
import { apiError, json } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render';
import { makeRecordingRow, makeRelease, makeReleaseRow, rows, uuid } from '../../test/catalogue-fixtures';
import { giveGridAHeight, serveCatalogue } from '../../test/catalogue-test-helpers';

const ID = uuid(101);
const RELEASE = `/api/v1/catalogue/releases/${ID}`;
const track = (n: number, title: string, disc = 1) => ({
  recording_id: uuid(n),
  disc_number: disc,
  track_number: n,
  title,
  version: null,
  display_artist: 'Sunny',
  isrc: null,
  duration_seconds: 200,
});
const release = makeRelease({
  id: ID,
  title: 'Summer EP',
  upc: null,
  row_version: 2,
  tracks: [track(1, 'Alpha'), track(2, 'Bravo')],
});

function serve(routes: Parameters<typeof serveCatalogue>[0] = {}) {
  return serveCatalogue({
    'GET /api/v1/catalogue/releases': rows([makeReleaseRow({ id: ID })]),
    [`GET ${RELEASE}`]: json(200, release),
    ...routes,
  });
}

const openDrawer = async () => {
  renderApp({ route: `/catalogue?tab=releases&release=${ID}`, session: makeClientSession() });
  const drawer = within(await screen.findByRole('dialog', { name: 'Summer EP' }));
  await drawer.findByRole('textbox', { name: 'Title' });
  return drawer;
};

beforeAll(async () => {
  await import('../../pages/catalogue-page');
});
beforeEach(() => giveGridAHeight());

describe('Release drawer', () => {
  it('checks the UPC’s check digit as typed, and saves the code with the new track order', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      [`PATCH ${RELEASE}`]: json(200, { ...release, upc: '012345678905', row_version: 3 }),
    });
    const drawer = await openDrawer();
    expect(drawer.getByText('No artwork')).toBeTruthy();

    const upc = drawer.getByRole('textbox', { name: 'UPC/EAN' });
    await user.type(upc, '012345678904');
    expect(await drawer.findByText(MUSIC_CODE_MESSAGES.upcEanCheckDigit)).toBeTruthy();
    await user.clear(upc);
    await user.type(upc, '012345678905');
    await waitFor(() => expect(drawer.queryByText(MUSIC_CODE_MESSAGES.upcEanCheckDigit)).toBeNull());

    await user.click(drawer.getByRole('button', { name: 'Move Bravo up' }));
    await user.click(drawer.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requestsTo(`PATCH ${RELEASE}`)).toHaveLength(1));
    expect(server.requestsTo(`PATCH ${RELEASE}`)[0]!.body).toEqual({
      upc: '012345678905',
      tracks: [
        { recording_id: uuid(2), disc_number: 1 },
        { recording_id: uuid(1), disc_number: 1 },
      ],
      row_version: 2,
    });
  }, 15_000);

  it('assigns a UPC from the pool, and says so when the pool is empty', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      [`POST ${RELEASE}/assign-upc`]: [
        apiError(400, 'bad_request', CATALOGUE_MESSAGES.upcPoolEmpty),
        json(200, { ...release, upc: '012345678905', row_version: 3 }),
      ],
    });
    const drawer = await openDrawer();
    await user.click(drawer.getByRole('button', { name: 'Assign UPC' }));
    expect(await drawer.findByText(CATALOGUE_MESSAGES.upcPoolEmpty)).toBeTruthy();
    expect(drawer.getByRole('link', { name: 'Open catalogue settings' }).getAttribute('href')).toBe(
      '/catalogue?panel=settings',
    );

    await user.click(drawer.getByRole('button', { name: 'Assign UPC' }));
    await waitFor(() =>
      expect((drawer.getByRole('textbox', { name: 'UPC/EAN' }) as HTMLInputElement).value).toBe(
        '012345678905',
      ),
    );
    expect(await screen.findByText('Assigned UPC 012345678905')).toBeTruthy();
  });

  it('refuses a recording already on the release', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/v1/catalogue/recordings': rows([
        makeRecordingRow({ id: uuid(1), title: 'Alpha', isrc: null }),
      ]),
    });
    const drawer = await openDrawer();
    await user.type(drawer.getByRole('combobox', { name: 'Add a recording' }), 'Alp');
    await user.click(await drawer.findByRole('option', { name: /Alpha/ }));
    expect(await drawer.findByText(CATALOGUE_MESSAGES.trackTwice)).toBeTruthy();
    expect(
      within(drawer.getByRole('list', { name: 'Tracks in order' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  describe('Artwork', () => {
    const ARTWORK = `${RELEASE}/artwork`;
    const presigned = {
      key: `org-1/assets/release_${ID}_artwork_0123456789ab/cover.png`,
      upload_url: 'https://storage.example.com/put/cover',
      content_type: 'image/png',
    };
    const withArtwork = (overrides: Partial<typeof release> = {}) => ({
      ...release,
      artwork_key: presigned.key,
      artwork_url: 'https://files.example.com/cover.png',
      artwork_source: 'release' as const,
      row_version: 3,
      ...overrides,
    });
    const pick = (drawer: Awaited<ReturnType<typeof openDrawer>>, file: File) =>
      userEvent.setup({ delay: null }).upload(drawer.getByLabelText('Artwork file'), file);

    beforeEach(() => FakeXhr.install({ isManual: true }));

    it('uploads artwork with its progress, shows it, and keeps what was typed for the next Save', async () => {
      const user = userEvent.setup({ delay: null });
      const server = serve({
        [`POST ${ARTWORK}/presign`]: json(200, presigned),
        [`POST ${ARTWORK}`]: json(200, withArtwork()),
        [`PATCH ${RELEASE}`]: json(200, withArtwork({ title: 'Summer EP (Deluxe)', row_version: 4 })),
      });
      const drawer = await openDrawer();
      const artwork = within(drawer.getByRole('region', { name: 'Artwork' }));
      expect(artwork.getByText('No artwork')).toBeTruthy();
      expect(artwork.queryByRole('button', { name: 'Remove artwork' })).toBeNull();
      const title = drawer.getByRole('textbox', { name: 'Title' });
      await user.type(title, ' (Deluxe)');

      await pick(drawer, new File(['0123456789'], 'cover.png', { type: 'image/png' }));
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      expect(server.requestsTo(`POST ${ARTWORK}/presign`)[0]!.body).toEqual({
        filename: 'cover.png',
        content_type: 'image/png',
        size_bytes: 10,
      });
      const put = FakeXhr.sent[0]!;
      expect([put.method, put.url, put.headers['content-type']]).toEqual([
        'PUT',
        presigned.upload_url,
        'image/png',
      ]);
      put.progress(0.4);
      const progress = await artwork.findByRole('progressbar', { name: 'Uploading cover.png' });
      await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('40'));
      put.respond(200);

      const image = await artwork.findByRole('img', { name: 'Artwork of Summer EP' });
      expect(image.getAttribute('src')).toBe('https://files.example.com/cover.png');
      expect(server.requestsTo(`POST ${ARTWORK}`)[0]!.body).toEqual({ key: presigned.key });
      expect(await screen.findByText('Artwork saved')).toBeTruthy();
      expect(artwork.getByRole('button', { name: 'Remove artwork' })).toBeTruthy();

      // The typed title survived, and the Save names the version the upload made.
      expect((title as HTMLInputElement).value).toBe('Summer EP (Deluxe)');
      await user.click(drawer.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(server.requestsTo(`PATCH ${RELEASE}`)).toHaveLength(1));
      expect(server.requestsTo(`PATCH ${RELEASE}`)[0]!.body).toEqual({
        title: 'Summer EP (Deluxe)',
        row_version: 3,
      });
    }, 15_000);

    it('shows the reason under it when the artwork is refused, and keeps none', async () => {
      const reason = 'The artwork is 1000 x 1000 px; it must be at least 3000 x 3000 px.';
      serve({
        [`POST ${ARTWORK}/presign`]: json(200, presigned),
        [`POST ${ARTWORK}`]: apiError(415, 'unsupported_media_type', reason, {}, { key: reason }),
      });
      const drawer = await openDrawer();
      await pick(drawer, new File(['small'], 'small.png', { type: 'image/png' }));
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      FakeXhr.sent[0]!.respond(200);

      const artwork = within(drawer.getByRole('region', { name: 'Artwork' }));
      const alert = await artwork.findByRole('alert');
      expect(alert.textContent).toBe(`The file was not accepted. ${reason}`);
      expect(artwork.getByText('No artwork')).toBeTruthy();
      expect(artwork.getByRole('button', { name: 'Upload artwork' })).toBeTruthy();
    });

    it('removes its own artwork after asking, and then shows its signed song’s', async () => {
      const user = userEvent.setup({ delay: null });
      const fromSong = {
        ...release,
        song_id: uuid(900),
        artwork_key: null,
        artwork_url: 'https://files.example.com/song-cover.png',
        artwork_source: 'song' as const,
        row_version: 4,
      };
      const server = serve({
        [`GET ${RELEASE}`]: json(200, withArtwork({ song_id: uuid(900) })),
        [`DELETE ${ARTWORK}`]: json(200, fromSong),
      });
      const drawer = await openDrawer();
      const artwork = within(drawer.getByRole('region', { name: 'Artwork' }));
      await user.click(artwork.getByRole('button', { name: 'Remove artwork' }));
      expect(artwork.getByText('Remove this artwork? Its file is deleted.')).toBeTruthy();
      expect(server.requestsTo(`DELETE ${ARTWORK}`)).toHaveLength(0);
      await user.click(artwork.getByRole('button', { name: 'Remove' }));

      expect(await screen.findByText('Artwork removed')).toBeTruthy();
      expect(server.requestsTo(`DELETE ${ARTWORK}`)).toHaveLength(1);
      expect(artwork.getByRole('img', { name: 'Artwork of Summer EP' }).getAttribute('src')).toBe(
        'https://files.example.com/song-cover.png',
      );
      expect(artwork.getByText(CATALOGUE_FILE_TEXTS.artworkFromSong)).toBeTruthy();
      expect(artwork.queryByRole('button', { name: 'Remove artwork' })).toBeNull();
    });
  });
});
