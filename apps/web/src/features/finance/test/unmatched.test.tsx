import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import {
  IMPORTS,
  importsAnswer,
  LINES,
  lastQuery,
  makeGroup,
  makeImport,
  makeLine,
  REMATCH,
  RESOLVE,
  SUMMARY,
  serveFinance,
  stubPhoneViewport,
  UNMATCHED,
  unmatchedAnswer,
  uuid,
} from './finance-fixtures';

const RECORDINGS = 'GET /api/v1/catalogue/recordings';
const RELEASES = 'GET /api/v1/catalogue/releases';
const open = (route = '/finance?tab=unmatched') => renderApp({ route, session: makeClientSession() });

const golden = makeGroup({
  identifier: 'GBAAA2400001',
  track_title: 'Golden Hour',
  artist: 'Sunny',
  lines: 12,
  amounts: [{ currency: 'USD', net: '40.005' }],
  suggestion: {
    kind: 'recording',
    id: uuid(501),
    title: 'Golden Hour',
    display_artist: 'Sunny',
    code: 'GBAAA2400009',
  },
});
const night = makeGroup({
  source: 'believe',
  source_name: 'Believe',
  identifier_kind: 'upc',
  identifier: '012345678905',
  track_title: null,
  release_title: 'Night Drive',
  artist: 'The Lights',
  lines: 4,
  amounts: [
    { currency: 'EUR', net: '20.5' },
    { currency: 'USD', net: '1.015' },
  ],
  first_month: '2025-03',
  last_month: '2025-03',
  suggestion: {
    kind: 'release',
    id: uuid(601),
    title: 'Night Drive',
    display_artist: 'The Lights',
    code: null,
  },
});
const nameless = makeGroup({
  source: 'custom:bandcamp',
  source_name: 'Bandcamp',
  identifier_kind: 'title',
  identifier: 'Unknown Artist — Lost Song',
  track_title: 'Lost Song',
  release_title: null,
  artist: 'Unknown Artist',
  lines: 2,
  amounts: [{ currency: 'USD', net: '0.5' }],
  suggestion: null,
});

/** The table's rows (without the header), and one row's cells by column. */
async function unmatchedRows() {
  const table = await screen.findByRole('table', {
    name: 'Unmatched lines by identifier, largest amount first',
  });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .filter((row) => row.querySelector('th[scope="row"]'));
}

beforeAll(async () => {
  await import('../pages/finance-page');
});

