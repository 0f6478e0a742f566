import { PAYMENT_MESSAGES } from '@music-review/core/royalties';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { ScriptedSocket } from '../../messages/testing/scripted-socket';
import { todayText } from '../components/accounting-format';
import { ADMINS_ONLY, NOBODY_OWED, REFERENCE_NEEDED } from '../components/payments-panel';
import {
  DEALS,
  dealsAnswer,
  LUNA,
  makeBalance,
  makeDeal,
  makePeriod,
  PERIODS,
  periodsAnswer,
  SUNNY,
} from './accounting-fixtures';
import { serveFinance, uuid } from './finance-fixtures';
import {
  BANK_CSV,
  DUE,
  DUE_ROWS,
  dueAnswer,
  HISTORY,
  historyAnswer,
  MARCO,
  makePayment,
  RECORD,
} from './payments-fixtures';

const open = () => renderApp({ route: '/finance?tab=payments', session: makeClientSession() });

/** The Payments tab's routes (what is owed, no payment yet, 2025-Q1 published) beside finance's. */
const serve = (routes: Parameters<typeof serveFinance>[0], options?: Parameters<typeof serveFinance>[1]) =>
  serveFinance(
    {
      [DUE]: dueAnswer(DUE_ROWS),
      [HISTORY]: historyAnswer([]),
      [PERIODS]: periodsAnswer([
        makePeriod({ id: uuid(201), name: '2025-Q2', start_month: '2025-04', status: 'computed' }),
        makePeriod({ status: 'published' }),
      ]),
      ...routes,
    },
    options,
  );

/** Each payee's row: its name and whether it is ticked. */
async function ticks() {
  const list = within(await screen.findByRole('list', { name: 'Payees owed' }));
  return list
    .getAllByRole('checkbox')
    .map((box) => [box.getAttribute('id'), (box as HTMLInputElement).checked]);
}

const rowOf = async (name: string) =>
  within((await screen.findByRole('checkbox', { name })).closest('li') as HTMLElement);

let saved: string[] = [];

beforeAll(async () => {
  await import('../pages/finance-page');
});
beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:bank');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => ScriptedSocket.reset());

