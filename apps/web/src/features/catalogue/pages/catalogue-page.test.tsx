import {
  ATTENTION_KIND_LABELS,
  CATALOGUE_MESSAGES,
  CATALOGUE_TAB_LABELS,
} from '@music-review/core/catalogue';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import {
  attention,
  makePartyRow,
  makeRecording,
  makeRecordingRow,
  makeReleaseRow,
  makeWorkRow,
  rows,
  savedViews,
  uuid,
} from '../test/catalogue-fixtures';
import { giveGridAHeight, lastQuery, serveCatalogue } from '../test/catalogue-test-helpers';

const RECORDINGS = 'GET /api/v1/catalogue/recordings';
const golden = makeRecordingRow({ id: uuid(1), title: 'Golden Hour', display_artist: 'Sunny' });
const neon = makeRecordingRow({ id: uuid(2), title: 'Neon Rain', display_artist: 'The Lights', isrc: null });

const open = (route: string) => renderApp({ route, session: makeClientSession() });
const recordingsTable = () => screen.findByRole('table', { name: 'Recordings' });

beforeAll(async () => {
  await import('./catalogue-page');
});
beforeEach(() => giveGridAHeight());

describe('Catalogue page', () => {
  it('shows the heading and the three tabs, and switches tab through the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveCatalogue({
      [RECORDINGS]: rows([golden, neon]),
      'GET /api/v1/catalogue/releases': rows([makeReleaseRow({ title: 'Summer EP' })]),
      'GET /api/v1/catalogue/works': rows([makeWorkRow({ title: 'Golden Hour (work)' })]),
    });
    const { location } = open('/catalogue');

    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      CATALOGUE_TAB_LABELS.recordings,
      CATALOGUE_TAB_LABELS.releases,
      CATALOGUE_TAB_LABELS.works,
    ]);
    expect(screen.getByRole('tab', { name: 'Recordings' }).getAttribute('aria-selected')).toBe('true');
    const table = await recordingsTable();
    expect(within(table).getByRole('rowheader', { name: 'Golden Hour' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Neon Rain' }).getAttribute('href')).toBe(
      `/catalogue?recording=${uuid(2)}`,
    );
    expect(screen.getByText('2 recordings')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search catalogue' })).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Releases' }));
    expect(await screen.findByRole('table', { name: 'Releases' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Summer EP' })).toBeTruthy();
    expect(location()).toBe('/catalogue?tab=releases');
    expect(screen.getByRole('button', { name: 'New release' })).toBeTruthy();

    // The arrow keys move between tabs too.
    screen.getByRole('tab', { name: 'Releases' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('table', { name: 'Works' })).toBeTruthy();
    expect(location()).toBe('/catalogue?tab=works');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Works' }));
    expect(server.requestsTo('GET /api/v1/catalogue/works')).toHaveLength(1);
  });

  it('reads the filters from the URL, sends them, and writes a changed one back', async () => {
    const user = userEvent.setup({ delay: null });
    const artist = makePartyRow({ id: uuid(501), name: 'Sunny' });
    const server = serveCatalogue({
      [RECORDINGS]: rows([golden]),
      [`GET /api/v1/parties/${uuid(501)}`]: json(200, { ...artist, isni: null }),
    });
    const { location } = open(`/catalogue?q=gold&artist=${uuid(501)}&year=2024&origin=imported&missing=isrc`);

    await recordingsTable();
    const sent = lastQuery(server, RECORDINGS);
    expect(Object.fromEntries(sent)).toEqual({
      q: 'gold',
      artist: uuid(501),
      year: '2024',
      origin: 'imported',
      missing: 'isrc',
      sort: 'title',
      dir: 'asc',
      limit: '100',
      offset: '0',
    });
    expect((screen.getByRole('searchbox', { name: 'Search catalogue' }) as HTMLInputElement).value).toBe(
      'gold',
    );
    expect((screen.getByRole('textbox', { name: 'Year' }) as HTMLInputElement).value).toBe('2024');
    expect((screen.getByRole('combobox', { name: 'Origin' }) as HTMLSelectElement).value).toBe('imported');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Artist' }) as HTMLInputElement).value).toBe('Sunny'),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Missing' }), 'Master split');
    await waitFor(() => expect(lastQuery(server, RECORDINGS).get('missing')).toBe('split'));
    expect(location()).toBe(`/catalogue?q=gold&artist=${uuid(501)}&year=2024&origin=imported&missing=split`);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/catalogue'));
    expect(lastQuery(server, RECORDINGS).get('missing')).toBeNull();
  });

  it('searches as the user types, once they pause', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveCatalogue({ [RECORDINGS]: [rows([golden, neon]), rows([neon])] });
    const { location } = open('/catalogue');
    await recordingsTable();
    await user.type(screen.getByRole('searchbox', { name: 'Search catalogue' }), 'neon');
    await waitFor(() => expect(lastQuery(server, RECORDINGS).get('q')).toBe('neon'));
    // One request for the whole word, not one per key.
    expect(server.requestsTo(RECORDINGS)).toHaveLength(2);
    expect(location()).toBe('/catalogue?q=neon');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Golden Hour' })).toBeNull());
  });

  it('sorts by a column header, flipping the order on a second click', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveCatalogue({ [RECORDINGS]: rows([golden, neon]) });
    const { location } = open('/catalogue');
    const table = await recordingsTable();
    expect(within(table).getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    await user.click(within(table).getByRole('button', { name: 'Artist' }));
    await waitFor(() => expect(lastQuery(server, RECORDINGS).get('sort')).toBe('artist'));
    expect(lastQuery(server, RECORDINGS).get('dir')).toBe('asc');
    expect(location()).toBe('/catalogue?sort=artist');
    const artistHeader = within(await recordingsTable()).getByRole('columnheader', { name: /Artist/ });
    expect(artistHeader.getAttribute('aria-sort')).toBe('ascending');

    await user.click(within(await recordingsTable()).getByRole('button', { name: 'Artist' }));
    await waitFor(() => expect(lastQuery(server, RECORDINGS).get('dir')).toBe('desc'));
    expect(location()).toBe('/catalogue?sort=artist&dir=desc');
    expect(
      within(await recordingsTable())
        .getByRole('columnheader', { name: /Artist/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
  });

  it('fetches the next page of rows when the user scrolls to it, and only renders the rows in view', async () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      makeRecordingRow({ id: uuid(1000 + i), title: `Track ${i + 1}`, isrc: null }),
    );
    const server = serveCatalogue({
      [RECORDINGS]: (request) => {
        const query = new URL(request.path, 'http://localhost').searchParams;
        const offset = Number(query.get('offset'));
        return json(200, {
          rows: many.slice(offset, offset + Number(query.get('limit'))),
          total: many.length,
        });
      },
    });
    open('/catalogue');
    const table = await recordingsTable();
    expect(screen.getByText('250 recordings')).toBeTruthy();
    expect(table.getAttribute('aria-rowcount')).toBe('251');
    expect(within(table).getByRole('link', { name: 'Track 1' })).toBeTruthy();
    // A screenful and a few more, not 250 rows.
    expect(within(table).getAllByRole('row').length).toBeLessThan(40);
    expect(server.requestsTo(RECORDINGS)).toHaveLength(1);

    const scroller = screen.getByRole('region', { name: 'Recordings table' });
    scroller.scrollTop = 150 * 48;
    fireEvent.scroll(scroller);

    expect(await within(table).findByRole('link', { name: 'Track 151' })).toBeTruthy();
    expect(lastQuery(server, RECORDINGS).get('offset')).toBe('100');
    expect(lastQuery(server, RECORDINGS).get('limit')).toBe('100');
    expect(within(table).queryByRole('link', { name: 'Track 1' })).toBeNull();
    expect(
      within(table).getByRole('link', { name: 'Track 151' }).closest('tr')?.getAttribute('aria-rowindex'),
    ).toBe('152');
  });

  it('lists what needs attention by kind, each line linking to where it is fixed', async () => {
    const user = userEvent.setup({ delay: null });
    serveCatalogue({
      [RECORDINGS]: rows([golden]),
      'GET /api/v1/catalogue/attention': attention(
        [
          {
            kind: 'duplicate_isrc',
            title: 'GBABC2500001 is on “Golden Hour” and “Golden Hour (Live)”',
            links: [
              { kind: 'recording', id: uuid(1), label: 'Golden Hour' },
              { kind: 'recording', id: uuid(3), label: 'Golden Hour (Live)' },
            ],
          },
          {
            kind: 'writer_missing_ipi_or_pro',
            title: 'Sam Writer has no IPI',
            links: [{ kind: 'party', id: uuid(701), label: 'Sam Writer' }],
          },
        ],
        { duplicate_isrc: 1, writer_missing_ipi_or_pro: 1 },
      ),
      [`GET /api/v1/catalogue/recordings/${uuid(3)}`]: json(
        200,
        makeRecording({ id: uuid(3), title: 'Golden Hour (Live)' }),
      ),
    });
    const { location } = open('/catalogue');
    await recordingsTable();

    const button = await screen.findByRole('button', { name: 'Needs attention 2' });
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Needs attention' });
    expect(location()).toBe('/catalogue?panel=attention');
    const duplicates = within(panel).getByRole('region', { name: ATTENTION_KIND_LABELS.duplicate_isrc });
    expect(
      within(duplicates).getByText('GBABC2500001 is on “Golden Hour” and “Golden Hour (Live)”'),
    ).toBeTruthy();
    const writers = within(panel).getByRole('region', {
      name: ATTENTION_KIND_LABELS.writer_missing_ipi_or_pro,
    });
    expect(within(writers).getByRole('link', { name: 'Sam Writer' }).getAttribute('href')).toBe(
      `/artists-writers/${uuid(701)}`,
    );

    await user.click(within(duplicates).getByRole('link', { name: 'Golden Hour (Live)' }));
    expect(location()).toBe(`/catalogue?recording=${uuid(3)}`);
    expect(await screen.findByRole('dialog', { name: 'Golden Hour (Live)' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Needs attention' })).toBeNull();
  });

  it('saves the current filters as a view, applies a saved view, and deletes it', async () => {
    const user = userEvent.setup({ delay: null });
    const view = {
      id: uuid(901),
      tab: 'recordings' as const,
      name: 'No ISRC yet',
      filters: { missing: 'isrc' },
    };
    const server = serveCatalogue({
      [RECORDINGS]: rows([golden]),
      'GET /api/v1/catalogue/views': [savedViews([]), savedViews([view]), savedViews([])],
      'POST /api/v1/catalogue/views': json(201, view),
      [`DELETE /api/v1/catalogue/views/${uuid(901)}`]: json(200, { ok: true }),
    });
    const { location } = open('/catalogue?missing=isrc');
    await recordingsTable();

    await user.click(screen.getByRole('button', { name: 'Save view' }));
    await user.type(await screen.findByRole('textbox', { name: 'View name' }), 'No ISRC yet');
    await user.click(
      within(screen.getByRole('dialog', { name: 'Save view' })).getByRole('button', { name: 'Save view' }),
    );
    await waitFor(() => expect(server.requestsTo('POST /api/v1/catalogue/views')).toHaveLength(1));
    expect(server.requestsTo('POST /api/v1/catalogue/views')[0]!.body).toEqual({
      tab: 'recordings',
      name: 'No ISRC yet',
      filters: { missing: 'isrc' },
    });
    const picker = (await screen.findByRole('combobox', { name: 'Saved views' })) as HTMLSelectElement;
    expect(picker.value).toBe(uuid(901));

    // Another view of the rows, then the saved one again.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Missing' }), 'Work');
    await waitFor(() => expect(location()).toBe('/catalogue?missing=work'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Saved views' }), 'No ISRC yet');
    await waitFor(() => expect(location()).toBe('/catalogue?missing=isrc'));

    await user.click(screen.getByRole('button', { name: 'Delete view No ISRC yet' }));
    await waitFor(() =>
      expect(server.requestsTo(`DELETE /api/v1/catalogue/views/${uuid(901)}`)).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Saved views' })).toBeNull());
  });

  it('shows the plan message instead of the grid when the plan has no catalogue', async () => {
    const server = serveCatalogue({}, { hasCatalogue: false, admin: true });
    open('/catalogue');
    expect(await screen.findByText(CATALOGUE_MESSAGES.notOnPlan)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe('/profile#team');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(server.requestsTo(RECORDINGS)).toHaveLength(0);
  });

  it('shows the plan message when the server answers plan_required', async () => {
    serveCatalogue({
      [RECORDINGS]: apiError(403, 'plan_required', CATALOGUE_MESSAGES.notOnPlan),
      'GET /api/v1/catalogue/attention': apiError(403, 'plan_required', CATALOGUE_MESSAGES.notOnPlan),
      'GET /api/v1/catalogue/views': apiError(403, 'plan_required', CATALOGUE_MESSAGES.notOnPlan),
    });
    open('/catalogue');
    expect(await screen.findByText(CATALOGUE_MESSAGES.notOnPlan)).toBeTruthy();
    expect(screen.getByText('An admin of your label can change its plan.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Needs attention/ })).toBeNull());
  });

  it('says when nothing matches the filters, with a way to clear them', async () => {
    const user = userEvent.setup({ delay: null });
    serveCatalogue({ [RECORDINGS]: [rows([]), rows([golden])] });
    const { location } = open('/catalogue?origin=imported');
    expect(await screen.findByText('No recordings match these filters')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(await screen.findByRole('link', { name: 'Golden Hour' })).toBeTruthy();
    expect(location()).toBe('/catalogue');
  });

  it('on a phone, folds the filters under a button that counts the ones set', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const user = userEvent.setup({ delay: null });
    serveCatalogue({ [RECORDINGS]: rows([golden]) });
    open('/catalogue?missing=isrc&origin=imported');
    await recordingsTable();
    expect(screen.getByRole('searchbox', { name: 'Search catalogue' })).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Filters 2' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('combobox', { name: 'Missing' })).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Missing' }) as HTMLSelectElement).value).toBe('isrc');
  });
});
