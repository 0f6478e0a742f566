import type { SearchResultsDto } from '@music-review/core/search';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientSession } from '../../../lib/auth/session';
import { makeClientSession, makeMe, makeOrganization } from '../../../test/factories';
import { apiError, json, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { GlobalSearch } from './global-search';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

function makeResults(query: string, overrides: Partial<SearchResultsDto> = {}): SearchResultsDto {
  return {
    query,
    songs: [
      { id: 'song-1', title: 'Nebula Nights', artist: null, status: 'pending' },
      { id: 'song-2', title: 'Blue Nebula', artist: 'Nebula Kids', status: 'signed' },
    ],
    artists: [{ name: 'Nebula Kids' }],
    contracts: [
      {
        id: 'contract-1',
        song_id: 'song-2',
        song_title: 'Blue Nebula',
        artist_name: 'Nebula Kids',
        status: 'sent',
      },
    ],
    metadata: [
      {
        id: 'form-1',
        song_id: 'song-3',
        song_title: 'Untitled',
        artist: 'Nebula Kids',
        status: 'nebula_draft',
      },
    ],
    ...overrides,
  };
}

const queryOf = (request: RecordedRequest) => new URL(request.path, 'http://localhost').searchParams.get('q');

/** The fake server answers every search with makeResults for its query. */
function serveSearch(
  reply: (q: string) => Response = (q) => json(200, makeResults(q)),
  more: Parameters<typeof mockFetch>[0] = {},
) {
  const server = mockFetch({ 'GET /api/v1/search': (request) => reply(queryOf(request) ?? ''), ...more });
  lastQuery = () => {
    const requests = server.requestsTo('GET /api/v1/search');
    return requests.length ? queryOf(requests[requests.length - 1]!) : null;
  };
  return server;
}

let lastQuery: () => string | null = () => null;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const box = () => screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
const location = () => screen.getByTestId('location').textContent;

/** The search box on /home; signed out unless `session` (then /me says what the plan has). */
function setup(session: ClientSession | null = null) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(
    <>
      <GlobalSearch />
      <LocationProbe />
    </>,
    { route: '/home', session },
  );
  return { user };
}

/** Types a query, lets the debounce pass and waits for the grouped results of that query. */
async function searchFor(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(box());
  await user.type(box(), text);
  await advance(300);
  const listbox = await screen.findByRole('listbox', { name: 'Search results' });
  // A slow machine may let an earlier prefix go out first: wait for this query's answer.
  await vi.waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/results?$/));
  await vi.waitFor(() => expect(lastQuery()).toBe(text.trim()));
  return listbox;
}