describe('Finance: Payments tab', () => {
  it('lists who is owed with their flags, ticking only those above their minimum with payment details', async () => {
    const user = userEvent.setup({ delay: null });
    serve({});
    const { location } = open();
    expect((await screen.findByRole('tab', { name: 'Payments' })).getAttribute('aria-selected')).toBe('true');
    expect(location()).toBe('/finance?tab=payments');

    expect(await ticks()).toEqual([
      [`due-${SUNNY}`, true],
      [`due-${MARCO}`, false],
      [`due-${LUNA}`, false],
    ]);
    const sunny = await rowOf('Sunny');
    expect(sunny.getByText('USD 1,250.40')).toBeTruthy();
    expect(sunny.getByText('Minimum payout USD 50.00')).toBeTruthy();
    expect(sunny.queryByText('Below minimum payout')).toBeNull();

    const luna = await rowOf('Luna');
    expect(luna.getByText('EUR 30.00')).toBeTruthy();
    expect(luna.getByText('Below minimum payout')).toBeTruthy();
    expect(luna.queryByText('Payment details missing')).toBeNull();

    const marco = await rowOf('Marco');
    expect(marco.getByText('Payment details missing')).toBeTruthy();
    expect(marco.getByText('No email')).toBeTruthy();
    // (The test library drops the space before a visually hidden part; browsers keep it.)
    expect(marco.getByRole('link', { name: /^Add payment details\s*for Marco$/ }).getAttribute('href')).toBe(
      `/artists-writers?tab=payees&payee=${MARCO}`,
    );

    // The selection's total per currency, never summed across them.
    expect(screen.getByText('1 payee chosen: USD 1,250.40')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Luna' }));
    await user.click(screen.getByRole('checkbox', { name: 'Marco' }));
    expect(screen.getByText('3 payees chosen: EUR 30.00 · USD 1,650.40')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Sunny' }));
    expect(screen.getByText('2 payees chosen: EUR 30.00 · USD 400.00')).toBeTruthy();
  });

  it('adds what is to pay and the unrecouped advances to the summary, per currency', async () => {
    serve({
      [DUE]: dueAnswer(DUE_ROWS, [
        { currency: 'EUR', minor: '8000' },
        { currency: 'USD', minor: '165040' },
      ]),
      [DEALS]: dealsAnswer([
        // Sunny is USD 1,250.00 short of recouping; Luna is owed (not unrecouped).
        makeDeal(),
        makeDeal({
          id: uuid(101),
          balances: [
            makeBalance({ balance_minor: '-2500' }),
            makeBalance({ payee_id: LUNA, currency: 'EUR', balance_minor: '-99999' }),
          ],
        }),
      ]),
    });
    open();
    const figure = async (label: string) =>
      (await screen.findByText(label, { selector: 'dt' })).nextElementSibling?.textContent;
    await waitFor(async () => expect(await figure('To pay')).toBe('EUR 80.00USD 1,650.40'));
    await waitFor(async () => expect(await figure('Unrecouped advances')).toBe('EUR 999.99USD 1,275.00'));
  });

  it('says when nobody is owed anything, and the summary has nobody to pay', async () => {
    serve({ [DUE]: dueAnswer([], []) });
    open();
    expect(await screen.findByText(NOBODY_OWED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record payments' })).toBeNull();
    expect(await screen.findByText('Nobody to pay')).toBeTruthy();
    expect(screen.getByText('No payments recorded yet.')).toBeTruthy();
  });

  it('lets only admins export the bank CSV: a member sees why, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({});
    open();
    const button = await screen.findByRole('button', { name: 'Export bank CSV' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByText(ADMINS_ONLY)).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBe('bank-csv-admins-only');
    await user.click(button);
    expect(server.requestsTo(BANK_CSV)).toHaveLength(0);
    expect(saved).toEqual([]);
  });

  it('exports the bank CSV of the chosen payees with the run’s reference, for an admin', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve(
      {
        [BANK_CSV]: new Response('\uFEFFPayee,Method\r\n', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="payments-2025-04-30.csv"' },
        }),
      },
      { admin: true },
    );
    open();
    const button = await screen.findByRole('button', { name: 'Export bank CSV' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(ADMINS_ONLY)).toBeNull();
    // The reference starts as the latest published period's.
    const reference = await screen.findByRole('textbox', { name: 'Reference' });
    await waitFor(() => expect((reference as HTMLInputElement).value).toBe('Royalties 2025-Q1'));

    await user.clear(reference);
    await user.click(button);
    expect(await screen.findByText(REFERENCE_NEEDED)).toBeTruthy();
    expect(server.requestsTo(BANK_CSV)).toHaveLength(0);

    await user.type(reference, 'April royalties');
    await user.click(screen.getByRole('checkbox', { name: 'Luna' }));
    await user.click(button);
    await waitFor(() => expect(saved).toEqual(['payments-2025-04-30.csv']));
    expect(server.requestsTo(BANK_CSV).at(-1)!.body).toEqual({
      payee_ids: [SUNNY, LUNA],
      reference: 'April royalties',
    });
    expect(await screen.findByText('Bank file for 2 payees downloaded.')).toBeTruthy();
  });

  it('records payments: a refusal on one row shows there and keeps every typed value; success refreshes', async () => {
    const user = userEvent.setup({ delay: null });
    const moreThanOwed = PAYMENT_MESSAGES.moreThanOwed('USD 400.00');
    const server = serve({
      [DUE]: [dueAnswer(DUE_ROWS), dueAnswer([DUE_ROWS[2]!], [])],
      [HISTORY]: [historyAnswer([]), historyAnswer([makePayment()])],
      [RECORD]: [
        apiError(400, 'validation_failed', 'Check the amounts.', {}, { 'items.1.amount': moreThanOwed }),
        json(201, { payments: 2 }),
      ],
    });
    open();
    await user.click(await screen.findByRole('checkbox', { name: 'Marco' }));
    await user.click(screen.getByRole('button', { name: 'Record payments' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Record payments' }));
    const sunny = dialog.getByRole('textbox', { name: 'Sunny (USD)' }) as HTMLInputElement;
    const marco = dialog.getByRole('textbox', { name: 'Marco (USD)' }) as HTMLInputElement;
    const reference = dialog.getByRole('textbox', { name: 'Reference' }) as HTMLInputElement;
    // What is owed, as exact decimal text; today; the run's reference.
    expect(sunny.value).toBe('1250.40');
    expect(marco.value).toBe('400.00');
    expect((dialog.getByLabelText('Paid on') as HTMLInputElement).value).toBe(todayText());
    expect(reference.value).toBe('Royalties 2025-Q1');
    expect(dialog.getByText('Owed USD 1,250.40')).toBeTruthy();

    // More than owed is said before sending.
    await user.clear(sunny);
    await user.type(sunny, '1300');
    await user.click(dialog.getByRole('button', { name: 'Record payments' }));
    expect(await dialog.findByText(PAYMENT_MESSAGES.moreThanOwed('USD 1,250.40'))).toBeTruthy();
    expect(server.requestsTo(RECORD)).toHaveLength(0);

    await user.clear(sunny);
    await user.type(sunny, '1000.5');
    await user.clear(marco);
    await user.type(marco, '350');
    await user.clear(reference);
    await user.type(reference, 'Transfer 42');
    await user.click(dialog.getByRole('button', { name: 'Record payments' }));
    // The server refuses Marco's row: its message shows on his field, and nothing typed is lost.
    expect(await dialog.findByText(moreThanOwed)).toBeTruthy();
    expect(marco.getAttribute('aria-invalid')).toBe('true');
    expect(sunny.getAttribute('aria-invalid')).toBeNull();
    expect(sunny.value).toBe('1000.5');
    expect(marco.value).toBe('350');
    expect(reference.value).toBe('Transfer 42');
    expect(server.requestsTo(RECORD)[0]!.body).toEqual({
      items: [
        {
          payee_id: SUNNY,
          amount: '1000.5',
          currency: 'USD',
          paid_on: todayText(),
          reference: 'Transfer 42',
        },
        { payee_id: MARCO, amount: '350', currency: 'USD', paid_on: todayText(), reference: 'Transfer 42' },
      ],
    });

    await user.click(dialog.getByRole('button', { name: 'Record payments' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('2 payments recorded. What is owed now shows above.')).toBeTruthy();
    expect(server.requestsTo(RECORD)).toHaveLength(2);
    // What is owed and the history are read again.
    expect(await screen.findByText('USD 1,250.40', { selector: 'td' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Sunny' })).toBeNull());
    expect(server.requestsTo(DUE).length).toBeGreaterThanOrEqual(2);
  });

  it('asks for a payee to be ticked before recording anything', async () => {
    const user = userEvent.setup({ delay: null });
    serve({ [DUE]: dueAnswer([DUE_ROWS[2]!], []) });
    open();
    await user.click(await screen.findByRole('button', { name: 'Record payments' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tick the payees to pay first.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the payments recorded, newest first, and pages on', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      [HISTORY]: [
        historyAnswer(
          [
            makePayment(),
            makePayment({
              id: uuid(501),
              payee_name: 'Luna',
              amount: '80',
              currency: 'EUR',
              paid_on: '2025-01-31',
              reference: 'Royalties 2024-Q4',
              created_by: null,
            }),
          ],
          3,
        ),
        historyAnswer([makePayment({ id: uuid(502), payee_name: 'Marco', reference: 'Cash' })], 3),
      ],
    });
    open();
    const table = await screen.findByRole('table', { name: 'Payments recorded, newest first' });
    const cells = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].slice(0, 4).map((cell) => cell.textContent));
    expect(cells()).toEqual([
      ['Apr 30, 2025', 'Sunny', 'USD 1,250.40', 'Royalties 2025-Q1'],
      ['Jan 31, 2025', 'Luna', 'EUR 80.00', 'Royalties 2024-Q4'],
    ]);
    expect(within(table).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(table).getByText('A former member')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(cells()).toHaveLength(3));
    expect(server.requestsTo(HISTORY).at(-1)!.path).toBe('/api/v1/finance/payments?limit=50&offset=2');
  });

  it('reads what is owed again when another member records a payment', async () => {
    vi.stubGlobal('WebSocket', ScriptedSocket);
    const server = serve({ [DUE]: [dueAnswer(DUE_ROWS), dueAnswer([DUE_ROWS[2]!], [])] });
    open();
    await screen.findByRole('checkbox', { name: 'Sunny' });
    await waitFor(() => expect(ScriptedSocket.latest().topics()).toContain('table:royalty_payments'));
    ScriptedSocket.latest().change({
      topic: 'table:royalty_payments',
      table: 'royalty_payments',
      event: 'INSERT',
    });
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Sunny' })).toBeNull());
    expect(server.requestsTo(DUE)).toHaveLength(2);
  });
});
