import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../../test/factories';
import { apiError, json } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render';
import { makeRecordingRow, makeRelease, rows, uuid } from '../../test/catalogue-fixtures';
import { giveGridAHeight, serveCatalogue } from '../../test/catalogue-test-helpers';

const alpha = makeRecordingRow({ id: uuid(1), title: 'Alpha', display_artist: 'Sunny', isrc: null });
const bravo = makeRecordingRow({
  id: uuid(2),
  title: 'Bravo',
  display_artist: 'Sunny',
  isrc: 'GBABC2500001',
});
const charlie = makeRecordingRow({ id: uuid(3), title: 'Charlie', display_artist: 'Sunny', isrc: null });

const openGrid = async () => {
  const view = renderApp({ route: '/catalogue', session: makeClientSession() });
  const table = await screen.findByRole('table', { name: 'Recordings' });
  return { ...view, table: within(table) };
};

beforeAll(async () => {
  await import('../../pages/catalogue-page');
});
beforeEach(() => giveGridAHeight());

describe('Recordings: selected rows', () => {
  it('bulk edits the ticked recordings, saying how many will change', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveCatalogue({
      'GET /api/v1/catalogue/recordings': rows([alpha, bravo, charlie]),
      'POST /api/v1/catalogue/recordings/bulk': json(200, { updated: 2 }),
    });
    const { table } = await openGrid();
    await user.click(table.getByRole('checkbox', { name: 'Select Alpha' }));
    await user.click(table.getByRole('checkbox', { name: 'Select Charlie' }));
    const bar = within(screen.getByRole('group', { name: 'Selected recordings' }));
    expect(bar.getByText('2 selected')).toBeTruthy();
    expect(
      (table.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement).indeterminate,
    ).toBe(true);

    await user.click(bar.getByRole('button', { name: 'Bulk edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bulk edit' }));
    expect(dialog.getByText(/^2 recordings will change\./)).toBeTruthy();
    await user.click(dialog.getByRole('checkbox', { name: 'Change genre' }));
    await user.type(dialog.getByRole('textbox', { name: 'New genre' }), 'Jazz');
    await user.click(dialog.getByRole('checkbox', { name: 'Change recording year' }));
    await user.type(dialog.getByRole('textbox', { name: 'New recording year' }), '1850');
    expect(await dialog.findByText('Enter a year from 1900')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Update 2 recordings' }));
    expect(server.requestsTo('POST /api/v1/catalogue/recordings/bulk')).toHaveLength(0);

    await user.clear(dialog.getByRole('textbox', { name: 'New recording year' }));
    await user.type(dialog.getByRole('textbox', { name: 'New recording year' }), '1999');
    await user.click(dialog.getByRole('checkbox', { name: 'Change explicit' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Explicit content' }), 'Explicit');
    await user.click(dialog.getByRole('button', { name: 'Update 2 recordings' }));

    await waitFor(() => expect(server.requestsTo('POST /api/v1/catalogue/recordings/bulk')).toHaveLength(1));
    expect(server.requestsTo('POST /api/v1/catalogue/recordings/bulk')[0]!.body).toEqual({
      ids: [uuid(1), uuid(3)],
      set: { genre: 'Jazz', explicit: true, recording_year: 1999 },
    });
    expect(await screen.findByText('Updated 2 recordings')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('group', { name: 'Selected recordings' })).toBeNull();
  }, 15_000);

  it('ticks every row in view with "Select all on this page"', async () => {
    const user = userEvent.setup({ delay: null });
    serveCatalogue({ 'GET /api/v1/catalogue/recordings': rows([alpha, bravo, charlie]) });
    const { table } = await openGrid();
    await user.click(table.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    for (const title of ['Alpha', 'Bravo', 'Charlie']) {
      expect((table.getByRole('checkbox', { name: `Select ${title}` }) as HTMLInputElement).checked).toBe(
        true,
      );
    }
    await user.click(table.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.queryByText('3 selected')).toBeNull();
  });

  it('assigns ISRCs to the ticked recordings without one, one by one with progress', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveCatalogue({
      'GET /api/v1/catalogue/recordings': rows([alpha, bravo, charlie]),
      [`POST /api/v1/catalogue/recordings/${uuid(1)}/assign-isrc`]: json(200, {
        ...alpha,
        isrc: 'GBABC2500002',
      }),
      [`POST /api/v1/catalogue/recordings/${uuid(3)}/assign-isrc`]: json(200, {
        ...charlie,
        isrc: 'GBABC2500003',
      }),
    });
    const { table } = await openGrid();
    await user.click(table.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Assign ISRC (2)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign ISRC' }));
    expect(dialog.getByText('2 recordings without an ISRC')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Assign 2 ISRCs' }));

    expect(await dialog.findByText('Done: 2 of 2 assigned')).toBeTruthy();
    const codes = within(dialog.getByRole('list', { name: 'Assigned codes' }));
    expect(codes.getByText('GBABC2500002')).toBeTruthy();
    expect(codes.getByText('GBABC2500003')).toBeTruthy();
    expect(server.requests.filter((r) => r.path.endsWith('/assign-isrc')).map((r) => r.path)).toEqual([
      `/api/v1/catalogue/recordings/${uuid(1)}/assign-isrc`,
      `/api/v1/catalogue/recordings/${uuid(3)}/assign-isrc`,
    ]);
    expect((dialog.getByRole('progressbar', { name: 'ISRCs assigned' }) as HTMLProgressElement).value).toBe(
      2,
    );
  });

  it('stops assigning when the label has no ISRC prefix, and links to the settings', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveCatalogue({
      'GET /api/v1/catalogue/recordings': rows([alpha, charlie]),
      [`POST /api/v1/catalogue/recordings/${uuid(1)}/assign-isrc`]: apiError(
        400,
        'bad_request',
        CATALOGUE_MESSAGES.noIsrcPrefix,
      ),
    });
    const { table } = await openGrid();
    await user.click(table.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Assign ISRC (2)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign ISRC' }));
    await user.click(dialog.getByRole('button', { name: 'Assign 2 ISRCs' }));
    expect(await dialog.findByText(CATALOGUE_MESSAGES.noIsrcPrefix)).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Open catalogue settings' }).getAttribute('href')).toBe(
      '/catalogue?panel=settings',
    );
    expect(server.requests.filter((r) => r.path.endsWith('/assign-isrc'))).toHaveLength(1);
  });

  it('makes a new release of the ticked recordings, in the order set with the keyboard, then opens it', async () => {
    const user = userEvent.setup({ delay: null });
    const created = makeRelease({ id: uuid(101), title: 'First Light', display_artist: 'Sunny' });
    const server = serveCatalogue({
      'GET /api/v1/catalogue/recordings': rows([alpha, bravo, charlie]),
      'POST /api/v1/catalogue/releases': json(201, created),
      'GET /api/v1/catalogue/releases': rows([]),
      [`GET /api/v1/catalogue/releases/${uuid(101)}`]: json(200, created),
    });
    const { table, location } = await openGrid();
    await user.click(table.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'New release' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New release' }));
    expect((dialog.getByRole('textbox', { name: 'Display artist' }) as HTMLInputElement).value).toBe('Sunny');
    const order = () =>
      within(dialog.getByRole('list', { name: 'Tracks in order' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent);
    expect(order()).toEqual(['Disc 1, track 1: Alpha', 'Disc 1, track 2: Bravo', 'Disc 1, track 3: Charlie']);

    // Charlie to the top with the keyboard: focus stays on the track moved.
    dialog.getByRole('button', { name: 'Move Charlie up' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Move Charlie up' }));
    await user.keyboard('{Enter}');
    expect(order()).toEqual(['Disc 1, track 1: Charlie', 'Disc 1, track 2: Alpha', 'Disc 1, track 3: Bravo']);
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Move Charlie down' }));
    expect((dialog.getByRole('button', { name: 'Move Charlie up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    // Bravo on a second disc.
    const disc = dialog.getByRole('textbox', { name: 'Disc of Bravo' });
    await user.clear(disc);
    await user.type(disc, '2');
    expect(order()[2]).toBe('Disc 2, track 1: Bravo');

    await user.click(dialog.getByRole('button', { name: 'Create release' }));
    expect(await dialog.findByText('Enter a title')).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/catalogue/releases')).toHaveLength(0);
    await user.type(dialog.getByRole('textbox', { name: 'Title' }), 'First Light');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Type' }), 'Album');
    await user.click(dialog.getByRole('button', { name: 'Create release' }));

    await waitFor(() => expect(server.requestsTo('POST /api/v1/catalogue/releases')).toHaveLength(1));
    expect(server.requestsTo('POST /api/v1/catalogue/releases')[0]!.body).toEqual({
      title: 'First Light',
      display_artist: 'Sunny',
      release_type: 'album',
      release_date: null,
      status: 'draft',
      tracks: [
        { recording_id: uuid(3), disc_number: 1 },
        { recording_id: uuid(1), disc_number: 1 },
        { recording_id: uuid(2), disc_number: 2 },
      ],
    });
    await waitFor(() => expect(location()).toBe(`/catalogue?tab=releases&release=${uuid(101)}`));
    expect(await screen.findByRole('dialog', { name: 'First Light' })).toBeTruthy();
  }, 15_000);
});