describe('global search', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the placeholder and searches 300 ms after the last key', async () => {
    const server = serveSearch();
    const { user } = setup();
    expect(box().placeholder).toBe('Search songs, artists, contracts, or metadata...');

    await user.click(box());
    await user.type(box(), 'ne');
    await advance(200);
    await user.type(box(), 'b');
    await advance(200);
    // 200 ms after the last key: nothing sent yet, not even for the first two letters.
    expect(server.requestsTo('GET /api/v1/search')).toHaveLength(0);

    await advance(150);
    await screen.findByRole('listbox', { name: 'Search results' });
    expect(server.requestsTo('GET /api/v1/search').map(queryOf)).toEqual(['neb']);
  });

  it('sends nothing under 2 characters and empties the results when the text gets that short', async () => {
    const server = serveSearch();
    const { user } = setup();
    await user.click(box());
    await user.type(box(), ' n ');
    await advance(1000);
    expect(server.requestsTo('GET /api/v1/search')).toHaveLength(0);
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.clear(box());
    await searchFor(user, 'neb');
    expect(server.requestsTo('GET /api/v1/search').map(queryOf)).toEqual(['neb']);
    await user.type(box(), '{Backspace}{Backspace}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryByRole('option')).toBeNull();
    await advance(1000);
    expect(server.requestsTo('GET /api/v1/search')).toHaveLength(1);
  });

  it('groups the results under Songs, Artists, Contracts and Metadata', async () => {
    serveSearch();
    const { user } = setup();
    const listbox = await searchFor(user, 'nebula');

    const groups = within(listbox).getAllByRole('group');
    const headingOf = (g: HTMLElement) =>
      document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent;
    expect(groups.map(headingOf)).toEqual(['Songs', 'Artists', 'Contracts', 'Metadata']);
    const group = (name: string) => within(listbox).getByRole('group', { name });
    const optionNames = (name: string) =>
      within(group(name))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(optionNames('Songs')).toEqual(['Nebula Nights', 'Blue NebulaNebula Kids']);
    expect(optionNames('Artists')).toEqual(['Nebula Kids']);
    expect(optionNames('Contracts')).toEqual(['Nebula KidsBlue Nebula · sent']);
    expect(optionNames('Metadata')).toEqual(['UntitledNebula Kids · nebula_draft']);
    expect(box().getAttribute('aria-expanded')).toBe('true');
    // Spec section 2: at most 24 rem high, then it scrolls.
    expect(listbox.parentElement?.style.maxHeight).toBe('24rem');
  });

  it('leaves out empty groups and says when nothing matched', async () => {
    serveSearch((q) =>
      json(
        200,
        q === 'qqq'
          ? makeResults(q, { songs: [], artists: [], contracts: [], metadata: [] })
          : makeResults(q, { contracts: [], metadata: [] }),
      ),
    );
    const { user } = setup();
    const listbox = await searchFor(user, 'neb');
    expect(within(listbox).getAllByRole('group').length).toBe(2);
    expect(within(listbox).queryByRole('group', { name: 'Contracts' })).toBeNull();

    await user.clear(box());
    await user.type(box(), 'qqq');
    await advance(300);
    expect(await screen.findByText('No results')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves through the options with the arrow keys and opens the active one with Enter', async () => {
    serveSearch();
    const { user } = setup();
    await searchFor(user, 'nebula');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(5);
    const active = () => box().getAttribute('aria-activedescendant');

    expect(active()).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toBe(options[2]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{ArrowUp}');
    expect(active()).toBe(options[1]!.id);
    // Wraps around at both ends.
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(active()).toBe(options[4]!.id);
    await user.keyboard('{ArrowDown}');
    expect(active()).toBe(options[0]!.id);

    await user.keyboard('{ArrowDown}{Enter}');
    expect(location()).toBe('/review/song-2');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().value).toBe('nebula');
    // The box kept the focus: a click shows the same results again.
    expect(document.activeElement).toBe(box());
    await user.click(box());
    expect(screen.getAllByRole('option')).toHaveLength(5);
  });

  it('closes with Escape, reopens with the arrow keys, and clears the box with a second Escape', async () => {
    serveSearch();
    const { user } = setup();
    await searchFor(user, 'nebula');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().value).toBe('nebula');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{Escape}{Escape}');
    expect(box().value).toBe('');
    expect(location()).toBe('/home');
  });

  it.each([
    ['Songs', 'Nebula Nights', '/review/song-1'],
    ['Artists', 'Nebula Kids', '/signed-songs?artist=Nebula+Kids'],
    ['Contracts', 'Nebula Kids', '/signed-songs/song-2/contracts'],
    ['Metadata', 'Untitled', '/signed-songs/song-3/metadata'],
  ])('opens a result of %s at its destination when clicked', async (group, name, destination) => {
    serveSearch();
    const { user } = setup();
    const listbox = await searchFor(user, 'nebula');
    await user.click(
      within(within(listbox).getByRole('group', { name: group })).getByRole('option', {
        name: new RegExp(`^${name}`),
      }),
    );
    expect(location()).toBe(destination);
  });

  it("opens a known artist's person page, with one look-up per name however often it is chosen", async () => {
    const server = serveSearch(undefined, {
      'GET /api/v1/me': json(200, makeMe()),
      'GET /api/v1/parties/by-name': (request) =>
        json(200, { id: request.path.endsWith('name=Nebula+Kids') ? 'party-9' : null }),
    });
    const { user } = setup(makeClientSession());
    const artist = async () =>
      within(within(await searchFor(user, 'nebula')).getByRole('group', { name: 'Artists' })).getByRole(
        'option',
        {
          name: 'Nebula Kids',
        },
      );

    await user.click(await artist());
    await vi.waitFor(() => expect(location()).toBe('/artists-writers/party-9'));
    await user.clear(box());
    await user.click(await artist());
    await vi.waitFor(() => expect(location()).toBe('/artists-writers/party-9'));
    expect(server.requestsTo('GET /api/v1/parties/by-name').map((r) => r.path)).toEqual([
      '/api/v1/parties/by-name?name=Nebula+Kids',
    ]);
  });

  it('opens the signed songs of an artist the catalogue does not know as a person', async () => {
    serveSearch(undefined, {
      'GET /api/v1/me': json(200, makeMe()),
      'GET /api/v1/parties/by-name': json(200, { id: null }),
    });
    const { user } = setup(makeClientSession());
    const listbox = await searchFor(user, 'nebula');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const artist = within(within(listbox).getByRole('group', { name: 'Artists' })).getByRole('option');
    expect(box().getAttribute('aria-activedescendant')).toBe(artist.id);
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(location()).toBe('/signed-songs?artist=Nebula+Kids'));
  });

  it('asks for no person page when the plan has no catalogue', async () => {
    const server = serveSearch(undefined, {
      'GET /api/v1/me': json(200, makeMe({ organization: makeOrganization({ has_catalogue: false }) })),
      'GET /api/v1/parties/by-name': json(200, { id: 'party-9' }),
    });
    const { user } = setup(makeClientSession());
    const listbox = await searchFor(user, 'nebula');
    await user.click(within(within(listbox).getByRole('group', { name: 'Artists' })).getByRole('option'));
    expect(location()).toBe('/signed-songs?artist=Nebula+Kids');
    expect(server.requestsTo('GET /api/v1/parties/by-name')).toHaveLength(0);
  });

  it('opens on focus and closes 200 ms after the box loses focus', async () => {
    serveSearch();
    const { user } = setup();
    await searchFor(user, 'nebula');

    await user.tab();
    await advance(150);
    expect(screen.getByRole('listbox')).toBeTruthy();
    await advance(100);
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.click(box());
    expect(screen.getByRole('listbox')).toBeTruthy();
  });

  it('keeps the previous results when a search fails, and only logs the error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serveSearch((q) =>
      q === 'nebula' ? json(200, makeResults(q)) : apiError(500, 'internal', 'An unexpected error occurred.'),
    );
    const { user } = setup();
    await searchFor(user, 'nebula');

    await user.type(box(), 'x');
    await advance(300);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(String(warn.mock.calls[0]?.join(' '))).toContain('Search failed');
    expect(screen.getAllByRole('option').map((o) => o.textContent?.slice(0, 13))).toContain('Nebula Nights');
    expect(box().value).toBe('nebulax');
  });
});
