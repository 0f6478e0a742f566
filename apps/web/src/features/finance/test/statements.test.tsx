import { PERIOD_MESSAGES } from '@music-review/core/royalties';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { ScriptedSocket } from '../../messages/testing/scripted-socket';
import type { PeriodDetailDto } from '../accounting-types';
import { PUBLISH_WARNING, RUNNING_TEXT } from '../components/period-panel';
import {
  CREATE_PERIOD,
  IMPORTED,
  makePeriod,
  makePeriodDetail,
  makeStatement,
  makeStatementRow,
  PERIOD_ID,
  PERIODS,
  periodRoute,
  periodsAnswer,
  SAVE_SETTINGS,
  SETTINGS,
} from './accounting-fixtures';
import { IMPORTS, importsAnswer, serveFinance, stubPhoneViewport, uuid } from './finance-fixtures';

const open = (route = '/finance?tab=statements') => renderApp({ route, session: makeClientSession() });
const openPeriod = () => open(`/finance?tab=statements&period=${PERIOD_ID}`);
const settingsAnswer = (cadence = 'quarterly') => json(200, { period_cadence: cadence });
/** The Statements tab's own routes (the cadence, one open period) beside finance's, unless a test routes them. */
const serve = (routes: Parameters<typeof serveFinance>[0]) =>
  serveFinance({ [SETTINGS]: settingsAnswer(), [PERIODS]: periodsAnswer([makePeriod()]), ...routes });

beforeAll(async () => {
  await import('../pages/finance-page');
});
afterEach(() => ScriptedSocket.reset());

