import { CATALOGUE_MESSAGES, CATALOGUE_TEXTS, PEOPLE_TAB_LABELS } from '@music-review/core/catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { makeClientSession, makeMe, makeOrganization } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { ScriptedSocket } from '../../messages/testing/scripted-socket';
import { makePartyRow, makePayeeRow, meRoute, page, paramsOf } from '../test/people-data';

const lena = makePartyRow({
  id: 'party-1',
  name: 'Lena Park',
  aliases: ['L. Park', '박레나'],
  roles: ['artist', 'writer'],
  ipi: '00123456789',
  pro: 'PRS',
  country: 'GB',
  recording_count: 12,
  work_count: 3,
  payee: { id: 'payee-1', name: 'Park Music Ltd' },
});
const hanako = makePartyRow({ id: 'party-2', name: '山田 花子', recording_count: 1, work_count: 0 });

function lastQuery(server: ReturnType<typeof mockFetch>, route: string) {
  const requests = server.requestsTo(route);
  return paramsOf(requests[requests.length - 1]!);
}

beforeAll(async () => {
  await import('./artists-writers-page');
});
afterEach(() => ScriptedSocket.reset());

describe('Artists & Writers', () => {
  it('lists the artists with their other names, roles, identifiers, counts and payee', async () => {
    const server = mockFetch({ ...meRoute, 'GET /api/v1/parties': json(200, page([lena, hanako])) });
    renderApp({ route: '/artists-writers', session: makeClientSession() });

    expect(
      await screen.findByRole('heading', { level: 1, name: CATALOGUE_TEXTS.peopleHeading }),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Artists' });
    const row = within(within(list).getByRole('article', { name: 'Lena Park' }));
    expect(row.getByRole('link', { name: 'Lena Park' }).getAttribute('href')).toBe(
      '/artists-writers/party-1',
    );
    expect(row.getByText('Also credited as L. Park, 박레나')).toBeTruthy();
    expect(row.getByText('Artist, Writer')).toBeTruthy();
    expect(row.getByText('IPI 00123456789 · PRS · GB')).toBeTruthy();
    expect(row.getByText('Recordings').nextElementSibling?.textContent).toBe('12');
    expect(row.getByText('Works').nextElementSibling?.textContent).toBe('3');
    expect(row.getByRole('link', { name: 'Park Music Ltd' }).getAttribute('href')).toBe(
      '/artists-writers?tab=payees&payee=payee-1',
    );
    // A name in another script is shown as written and links like any other.
    expect(within(list).getByRole('link', { name: '山田 花子' }).getAttribute('href')).toBe(
      '/artists-writers/party-2',
    );
    expect(screen.getByText('2 artists')).toBeTruthy();
    expect(paramsOf(server.requestsTo('GET /api/v1/parties')[0]!).toString()).toBe(
      'role=artist&sort=name&limit=50&offset=0',
    );
  });

  it('switches tabs through the URL: writers (and publishers), then payees', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      ...meRoute,
      'GET /api/v1/parties': (request) =>
        json(
          200,
          page(
            paramsOf(request).get('role') === 'publisher'
              ? [
                  makePartyRow({
                    id: 'pub-1',
                    name: 'Northern Songs',
                    party_type: 'company',
                    roles: ['publisher'],
                  }),
                ]
              : paramsOf(request).get('role') === 'writer'
                ? [makePartyRow({ id: 'w-1', name: 'Ada Writer', roles: ['writer'], work_count: 7 })]
                : [lena],
          ),
        ),
      'GET /api/v1/payees': json(200, page([makePayeeRow()])),
    });
    const { location } = renderApp({ route: '/artists-writers', session: makeClientSession() });

    const tabs = await screen.findByRole('tablist', { name: 'People' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([PEOPLE_TAB_LABELS.artists, PEOPLE_TAB_LABELS.writers, PEOPLE_TAB_LABELS.payees]);
    expect(screen.getByRole('tab', { name: 'Artists' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('article', { name: 'Lena Park' });

    await user.click(screen.getByRole('tab', { name: 'Writers' }));
    expect(location()).toBe('/artists-writers?tab=writers');
    expect(await screen.findByRole('article', { name: 'Ada Writer' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Writers' })).toBeTruthy();
    expect(lastQuery(server, 'GET /api/v1/parties').get('role')).toBe('writer');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Publishers');
    expect(await screen.findByRole('article', { name: 'Northern Songs' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Northern Songs' })).getByText('Company')).toBeTruthy();
    expect(location()).toBe('/artists-writers?tab=writers&role=publisher');

    // The arrow keys move between tabs, as in any tab list.
    screen.getByRole('tab', { name: 'Writers' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(location()).toBe('/artists-writers?tab=payees');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Payees' }));
    expect(await screen.findByRole('article', { name: 'Park Music Ltd' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add payee' })).toBeTruthy();
    expect(screen.getByRole('button', { name: CATALOGUE_TEXTS.addPerson })).toBeTruthy();
  });

  it('opens on the tab the URL names and ignores an unknown one', async () => {
    mockFetch({ ...meRoute, 'GET /api/v1/parties': json(200, page([lena])) });
    renderApp({ route: '/artists-writers?tab=bogus', session: makeClientSession() });
    expect(await screen.findByRole('article', { name: 'Lena Park' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Artists' }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches on the server as the user types, in any script, and says when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      ...meRoute,
      'GET /api/v1/parties': (request) => {
        const q = paramsOf(request).get('q');
        return json(200, page(q === '山田' ? [hanako] : q ? [] : [lena, hanako]));
      },
    });
    const { location } = renderApp({ route: '/artists-writers', session: makeClientSession() });
    await screen.findByRole('article', { name: 'Lena Park' });

    const search = screen.getByRole('searchbox', { name: 'Search artists' });
    await user.type(search, '山田');
    await waitFor(() => expect(lastQuery(server, 'GET /api/v1/parties').get('q')).toBe('山田'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Lena Park' })).toBeNull());
    expect(screen.getByRole('article', { name: '山田 花子' })).toBeTruthy();
    expect(screen.getByText('1 artist matching “山田”')).toBeTruthy();
    expect(location()).toBe(`/artists-writers?q=${encodeURIComponent('山田')}`);

    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('No artists match “zzz”')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('article', { name: 'Lena Park' })).toBeTruthy();
  });

  it('pages through thousands of people on the server, 50 at a time', async () => {
    const user = userEvent.setup({ delay: null });
    const first = Array.from({ length: 50 }, (_, i) => makePartyRow({ id: `p-${i}`, name: `Artist ${i}` }));
    const server = mockFetch({
      ...meRoute,
      'GET /api/v1/parties': [
        json(200, page(first, 4321)),
        json(200, page([makePartyRow({ id: 'p-50', name: 'Artist 50' })], 4321)),
      ],
    });
    renderApp({ route: '/artists-writers', session: makeClientSession() });
    expect(await screen.findByText('4,321 artists')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Artists' })).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('Showing 50 of 4,321')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Artist 50' })).toBeTruthy();
    expect(lastQuery(server, 'GET /api/v1/parties').get('offset')).toBe('50');
    expect(lastQuery(server, 'GET /api/v1/parties').get('limit')).toBe('50');
  });

  it('says when there is no one yet, with a way to add a person', async () => {
    mockFetch({ ...meRoute, 'GET /api/v1/parties': json(200, page([])) });
    renderApp({ route: '/artists-writers?tab=writers', session: makeClientSession() });
    expect(await screen.findByText('No writers yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: CATALOGUE_TEXTS.addPerson })).toHaveLength(2);
  });

  it('shows the plan gate with a way to the plan when the server answers plan_required', async () => {
    mockFetch({
      ...meRoute,
      'GET /api/v1/parties': apiError(403, 'plan_required', CATALOGUE_MESSAGES.notOnPlan),
    });
    renderApp({ route: '/artists-writers', session: makeClientSession() });
    expect(await screen.findByText(CATALOGUE_MESSAGES.notOnPlan)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe(
      paths.profile.planHref(),
    );
    expect(screen.queryByRole('list', { name: 'Artists' })).toBeNull();
  });

  it('asks nothing when /me already says the plan has no catalogue', async () => {
    const server = mockFetch({
      'GET /api/v1/me': json(200, makeMe({ organization: makeOrganization({ has_catalogue: false }) })),
      'GET /api/v1/parties': json(200, page([lena])),
    });
    renderApp({ route: '/artists-writers', session: makeClientSession() });
    expect(await screen.findByText(CATALOGUE_MESSAGES.notOnPlan)).toBeTruthy();
    expect(screen.queryByRole('button', { name: CATALOGUE_TEXTS.addPerson })).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(server.requestsTo('GET /api/v1/parties')).toHaveLength(0);
  });

  it('reloads when anyone changes people or payees (realtime)', async () => {
    vi.stubGlobal('WebSocket', ScriptedSocket);
    const server = mockFetch({
      ...meRoute,
      'GET /api/v1/parties': [json(200, page([lena])), json(200, page([lena, hanako]))],
      'GET /api/v1/payees': json(200, page([])),
    });
    renderApp({ route: '/artists-writers', session: makeClientSession() });
    await screen.findByRole('article', { name: 'Lena Park' });
    await waitFor(() =>
      expect(ScriptedSocket.latest().topics()).toEqual(
        expect.arrayContaining(['table:parties', 'table:payees']),
      ),
    );

    ScriptedSocket.latest().change({
      topic: 'table:parties',
      table: 'parties',
      event: 'INSERT',
      id: 'party-2',
    });
    expect(await screen.findByRole('article', { name: '山田 花子' })).toBeTruthy();
    expect(server.requestsTo('GET /api/v1/parties')).toHaveLength(2);

    // A payee renamed elsewhere shows on the people paying into it: the list asks again.
    ScriptedSocket.latest().change({
      topic: 'table:payees',
      table: 'payees',
      event: 'UPDATE',
      id: 'payee-1',
    });
    await waitFor(() => expect(server.requestsTo('GET /api/v1/parties')).toHaveLength(3));
  });

  it('shows a load failure with a way to try again', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      ...meRoute,
      'GET /api/v1/parties': [apiError(403, 'forbidden', 'No access'), json(200, page([lena]))],
    });
    renderApp({ route: '/artists-writers', session: makeClientSession() });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No access');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Lena Park' })).toBeTruthy();
  });
});
