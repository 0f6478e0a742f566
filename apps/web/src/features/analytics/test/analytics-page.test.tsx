import { ANALYTICS_MESSAGES } from '@music-review/core/analytics';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { stubPhoneViewport } from '../../finance/test/finance-fixtures';
import { ScriptedSocket } from '../../messages/testing/scripted-socket';
import {
  AR_EXPORT,
  BREAKDOWN,
  breakdownRoute,
  csvFile,
  DEMO_REVENUE,
  EXPORT,
  FUNNEL,
  INCOME_EXPORT,
  LINES,
  lastQuery,
  MISSING,
  makeLinesPage,
  makePerformance,
  missingAnswer,
  PERFORMANCE,
  serveAnalytics,
  uuid,
  VALUE,
} from './analytics-fixtures';

const open = (route = '/analytics') => renderApp({ route, session: makeClientSession() });

/** A section of the page, by its heading. */
const section = async (name: string) => within(await screen.findByRole('region', { name }));

/** The cells of a table's body rows, as text. */
const bodyCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

let saved: string[] = [];

beforeAll(async () => {
  await import('../pages/analytics-page');
});
beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => ScriptedSocket.reset());

describe('Analytics page', () => {
  it('shows the five tabs and Performance: headline figures half to even, comparisons, rates and what was not converted', async () => {
    serveAnalytics();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Performance',
      'A&R',
      'Demo to revenue',
      'Missing income',
      'Catalogue value',
    ]);
    expect(screen.getByRole('tab', { name: 'Performance' }).getAttribute('aria-selected')).toBe('true');

    const figures = within(await screen.findByLabelText('Headline figures'));
    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!.textContent;
    // 400.125 + 600.5 + 250 = 1250.625 -> half to even at the cent: 1,250.62.
    expect(figures.getByText('USD 1,250.62')).toBeTruthy();
    // (1250.625 - 1000) / 1000 = 25.0625 % -> "+25.1%".
    expect(tile('Income')).toContain('+25.1%vs the previous period (Oct–Dec 2024)');
    expect(tile('Income')).toContain('Nothing in the same period last year (Jan–Mar 2024) to compare with');
    expect(tile('Units')).toContain('120,500');
    expect(tile('Units')).toContain('+20.5%');
    expect(tile('Streams')).toContain('120,000');

    expect(screen.getByText('Amounts in USD. Rates used (1)')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Rates used' })).getByRole('listitem').textContent).toBe(
      '1 EUR = 1.0825 USD (rates of the period Jan–Mar 2025; used for Jan–Mar 2025)',
    );
    expect(
      within(screen.getByRole('list', { name: 'Not converted' })).getByRole('listitem').textContent,
    ).toBe('GBP 12.50 in this range · GBP 0.00 in the previous one · GBP 0.00 a year earlier');

    // Each chart is an image summarised in words.
    const income = await section('Income over time');
    expect(income.getByRole('img').getAttribute('aria-label')).toBe(
      'Income by month, Jan–Mar 2025, in USD: USD 1,250.62 in all, the most in Feb 2025 (USD 600.50). The dashed line is the same months a year earlier: USD 0.00 in all.',
    );
    const stores = await section('Income by store');
    expect(stores.getByRole('img').getAttribute('aria-label')).toBe(
      'Income by store, Jan–Mar 2025, largest first: Spotify USD 800.12 (64%), Apple Music USD 450.50 (36%).',
    );
  });

  it('opens a chart’s figures with "Show table", and shows territories and movements as the API labels them', async () => {
    const user = userEvent.setup({ delay: null });
    serveAnalytics();
    open();
    const income = await section('Income over time');
    const toggle = income.getByRole('button', { name: 'Show table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(income.queryByRole('table')).toBeNull();
    await user.click(toggle);
    expect(income.getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe('true');
    const table = income.getByRole('table', { name: 'Income by month, Jan–Mar 2025' });
    expect(bodyCells(table).map((cells) => cells.slice(0, 4))).toEqual([
      ['Jan 2025', 'USD 400.12', '40,000', '39,900'],
      ['Feb 2025', 'USD 600.50', '60,500', '60,400'],
      ['Mar 2025', 'USD 250.00', '20,000', '19,900'],
    ]);

    const territories = await section('Income by territory');
    await user.click(territories.getByRole('button', { name: 'Show table' }));
    expect(bodyCells(territories.getByRole('table')).map((cells) => [cells[1], cells[2], cells[7]])).toEqual([
      ['United States', 'USD 1,000.00', 'Same'],
      ['Unknown (XK)', 'USD 200.62', 'New'],
      ['No country given', 'USD 50.00', 'New'],
    ]);

    // Top lists are tables from the start, with each row's movement.
    const releases = await section('Top releases');
    expect(bodyCells(releases.getByRole('table')).map((cells) => [cells[0], cells[1], cells[5]])).toEqual([
      ['1', 'Summer EP', 'Up 2'],
      ['2', 'Unmatched', 'New'],
    ]);
    const stores = await section('Income by store');
    await user.click(stores.getByRole('button', { name: 'Show table' }));
    expect(bodyCells(stores.getByRole('table')).map((cells) => [cells[1], cells[6], cells[7]])).toEqual([
      ['Spotify', '+100%', 'Up 1'],
      ['Apple Music', '-24.9%', 'Down 1'],
    ]);
    const perStream = await section('Revenue per 1,000 streams');
    await user.click(perStream.getByRole('button', { name: 'Show table' }));
    expect(bodyCells(perStream.getByRole('table'))[0]).toEqual([
      'Spotify',
      '100,000',
      'USD 312.35',
      'USD 3.12',
    ]);
  });

  it('sends the filters from the URL, writes a chosen filter into it, and clears them', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveAnalytics();
    const { location } = open('/analytics?from=2025-01&to=2025-03&territory=gb');
    await screen.findByLabelText('Headline figures');
    const first = lastQuery(server, PERFORMANCE);
    expect(Object.fromEntries(first)).toEqual({ from: '2025-01', to: '2025-03', territory: 'GB' });
    // The filters' choices are what earned in the range, whatever the other filters.
    await waitFor(() =>
      expect(
        server
          .requestsTo(BREAKDOWN)
          .some(
            (r) => r.path === '/api/v1/analytics/breakdown?from=2025-01&to=2025-03&dimension=store&limit=500',
          ),
      ).toBe(true),
    );
    const store = screen.getByRole('combobox', { name: 'Store' });
    await waitFor(() => expect(within(store).getByRole('option', { name: 'Spotify' })).toBeTruthy());
    await user.selectOptions(store, 'Spotify');
    expect(location()).toBe('/analytics?from=2025-01&to=2025-03&territory=gb&store=Spotify');
    await waitFor(() => expect(lastQuery(server, PERFORMANCE).get('store')).toBe('Spotify'));
    expect(lastQuery(server, PERFORMANCE).get('territory')).toBe('GB');
    const storeBreakdown = server
      .requestsTo(BREAKDOWN)
      .filter((r) => r.path.includes('dimension=store&limit=50'))
      .at(-1)!;
    expect(new URL(storeBreakdown.path, 'http://localhost').searchParams.get('store')).toBe('Spotify');

    // A month typed in the range becomes the filter.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-07' } });
    expect(new URL(location()!, 'http://localhost').searchParams.get('from')).toBe('2024-07');
    await waitFor(() => expect(lastQuery(server, PERFORMANCE).get('from')).toBe('2024-07'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/analytics');
    await waitFor(() => expect([...lastQuery(server, PERFORMANCE).keys()]).toEqual([]));
  });

  it('shows the range the server chose when the URL has none, and its refusal of a backwards range', async () => {
    const server = serveAnalytics({
      [`${PERFORMANCE}?from=2025-05&to=2025-01`]: apiError(
        400,
        'validation_failed',
        ANALYTICS_MESSAGES.toBeforeFrom,
      ),
    });
    const first = open();
    await screen.findByLabelText('Headline figures');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2025-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2025-03');
    expect(lastQuery(server, PERFORMANCE).toString()).toBe('');
    first.unmount();

    open('/analytics?from=2025-05&to=2025-01');
    expect(await screen.findByText(ANALYTICS_MESSAGES.toBeforeFrom)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('exports a chart’s data with the page’s filters, and shows the plan’s limit in the server’s words', async () => {
    const user = userEvent.setup({ delay: null });
    const limit = ANALYTICS_MESSAGES.exportLimit(10);
    const server = serveAnalytics({
      [EXPORT]: [csvFile('analytics-store-2025-01-2025-03.csv'), apiError(403, 'plan_limit_reached', limit)],
    });
    open('/analytics?store=Spotify');
    const stores = await section('Income by store');
    await user.click(stores.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['analytics-store-2025-01-2025-03.csv']));
    expect(server.requestsTo(EXPORT).at(-1)!.path).toBe(
      '/api/v1/analytics/performance/export?store=Spotify&report=store',
    );

    const income = await section('Income over time');
    await user.click(income.getByRole('button', { name: 'Export CSV' }));
    expect((await income.findByRole('alert')).textContent).toBe(limit);
    expect(server.requestsTo(EXPORT).at(-1)!.path).toBe(
      '/api/v1/analytics/performance/export?store=Spotify&report=series',
    );
    expect(saved).toHaveLength(1);
  });

  it('points a label without statements to "Import statement" in Finance', async () => {
    serveAnalytics({ [PERFORMANCE]: json(200, makePerformance({ empty: true })) });
    open();
    expect(await screen.findByText('No statements imported yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Import statement' }).getAttribute('href')).toBe('/finance');
    expect(screen.queryByLabelText('Headline figures')).toBeNull();
  });

  it('shows the A&R funnel: figures, demos per week by source, members, and exports a report', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveAnalytics({ [AR_EXPORT]: csvFile('funnel-weeks.csv') });
    const { location } = open('/analytics?tab=ar');
    expect((await screen.findByRole('tab', { name: 'A&R' })).getAttribute('aria-selected')).toBe('true');
    const figures = within(await screen.findByLabelText('A&R figures'));
    const figure = (label: string) => figures.getByText(label, { selector: 'dt' }).parentElement!.textContent;
    expect(figure('Demos received')).toContain('8');
    expect(figure('Reached the 60 % threshold')).toContain('75%6 of 8: reviews from 2 of 3 members');
    expect(figure('Signed rate')).toContain('25%');
    expect(figure('Signed in the last 30 days')).toContain('4');
    // 60 hours is past two days: 2.5 days.
    expect(figure('Time to first listen')).toContain(
      '5.5 hMedian; 90 % within 2.5 days. 1 not listened to yet.',
    );

    const weeks = await section('Demos per week');
    await user.click(weeks.getByRole('button', { name: 'Show table' }));
    expect(bodyCells(weeks.getByRole('table'))).toEqual([
      ['2025-W10', 'Mar 3, 2025', '5', '2', '3', '0'],
      ['2025-W11', 'Mar 10, 2025', '3', '0', '2', '1'],
    ]);
    const members = await section('Reviews per member');
    await user.click(members.getByRole('button', { name: 'Show table' }));
    expect(
      bodyCells(members.getByRole('table')).map((cells) => [cells[0], cells[1], cells[4], cells[8]]),
    ).toEqual([
      ['Ada Lovelace', '7', '7.25', '28.6%'],
      ['Former member (left the label)', '2', '5', '0%'],
    ]);

    await user.click(weeks.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['funnel-weeks.csv']));
    expect(server.requestsTo(AR_EXPORT).at(-1)!.path).toBe('/api/v1/analytics/ar/export?report=funnel_weeks');

    // A range typed in writes the URL and asks the funnel for it.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-06' } });
    expect(location()).toBe('/analytics?tab=ar&ar_from=2025-01-06');
    await waitFor(() => expect(lastQuery(server, FUNNEL).get('from')).toBe('2025-01-06'));
    // Statement figures were never asked for.
    expect(server.requestsTo(PERFORMANCE)).toHaveLength(0);
  });

  it('shows what each signed demo earned beside its scores, advance and recoupment', async () => {
    serveAnalytics();
    open('/analytics?tab=demo-revenue');
    const demos = await section('Signed demos');
    expect(demos.queryByRole('table')).toBeNull();
    fireEvent.click(demos.getByRole('button', { name: 'Show table' }));
    const [cells] = bodyCells(demos.getByRole('table'));
    expect(cells).toEqual([
      'Golden HourSunny',
      'Jun 3, 2024',
      '2',
      '8.25',
      '8.5',
      '7',
      'USD 1,234.57+ GBP 10.00 not converted',
      'USD 1,234.57 · GBP 10.00',
      'USD 2,000.00From the ledger',
      'UnrecoupedUSD 500.00 to go',
    ]);
    const high = await section('High scores that became income');
    fireEvent.click(high.getByRole('button', { name: 'Show table' }));
    expect(bodyCells(high.getByRole('table'))).toEqual([
      ['Ada Lovelace', '7', '3', '1', 'USD 1,234.57', 'Golden Hour'],
    ]);
  });

  it('lists missing income and opens an alert’s lines in a drawer, paged, with their export', async () => {
    const user = userEvent.setup({ delay: null });
    const second = makeLinesPage({
      rows: [{ ...makeLinesPage().rows[0]!, line_number: 13, sale_month: '2025-02', net: '30.3766' }],
      total: 2,
      quantity: 6000,
      amounts: [{ currency: 'USD', net: '45.5' }],
    });
    const server = serveAnalytics({
      [LINES]: [
        json(
          200,
          makeLinesPage({
            next_cursor: 'c1',
            total: 2,
            quantity: 6000,
            amounts: [{ currency: 'USD', net: '45.5' }],
          }),
        ),
        json(200, second),
      ],
      [INCOME_EXPORT]: csvFile('statement-lines.csv'),
    });
    const { location } = open('/analytics?tab=missing-income');
    const alerts = within(await screen.findByRole('list', { name: 'Missing income alerts' }));
    const alert = within(alerts.getByRole('article', { name: 'Golden Hour, Deezer' }));
    expect(alert.getByText('Missing')).toBeTruthy();
    expect(alert.getByText('USD 45.50 in Jan–Mar 2025 (3 months)')).toBeTruthy();

    await user.click(alerts.getByRole('button', { name: 'View lines of “Golden Hour” at Deezer' }));
    expect(location()).toBe(`/analytics?tab=missing-income&alert=${uuid(61)}`);
    const sheet = within(await screen.findByRole('dialog', { name: 'Statement lines: Golden Hour' }));
    expect(Object.fromEntries(lastQuery(server, LINES))).toEqual({
      recording_id: uuid(31),
      source: 'distrokid',
      store: 'Deezer',
      from: '2025-01',
      to: '2025-04',
      limit: '50',
    });
    expect(await sheet.findByText('2 lines · 6,000 units · USD 45.50')).toBeTruthy();
    await user.click(sheet.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(sheet.getAllByRole('row')).toHaveLength(3));
    expect(lastQuery(server, LINES).get('cursor')).toBe('c1');
    expect(bodyCells(sheet.getByRole('table')).map((cells) => [cells[0], cells[5]])).toEqual([
      ['Mar 2025', 'USD 15.12'],
      ['Feb 2025', 'USD 30.38'],
    ]);

    await user.click(sheet.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['statement-lines.csv']));
    expect(Object.fromEntries(lastQuery(server, INCOME_EXPORT))).toEqual({
      recording_id: uuid(31),
      source: 'distrokid',
      store: 'Deezer',
      from: '2025-01',
      to: '2025-04',
      report: 'lines',
    });

    await user.click(sheet.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/analytics?tab=missing-income');
  });

  it('says when nothing is missing, and points to "Import statement" without statements', async () => {
    serveAnalytics({ [MISSING]: missingAnswer([]) });
    const first = open('/analytics?tab=missing-income');
    expect(await screen.findByText(/No missing income: every store and territory/)).toBeTruthy();
    first.unmount();
    serveAnalytics({ [MISSING]: missingAnswer([], { has_statements: false }) });
    open('/analytics?tab=missing-income');
    expect(await screen.findByRole('link', { name: 'Import statement' })).toBeTruthy();
  });

  it('shows the last twelve months per artist and per release', async () => {
    serveAnalytics();
    open('/analytics?tab=catalogue-value');
    // 3000.005 -> half to even: 3,000.00.
    expect(await screen.findByText('USD 3,000.00')).toBeTruthy();
    expect(
      screen.getByRole('heading', { name: 'Last twelve months’ income, Apr 2024–Mar 2025' }),
    ).toBeTruthy();
    const artists = await section('Value per artist');
    fireEvent.click(artists.getByRole('button', { name: 'Show table' }));
    expect(bodyCells(artists.getByRole('table')).map((cells) => [cells[1], cells[4]])).toEqual([
      ['Sunny', 'USD 2,000.00'],
      ['The Moons', 'USD 1,000.00'],
    ]);
    const releases = await section('Value per release');
    fireEvent.click(releases.getByRole('button', { name: 'Show table' }));
    expect(bodyCells(releases.getByRole('table')).map((cells) => [cells[1], cells[5]])).toEqual([
      ['Summer EPSunny', 'USD 2,500.00'],
      ['Not on a releaseVarious', 'USD 500.00'],
    ]);
  });

  it('keeps the A&R tab open to a plan without the catalogue and shows Finance’s plan notice on the others', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveAnalytics({}, { hasCatalogue: false });
    open();
    expect(await screen.findByText(/Finance is part of the Pro and Label plans/)).toBeTruthy();
    expect(screen.getByText('An admin of your label can change its plan.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'A&R' }));
    expect(await screen.findByLabelText('A&R figures')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Missing income' }));
    expect(screen.getByText(/Finance is part of the Pro and Label plans/)).toBeTruthy();
    for (const route of [PERFORMANCE, BREAKDOWN, MISSING, VALUE, DEMO_REVENUE])
      expect(server.requestsTo(route)).toHaveLength(0);
  });

  it('shows the server’s plan notice when it refuses the statement figures', async () => {
    const message = 'Analytics of your statements is part of the Pro and Label plans.';
    serveAnalytics(
      {
        [PERFORMANCE]: apiError(403, 'plan_required', message),
        [BREAKDOWN]: apiError(403, 'plan_required', message),
      },
      { admin: true },
    );
    open();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe('/profile#team');
  });

  it('refuses another label’s release from a shared link in the server’s words, and "Clear filters" shows the label’s own figures', async () => {
    const user = userEvent.setup({ delay: null });
    const foreign = uuid(99);
    const notFound = () => apiError(404, 'not_found', 'Release not found');
    const server = serveAnalytics({
      [`${PERFORMANCE}?release=${foreign}`]: notFound(),
      [BREAKDOWN]: (request) =>
        request.path.includes(`release=${foreign}`) ? notFound() : breakdownRoute()(request),
    });
    const { location } = open(`/analytics?release=${foreign}`);
    expect((await screen.findAllByText('Release not found')).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Headline figures')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/analytics');
    const figures = within(await screen.findByLabelText('Headline figures'));
    expect(figures.getByText('USD 1,250.62')).toBeTruthy();
    expect(lastQuery(server, PERFORMANCE).toString()).toBe('');
  });

  it('says the figures are updating while the server answers those from before a change, and asks again until they are new', async () => {
    const server = serveAnalytics({
      [PERFORMANCE]: [
        json(200, makePerformance({ updating: true })),
        json(
          200,
          makePerformance({
            totals: { ...makePerformance().totals, current: { income: '99', units: 1, streams: 1 } },
          }),
        ),
      ],
    });
    open();
    const figures = within(await screen.findByLabelText('Headline figures'));
    expect(await figures.findByText('USD 1,250.62')).toBeTruthy();
    expect(
      (await screen.findByText('Updating: these figures are from before the latest change.')).closest(
        '[role="status"]',
      ),
    ).toBeTruthy();
    // Asked again by itself (every 1.5 s while updating): the new figures, and the note goes.
    expect(await figures.findByText('USD 99.00', {}, { timeout: 4000 })).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByText('Updating: these figures are from before the latest change.')).toBeNull(),
    );
    expect(server.requestsTo(PERFORMANCE)).toHaveLength(2);
  });

  it('shows a failure with "Try again", and reads the figures again when an import changes', async () => {
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal('WebSocket', ScriptedSocket);
    const failure = () => apiError(500, 'internal', 'Something went wrong. Please try again.');
    const server = serveAnalytics({
      // A server error is tried once more by itself before it is shown.
      [PERFORMANCE]: [
        failure(),
        failure(),
        json(200, makePerformance()),
        json(
          200,
          makePerformance({
            totals: { ...makePerformance().totals, current: { income: '99', units: 1, streams: 1 } },
          }),
        ),
      ],
    });
    open();
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const figures = within(await screen.findByLabelText('Headline figures'));
    expect(await figures.findByText('USD 1,250.62')).toBeTruthy();
    await waitFor(() =>
      expect(ScriptedSocket.latest().topics()).toEqual(expect.arrayContaining(['table:royalty_imports'])),
    );
    ScriptedSocket.latest().change({
      topic: 'table:royalty_imports',
      table: 'royalty_imports',
      event: 'UPDATE',
    });
    expect(await figures.findByText('USD 99.00', {}, { timeout: 5000 })).toBeTruthy();
    expect(server.requestsTo(PERFORMANCE)).toHaveLength(4);
  }, 15_000);

  it('shows every chart’s table under it on a phone, without a toggle', async () => {
    stubPhoneViewport();
    serveAnalytics();
    open();
    const income = await section('Income over time');
    expect(income.getByRole('table', { name: 'Income by month, Jan–Mar 2025' })).toBeTruthy();
    expect(income.queryByRole('button', { name: 'Show table' })).toBeNull();
  });
});
