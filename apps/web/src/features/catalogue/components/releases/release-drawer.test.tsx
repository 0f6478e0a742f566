import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../../test/factories';
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
});