describe('Finance: Unmatched', () => {
  it('lists the groups in the server’s order with their identifier, amounts, months and suggestion', async () => {
    serveFinance({
      [IMPORTS]: importsAnswer([makeImport()]),
      [UNMATCHED]: unmatchedAnswer([golden, night, nameless], {
        total: 3,
        lines: 18,
        amounts: [
          { currency: 'USD', net: '41.52' },
          { currency: 'EUR', net: '20.5' },
        ],
      }),
    });
    open();
    const rows = await unmatchedRows();
    expect(rows.map((row) => row.querySelector('th')?.textContent)).toEqual([
      'ISRCGBAAA2400001DistroKid',
      'UPC/EAN012345678905Believe',
      'Artist and titleUnknown Artist — Lost SongBandcamp',
    ]);
    const first = within(rows[0]!);
    expect(first.getByText('Golden Hour')).toBeTruthy();
    expect(first.getByText('Sunny')).toBeTruthy();
    expect(first.getByText('DistroKid')).toBeTruthy();
    expect(first.getByText('12')).toBeTruthy();
    // 40.005 rounds half to even: 40.00.
    expect(first.getByText('USD 40.00')).toBeTruthy();
    expect(first.getByText('Jan 2025 – Feb 2025')).toBeTruthy();
    expect(first.getByText(/Looks like: Golden Hour — Sunny \(ISRC GBAAA2400009\)/)).toBeTruthy();
    const second = within(rows[1]!);
    expect(second.getByText('Night Drive')).toBeTruthy();
    expect(second.getByText('EUR 20.50')).toBeTruthy();
    expect(second.getByText('USD 1.02')).toBeTruthy();
    expect(second.getByText('Mar 2025')).toBeTruthy();
    expect(second.getByText(/Looks like: Night Drive — The Lights$/)).toBeTruthy();
    expect(within(rows[2]!).getByText('No suggestion')).toBeTruthy();
    expect(within(rows[2]!).queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('3 identifiers · 18 lines · USD 41.52 · EUR 20.50')).toBeTruthy();
  });

  it('accepts exactly the ticked suggestions in one request, then says how many lines matched', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveFinance({
      [IMPORTS]: importsAnswer([makeImport()]),
      [UNMATCHED]: [unmatchedAnswer([golden, night, nameless]), unmatchedAnswer([golden, nameless])],
      [RESOLVE]: json(200, { aliases: 1, lines: 4 }),
    });
    open();
    const rows = await unmatchedRows();
    const accept = screen.getByRole('button', { name: 'Accept suggestions' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);

    await user.click(within(rows[1]!).getByRole('checkbox'));
    expect(screen.getByText(/1 suggestion ticked/)).toBeTruthy();
    await user.click(accept);

    await waitFor(() => expect(server.requestsTo(RESOLVE)).toHaveLength(1));
    expect(server.requestsTo(RESOLVE)[0]!.body).toEqual({
      items: [
        { source: 'believe', identifier_kind: 'upc', identifier: '012345678905', release_id: uuid(601) },
      ],
    });
    const said = await screen.findByText('4 lines matched.');
    expect(said.getAttribute('role')).toBe('status');
    // The list is read again: the resolved group is gone, the selection with it.
    await waitFor(() => expect(screen.queryByText('Night Drive')).toBeNull());
    expect(server.requestsTo(SUMMARY).length).toBeGreaterThanOrEqual(2);
    expect((screen.getByRole('button', { name: 'Accept suggestions' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('ticks every suggestion at once from the column header', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveFinance({
      [UNMATCHED]: unmatchedAnswer([golden, night, nameless]),
      [RESOLVE]: json(200, { aliases: 2, lines: 16 }),
    });
    open();
    await unmatchedRows();
    await user.click(screen.getByRole('checkbox', { name: /select every suggestion/ }));
    await user.click(screen.getByRole('button', { name: 'Accept suggestions' }));
    await waitFor(() => expect(server.requestsTo(RESOLVE)).toHaveLength(1));
    expect(server.requestsTo(RESOLVE)[0]!.body).toEqual({
      items: [
        { source: 'distrokid', identifier_kind: 'isrc', identifier: 'GBAAA2400001', recording_id: uuid(501) },
        { source: 'believe', identifier_kind: 'upc', identifier: '012345678905', release_id: uuid(601) },
      ],
    });
    expect(await screen.findByText('16 lines matched.')).toBeTruthy();
  });

  it('resolves a group to a release found in the catalogue with the picker', async () => {
    const user = userEvent.setup({ delay: null });
    const release = {
      id: uuid(701),
      title: 'Lost Songs',
      version: 'Deluxe',
      display_artist: 'Unknown Artist',
      release_type: 'album',
      upc: '5012345678900',
      catalogue_number: 'MID-9',
      release_date: '2024-01-01',
      status: 'released',
      track_count: 10,
      tracks_missing_codes: 0,
      updated_at: '2025-01-01T00:00:00.000Z',
      row_version: 1,
    };
    const server = serveFinance({
      [UNMATCHED]: [unmatchedAnswer([nameless]), unmatchedAnswer([])],
      [RECORDINGS]: json(200, { rows: [], total: 0 }),
      [RELEASES]: json(200, { rows: [release], total: 1 }),
      [RESOLVE]: [
        apiError(404, 'not_found', 'That recording or release was not found in your catalogue.'),
        json(200, { aliases: 1, lines: 2 }),
      ],
      [IMPORTS]: importsAnswer([makeImport()]),
    });
    open();
    const [row] = await unmatchedRows();
    await user.click(within(row!).getByRole('button', { name: 'Resolve' }));

    const dialog = within(
      await screen.findByRole('dialog', { name: 'Resolve “Unknown Artist — Lost Song”' }),
    );
    // A title's group is most likely a track: the recordings are searched first, by its title.
    expect((dialog.getByRole('radio', { name: 'Recording' }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('searchbox', { name: 'Search recordings' }) as HTMLInputElement).value).toBe(
      'Lost Song',
    );
    expect(await dialog.findByText(/No recording matches/)).toBeTruthy();
    expect(lastQuery(server, RECORDINGS).get('q')).toBe('Lost Song');

    await user.click(dialog.getByRole('radio', { name: 'Release' }));
    const search = dialog.getByRole('searchbox', { name: 'Search releases' });
    await user.clear(search);
    await user.type(search, 'lost');
    await waitFor(() => expect(lastQuery(server, RELEASES).get('q')).toBe('lost'));
    await user.click(dialog.getByRole('button', { name: 'Resolve' }));
    expect(dialog.getByText('Choose the release these lines belong to.')).toBeTruthy();
    expect(server.requestsTo(RESOLVE)).toHaveLength(0);

    await user.click(
      await dialog.findByRole('radio', { name: 'Lost Songs (Deluxe) — Unknown Artist (UPC 5012345678900)' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Resolve' }));
    expect(
      await dialog.findByText('That recording or release was not found in your catalogue.'),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Resolve' }));

    await waitFor(() => expect(server.requestsTo(RESOLVE)).toHaveLength(2));
    expect(server.requestsTo(RESOLVE)[1]!.body).toEqual({
      items: [
        {
          source: 'custom:bandcamp',
          identifier_kind: 'title',
          identifier: 'Unknown Artist — Lost Song',
          release_id: uuid(701),
        },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('2 lines matched.')).toBeTruthy();
    expect(await screen.findByText('Every imported line matched your catalogue.')).toBeTruthy();
  }, 15_000);

  it('matches again and says how many lines found their recording or release', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveFinance({
      [UNMATCHED]: [unmatchedAnswer([golden, nameless]), unmatchedAnswer([nameless])],
      [REMATCH]: [json(200, { lines: 12 }), json(200, { lines: 0 })],
      [IMPORTS]: importsAnswer([makeImport()]),
    });
    open();
    await unmatchedRows();
    await user.click(screen.getByRole('button', { name: 'Match again' }));
    expect(await screen.findByText('Matched again: 12 lines matched.')).toBeTruthy();
    expect(server.requestsTo(REMATCH)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('GBAAA2400001')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Match again' }));
    expect(
      await screen.findByText(
        'Matched again: no more line matched. Add the missing codes in the catalogue, or resolve the lines below.',
      ),
    ).toBeTruthy();
  });

  it('shows a group’s lines with each raw row as the statement had it', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveFinance({
      [UNMATCHED]: unmatchedAnswer([golden]),
      [LINES]: json(200, {
        rows: [
          makeLine(),
          makeLine({
            line_number: 8,
            net: '0.0031',
            store: null,
            raw: '2025-04-01\t2025-01\t\tSunny\tGolden Hour',
          }),
        ],
        total: 12,
      }),
    });
    open();
    const [row] = await unmatchedRows();
    const toggle = within(row!).getByRole('button', { name: 'Show lines' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);

    const lines = within(await screen.findByRole('table', { name: 'Lines of GBAAA2400001' }));
    expect(Object.fromEntries(lastQuery(server, LINES))).toEqual({
      source: 'distrokid',
      identifier_kind: 'isrc',
      identifier: 'GBAAA2400001',
      limit: '100',
    });
    const raw = lines.getByText('2025-04-01\t2025-01\tSpotify\tSunny\tGolden Hour\tGBAAA2400001', {
      normalizer: (text) => text,
    });
    expect(raw.className).toContain('font-mono');
    expect(lines.getByText('USD 3.33')).toBeTruthy();
    expect(lines.getByText('USD 0.00')).toBeTruthy();
    expect(screen.getByText('Showing the first 2 of 12 lines.')).toBeTruthy();
    expect(within(row!).getByRole('button', { name: 'Hide lines' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('searches on the server once the member pauses, and keeps the search in the URL', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveFinance({
      [UNMATCHED]: (request) =>
        new URL(request.path, 'http://localhost').searchParams.get('q') === 'lost'
          ? unmatchedAnswer([nameless])
          : unmatchedAnswer([golden, nameless]),
      [IMPORTS]: importsAnswer([makeImport()]),
    });
    const { location } = open();
    await unmatchedRows();
    await user.type(screen.getByRole('searchbox', { name: 'Search unmatched lines' }), 'lost');
    await waitFor(() => expect(lastQuery(server, UNMATCHED).get('q')).toBe('lost'));
    // One request for the word, not one per key.
    expect(server.requestsTo(UNMATCHED)).toHaveLength(2);
    expect(location()).toBe('/finance?tab=unmatched&q=lost');
    await waitFor(() => expect(screen.queryByText('GBAAA2400001')).toBeNull());
  });

  it('reads the search from a link, and says when nothing matches it', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveFinance({
      [UNMATCHED]: unmatchedAnswer([]),
      [IMPORTS]: importsAnswer([makeImport()]),
    });
    const { location } = open('/finance?tab=unmatched&q=zzz');
    expect(await screen.findByText('No unmatched lines match “zzz”')).toBeTruthy();
    expect(lastQuery(server, UNMATCHED).get('q')).toBe('zzz');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location()).toBe('/finance?tab=unmatched'));
    expect(await screen.findByText('Every imported line matched your catalogue.')).toBeTruthy();
  });

  it('points to Imports when nothing was imported yet', async () => {
    const user = userEvent.setup({ delay: null });
    serveFinance({});
    const { location } = open();
    expect(await screen.findByText('Nothing imported yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to Imports' }));
    expect(location()).toBe('/finance');
  });

  it('shows cards on a phone, with the suggestion and the actions', async () => {
    stubPhoneViewport();
    const user = userEvent.setup({ delay: null });
    const server = serveFinance({
      [UNMATCHED]: unmatchedAnswer([golden]),
      [RESOLVE]: json(200, { aliases: 1, lines: 12 }),
    });
    open();
    const cards = await screen.findByRole('list', { name: 'Unmatched lines' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(within(cards).getByRole('article', { name: 'Golden Hour' }));
    expect(card.getByText('GBAAA2400001')).toBeTruthy();
    await user.click(card.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Accept suggestions' }));
    await waitFor(() => expect(server.requestsTo(RESOLVE)).toHaveLength(1));
  });
});