/** The statements table's rows, each as its cells' text. */
function statementCells(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

describe('Finance: Statements tab', () => {
  it('lists the periods with status, statements, payable per currency and what no contract covers', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      [SETTINGS]: settingsAnswer(),
      [PERIODS]: periodsAnswer([
        makePeriod({
          id: uuid(201),
          name: '2025-Q2',
          start_month: '2025-04',
          end_month: '2025-06',
          status: 'computed',
          statements: 3,
          payable: [
            { currency: 'USD', minor: '123456' },
            { currency: 'JPY', minor: '1500' },
          ],
          uncontracted: [{ currency: 'USD', net: '12.335' }],
        }),
        makePeriod({ status: 'published', statements: 2, payable: [] }),
      ]),
      [periodRoute('GET')]: json(200, makePeriodDetail({ status: 'published' })),
      [IMPORTS]: importsAnswer(IMPORTED),
    });
    const { location } = open();
    const list = within(await screen.findByRole('list', { name: 'Accounting periods' }));
    const q2 = within(list.getByRole('article', { name: '2025-Q2' }));
    expect(q2.getByText('Apr 2025 – Jun 2025')).toBeTruthy();
    expect(q2.getByText('To review')).toBeTruthy();
    expect(q2.getByText('3 statements')).toBeTruthy();
    // Each currency on its own, never summed; yen have no decimals.
    expect(q2.getByText('Payable USD 1,234.56 · JPY 1,500')).toBeTruthy();
    expect(q2.getByText('Not under any contract: USD 12.34')).toBeTruthy();
    const q1 = within(list.getByRole('article', { name: '2025-Q1' }));
    expect(q1.getByText('Published')).toBeTruthy();
    expect(q1.getByText('Nothing payable')).toBeTruthy();

    await user.click(q1.getByRole('button', { name: '2025-Q1' }));
    expect(location()).toBe(`/finance?tab=statements&period=${PERIOD_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: '2025-Q1' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'All periods' }));
    expect(location()).toBe('/finance?tab=statements');
  });

  it('changes the cadence and adds a period, saying when it exists already', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      [SETTINGS]: settingsAnswer(),
      [SAVE_SETTINGS]: settingsAnswer('monthly'),
      [PERIODS]: periodsAnswer([]),
      [CREATE_PERIOD]: [
        apiError(409, 'conflict', PERIOD_MESSAGES.periodExists),
        json(
          201,
          makePeriod({ id: uuid(202), name: '2025-04', start_month: '2025-04', end_month: '2025-04' }),
        ),
      ],
    });
    open();
    expect(await screen.findByText('No periods yet')).toBeTruthy();
    const cadence = screen.getByLabelText('Accounting periods') as HTMLSelectElement;
    await waitFor(() => expect(cadence.value).toBe('quarterly'));
    await user.selectOptions(cadence, 'Monthly');
    expect(await screen.findByText('Periods are now monthly.')).toBeTruthy();
    expect(server.requestsTo(SAVE_SETTINGS)[0]!.body).toEqual({ period_cadence: 'monthly' });

    const form = within(screen.getByRole('form', { name: 'Add a period' }));
    await user.click(form.getByRole('button', { name: 'Add period' }));
    expect((await form.findByRole('alert')).textContent).toBe('Choose a month, like 2026-07.');
    expect(server.requestsTo(CREATE_PERIOD)).toHaveLength(0);

    const month = form.getByLabelText('Month') as HTMLInputElement;
    fireEvent.change(month, { target: { value: '2025-04' } });
    await user.click(form.getByRole('button', { name: 'Add period' }));
    expect((await form.findByRole('alert')).textContent).toBe(PERIOD_MESSAGES.periodExists);
    expect(month.value).toBe('2025-04');
    expect(server.requestsTo(CREATE_PERIOD)[0]!.body).toEqual({ month: '2025-04' });

    await user.click(form.getByRole('button', { name: 'Add period' }));
    expect(await screen.findByText('2025-04 added. Open it to run it.')).toBeTruthy();
    await waitFor(() => expect(server.requestsTo(PERIODS).length).toBeGreaterThanOrEqual(2));
  });

  it('saves a period’s rates, runs it on the chosen imports, follows the run, then approves and publishes', async () => {
    const user = userEvent.setup({ delay: null });
    const rates = [{ from: 'EUR', to: 'USD', rate: '1.0825' }];
    const initial = makePeriodDetail();
    const running = makePeriodDetail({ status: 'running', rates, import_ids: [uuid(12)] });
    const computed = makePeriodDetail({
      status: 'computed',
      rates,
      import_ids: [uuid(12)],
      statements: 1,
      run_at: '2025-04-03T10:00:00.000Z',
      statement_rows: [
        makeStatementRow({
          changes: [
            { field: 'earnings_minor', before: '30000', after: '31240' },
            { field: 'closing_minor', before: '-97000', after: '-95760' },
            { field: `deals[${uuid(100)}].earnings_minor`, before: '30000', after: '31240' },
          ],
        }),
      ],
    });
    const approved = { ...computed, status: 'approved' as const, approved_at: '2025-04-03T11:00:00.000Z' };
    const published = { ...approved, status: 'published' as const, published_at: '2025-04-03T12:00:00.000Z' };
    // The period as the server holds it: each action moves it on; the last answer repeats.
    let answers: PeriodDetailDto[] = [initial];
    const moveTo = (...next: PeriodDetailDto[]) => {
      answers = next;
    };
    const server = serve({
      [IMPORTS]: importsAnswer(IMPORTED),
      [periodRoute('GET')]: () => json(200, answers.length > 1 ? answers.shift()! : answers[0]!),
      [periodRoute('PUT', '/rates')]: () => {
        moveTo({ ...initial, rates });
        return json(200, makePeriod({ rates }));
      },
      [periodRoute('POST', '/run')]: () => {
        // Still running at the first read, computed at the next (a poll 2 s later).
        moveTo(running, computed);
        return json(202, makePeriod({ status: 'running', rates, import_ids: [uuid(12)] }));
      },
      [periodRoute('POST', '/approve')]: () => {
        moveTo(approved);
        return json(200, makePeriod({ status: 'approved' }));
      },
      [periodRoute('POST', '/publish')]: () => {
        moveTo(published);
        return json(200, makePeriod({ status: 'published' }));
      },
      [PERIODS]: periodsAnswer([makePeriod()]),
    });
    openPeriod();
    expect(await screen.findByRole('heading', { level: 2, name: '2025-Q1' })).toBeTruthy();
    expect(screen.getByText('Not run')).toBeTruthy();

    // Exchange rates: checked first, then saved together.
    const ratesForm = within(screen.getByRole('form', { name: 'Exchange rates' }));
    await user.click(ratesForm.getByRole('button', { name: 'Add a rate' }));
    const row = within(ratesForm.getByRole('group', { name: 'Exchange rate 1' }));
    await user.type(row.getByLabelText('From'), 'eur');
    await user.type(row.getByLabelText('To'), 'usd');
    await user.type(row.getByLabelText('Rate'), '1,08');
    await user.click(ratesForm.getByRole('button', { name: 'Save rates' }));
    expect((await row.findByRole('alert')).textContent).toBe('A positive number like 1.0825');
    expect(server.requestsTo(periodRoute('PUT', '/rates'))).toHaveLength(0);
    await user.clear(row.getByLabelText('Rate'));
    await user.type(row.getByLabelText('Rate'), '1.0825');
    await user.click(ratesForm.getByRole('button', { name: 'Save rates' }));
    expect(
      await ratesForm.findByText('Exchange rates saved. Run the period again to use them.'),
    ).toBeTruthy();
    expect(server.requestsTo(periodRoute('PUT', '/rates'))[0]!.body).toEqual({ rates });

    // Imports: the server's choice by default (those with sales in the period); the failed one is never
    // offered; here only February.
    const imports = within(screen.getByRole('region', { name: 'Imports used' }));
    expect(
      imports.getByRole('radio', { name: 'Every imported statement with sales in this period (2)' }),
    ).toHaveProperty('checked', true);
    await user.click(imports.getByRole('radio', { name: /Only the ones I choose/ }));
    expect(imports.getByRole('checkbox', { name: /january\.tsv/ })).toBeTruthy();
    expect(imports.getByRole('checkbox', { name: /october\.tsv.*no sales in this period/ })).toBeTruthy();
    expect(imports.queryByText('broken.tsv')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Run period' }));
    expect(
      await screen.findByText(
        'Choose at least one import, or use every imported statement with sales in this period.',
      ),
    ).toBeTruthy();
    expect(server.requestsTo(periodRoute('POST', '/run'))).toHaveLength(0);
    await user.click(imports.getByRole('checkbox', { name: /february\.tsv/ }));
    await user.click(screen.getByRole('button', { name: 'Run period' }));
    await waitFor(() => expect(server.requestsTo(periodRoute('POST', '/run'))).toHaveLength(1));
    expect(server.requestsTo(periodRoute('POST', '/run'))[0]!.body).toEqual({ import_ids: [uuid(12)] });

    // Running: said in the live region, and asked again every 2 s until it is computed.
    const status = await screen.findByText(RUNNING_TEXT);
    expect(status.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText('Running', { selector: 'span' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run again' })).toBeNull();
    const reads = server.requestsTo(periodRoute('GET')).length;
    expect(
      await screen.findByText('Statements computed: 1 to review below.', {}, { timeout: 6000 }),
    ).toBeTruthy();
    expect(server.requestsTo(periodRoute('GET')).length).toBeGreaterThan(reads);

    const table = screen.getByRole('table', { name: 'Statements of 2025-Q1' });
    // Advances and costs together (0 + 15.00), reserves as held less released (8.00 - 3.00).
    expect(statementCells(table)[0]!.slice(0, 10)).toEqual([
      'Sunny',
      'USD',
      'USD -1,250.00',
      'USD 312.40',
      'USD 15.00',
      'USD 5.00',
      'USD 0.00',
      'USD 0.00',
      'USD -957.60',
      'USD 0.00',
    ]);
    const sunny = within(within(table).getAllByRole('row')[1]!);
    expect(sunny.getByText('3 changes')).toBeTruthy();
    const list = within(sunny.getByRole('list', { name: 'Changes for Sunny' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Earnings: USD 300.00 → USD 312.40',
      'Closing: USD -970.00 → USD -957.60',
      'Earnings on one contract: USD 300.00 → USD 312.40',
    ]);
    expect(screen.getByRole('button', { name: 'Run again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.requestsTo(periodRoute('POST', '/approve'))).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    // Approved, it may still be run again (and approved again); published, never.
    expect(screen.getByRole('button', { name: 'Run again' })).toBeTruthy();

    // Publishing asks first, saying what it locks; Cancel sends nothing.
    const confirm = within(await screen.findByRole('dialog', { name: 'Publish 2025-Q1?' }));
    expect(confirm.getByText(PUBLISH_WARNING)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(server.requestsTo(periodRoute('POST', '/publish'))).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Publish 2025-Q1?' })).getByRole('button', {
        name: 'Publish',
      }),
    );
    await waitFor(() => expect(server.requestsTo(periodRoute('POST', '/publish'))).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Published: read-only, its rates as they were used, its statements still there.
    expect(await screen.findByText(/this period is locked and its statements are read-only/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Publish|Approve|Run again|Save rates/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Exchange rates' })).toBeNull();
    expect(screen.getByText('1 EUR = 1.0825 USD')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Statements of 2025-Q1' })).toBeTruthy();
  }, 20_000);

  it('runs on every imported statement by default, and says why a run stopped', async () => {
    const user = userEvent.setup({ delay: null });
    const failed = makePeriodDetail({ error: PERIOD_MESSAGES.missingRate('EUR', 'USD', '2025-Q1') });
    const server = serve({
      [IMPORTS]: importsAnswer(IMPORTED),
      [periodRoute('GET')]: json(200, failed),
      [periodRoute('POST', '/run')]: apiError(409, 'conflict', 'This period is running already.'),
      [PERIODS]: periodsAnswer([makePeriod()]),
    });
    openPeriod();
    expect(await screen.findByText(PERIOD_MESSAGES.missingRate('EUR', 'USD', '2025-Q1'))).toBeTruthy();
    await screen.findByRole('radio', { name: 'Every imported statement with sales in this period (2)' });
    await user.click(screen.getByRole('button', { name: 'Run period' }));
    expect(await screen.findByText('This period is running already.')).toBeTruthy();
    expect(server.requestsTo(periodRoute('POST', '/run'))[0]!.body).toEqual({});
  });

  it('starts from the imports the period holds, and runs again on them', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      [IMPORTS]: importsAnswer(IMPORTED),
      [periodRoute('GET')]: json(200, makePeriodDetail({ status: 'computed', import_ids: [uuid(11)] })),
      [periodRoute('POST', '/run')]: json(202, makePeriod({ status: 'running', import_ids: [uuid(11)] })),
    });
    openPeriod();
    const imports = within(await screen.findByRole('region', { name: 'Imports used' }));
    expect(await imports.findByRole('radio', { name: /Only the ones I choose/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(imports.getByRole('checkbox', { name: /january\.tsv/ })).toHaveProperty('checked', true);
    expect(imports.getByRole('checkbox', { name: /february\.tsv/ })).toHaveProperty('checked', false);
    await user.click(screen.getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(server.requestsTo(periodRoute('POST', '/run'))).toHaveLength(1));
    expect(server.requestsTo(periodRoute('POST', '/run'))[0]!.body).toEqual({ import_ids: [uuid(11)] });
  });

  it('opens a statement: figures per contract and its earnings lines, 500 at a time', async () => {
    const user = userEvent.setup({ delay: null });
    const row = makeStatementRow();
    serve({
      [IMPORTS]: importsAnswer(IMPORTED),
      [periodRoute('GET')]: json(200, makePeriodDetail({ status: 'computed', statement_rows: [row] })),
      [`GET /api/v1/finance/statements/${row.id}`]: json(200, makeStatement(700)),
      [PERIODS]: periodsAnswer([makePeriod()]),
    });
    openPeriod();
    await user.click(await screen.findByRole('button', { name: 'Sunny' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Sunny: 2025-Q1' }));
    const payable = sheet.getByText('Payable', { selector: 'dt' }).nextElementSibling;
    expect(payable?.textContent).toBe('USD 0.00');

    const deals = within(sheet.getByRole('table', { name: 'Figures per contract' }));
    const dealRow = within(deals.getAllByRole('row')[1]!);
    expect(dealRow.getByText('Golden Hour recording agreement')).toBeTruthy();
    expect(dealRow.getByText('USD 312.40')).toBeTruthy();

    const lines = sheet.getByRole('table', { name: 'Earnings lines of Sunny' });
    expect(sheet.getByRole('region', { name: 'Earnings lines' }).className).toContain('overflow-auto');
    // Counted by selector: role queries over thousands of rows are slow in jsdom.
    const bodyRows = () => lines.querySelectorAll('tbody tr');
    expect(bodyRows()).toHaveLength(500);
    const first = bodyRows()[0]!;
    expect([...first.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Summer EP',
      'Track 1',
      'GBAAA2400001',
      'Spotify',
      'US',
      'Streams',
      '1,500',
      '3.3345',
      'USD 1.67',
    ]);
    expect(sheet.getByText('Showing 500 of 700 lines')).toBeTruthy();
    await user.click(sheet.getByRole('button', { name: 'Show more' }));
    expect(bodyRows()).toHaveLength(700);
    expect(sheet.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(sheet.getByText('700 lines')).toBeTruthy();
  }, 20_000);

  it('refetches the open period when the realtime server announces a change to it', async () => {
    vi.stubGlobal('WebSocket', ScriptedSocket);
    const server = serve({
      [IMPORTS]: importsAnswer(IMPORTED),
      [periodRoute('GET')]: [
        json(200, makePeriodDetail({ status: 'computed' })),
        json(200, makePeriodDetail({ status: 'approved' })),
      ],
      [PERIODS]: periodsAnswer([makePeriod()]),
    });
    openPeriod();
    expect(await screen.findByText('To review')).toBeTruthy();
    await waitFor(() => expect(ScriptedSocket.latest().topics()).toContain('table:royalty_periods'));
    // Nothing runs, so nothing polls: only the announcement brings the colleague's approval.
    ScriptedSocket.latest().change({
      topic: 'table:royalty_periods',
      table: 'royalty_periods',
      event: 'UPDATE',
    });
    expect(await screen.findByText('Approved', { selector: 'span' })).toBeTruthy();
    expect(server.requestsTo(periodRoute('GET'))).toHaveLength(2);
  });

  it('fits a phone: periods as cards, the wide statements table in its own scroll box', async () => {
    stubPhoneViewport();
    serve({
      [SETTINGS]: settingsAnswer(),
      [PERIODS]: periodsAnswer([makePeriod({ status: 'computed', statements: 1 })]),
    });
    open();
    const list = within(await screen.findByRole('list', { name: 'Accounting periods' }));
    expect(list.getByRole('article', { name: '2025-Q1' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Statements' }).getAttribute('aria-selected')).toBe('true');
  });
});
