import { PERIOD_MESSAGES } from '@music-review/core/royalties';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { todayText } from '../components/accounting-format';
import { ADJUSTMENT_NEEDS_REASON } from '../components/add-entry-form';
import { TERMS_CHANGED } from '../components/deal-sheet';
import {
  CREATE_DEAL,
  DEAL_ID,
  DEALS,
  dealRoute,
  dealsAnswer,
  LUNA,
  ledgerAnswer,
  makeDeal,
  makeEntry,
  makePayee,
  makeWithoutTerms,
  PAYEES,
  payeesAnswer,
  SUNNY,
} from './accounting-fixtures';
import { serveFinance, uuid } from './finance-fixtures';

const open = (route = '/finance?tab=contracts') => renderApp({ route, session: makeClientSession() });
const openDeal = () => open(`/finance?tab=contracts&deal=${DEAL_ID}`);
const MARCO = uuid(303);

beforeAll(async () => {
  await import('../pages/finance-page');
});

/** The routes a contract's drawer asks: its ledger and the payees it may add. */
const drawerRoutes = (entries = [makeEntry()]) => ({
  [dealRoute('GET', '/ledger')]: ledgerAnswer(entries),
  [PAYEES]: payeesAnswer([
    makePayee({ id: SUNNY, name: 'Sunny', currency: 'USD' }),
    makePayee({ id: LUNA, name: 'Luna', currency: 'USD' }),
    makePayee({ id: MARCO, name: 'Marco', currency: 'USD' }),
  ]),
});

async function termsForm() {
  const sheet = within(await screen.findByRole('dialog', { name: 'Golden Hour recording agreement' }));
  return { sheet, form: within(sheet.getByRole('form', { name: 'Terms' })) };
}

describe('Finance: Contracts tab', () => {
  it('lists each contract with its rate, payees, badge and every payee’s balance in words', async () => {
    serveFinance({
      [DEALS]: dealsAnswer([
        makeDeal({ cross_collateralize: true }),
        makeDeal({
          id: uuid(101),
          contract_title: 'Night Drive split',
          kind: 'profit_share',
          profit_share: '50',
          payees: [{ payee_id: LUNA, name: 'Luna', currency: 'EUR', share: '100' }],
          balances: [],
        }),
      ]),
    });
    const { location } = open();
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'Imports',
      'Unmatched',
      'Contracts',
      'Statements',
      'Payments',
    ]);
    expect(screen.getByRole('tab', { name: 'Contracts' }).getAttribute('aria-selected')).toBe('true');
    expect(location()).toBe('/finance?tab=contracts');

    const card = within(await screen.findByRole('article', { name: 'Golden Hour recording agreement' }));
    expect(card.getByText('Sunny · Golden Hour')).toBeTruthy();
    expect(card.getByText('Royalty on receipts')).toBeTruthy();
    expect(card.getByText('50 % of net')).toBeTruthy();
    expect(card.getByText('Cross-collateralised')).toBeTruthy();
    const payees = within(card.getByRole('list', { name: 'Payees of Golden Hour recording agreement' }));
    expect(payees.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sunny 60 %',
      'Luna 40 %',
    ]);
    const balances = within(card.getByRole('list', { name: 'Balances of Golden Hour recording agreement' }));
    const [sunny, luna] = balances.getAllByRole('listitem');
    // Minus 1,250.00 dollars owed back: said in words, never as a bare negative number.
    expect(within(sunny!).getByText('Unrecouped USD 1,250.00')).toBeTruthy();
    expect(within(sunny!).getByText('Recouped USD 750.00 of USD 2,000.00')).toBeTruthy();
    expect(within(sunny!).getByText('Recoups in about 3 periods')).toBeTruthy();
    expect(within(luna!).getByText('Owed USD 12.40')).toBeTruthy();
    expect(within(luna!).queryByText(/Recoups in/)).toBeNull();

    const split = within(screen.getByRole('article', { name: 'Night Drive split' }));
    expect(split.getByText('Profit share 50 %')).toBeTruthy();
    expect(split.queryByText('Cross-collateralised')).toBeNull();
  });

  it('opens a contract’s terms from its title, in the URL, and closes them', async () => {
    const user = userEvent.setup({ delay: null });
    serveFinance({ [DEALS]: dealsAnswer([makeDeal()]), ...drawerRoutes() });
    const { location } = open();
    await user.click(await screen.findByRole('button', { name: 'Golden Hour recording agreement' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Golden Hour recording agreement' }));
    expect(location()).toBe(`/finance?tab=contracts&deal=${DEAL_ID}`);
    expect(sheet.getByText('Recordings: Golden Hour (GBAAA2400001)')).toBeTruthy();
    await user.click(sheet.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location()).toBe('/finance?tab=contracts');

    // Escape closes it too; another tab leaves nothing of this one in the URL.
    await user.click(screen.getByRole('button', { name: 'Golden Hour recording agreement' }));
    await screen.findByRole('dialog');
    expect(location()).toBe(`/finance?tab=contracts&deal=${DEAL_ID}`);
    await user.keyboard('{Escape}');
    expect(location()).toBe('/finance?tab=contracts');
    await user.click(screen.getByRole('tab', { name: 'Imports' }));
    expect(location()).toBe('/finance');
  });

  it('sets up terms for a signed contract, showing a refusal beside its button', async () => {
    const user = userEvent.setup({ delay: null });
    const contract = makeWithoutTerms();
    const created = makeDeal({ contract_id: contract.contract_id });
    const server = serveFinance({
      [DEALS]: [dealsAnswer([], [contract]), dealsAnswer([created])],
      [CREATE_DEAL]: [
        apiError(
          400,
          'validation_failed',
          PERIOD_MESSAGES.noPayee,
          {},
          { contract_id: PERIOD_MESSAGES.noPayee },
        ),
        json(201, created),
      ],
      ...drawerRoutes(),
    });
    open();
    const section = within(await screen.findByRole('region', { name: 'Signed contracts without terms' }));
    expect(section.getByText('Night Drive licence')).toBeTruthy();
    expect(section.getByText('The Lights · Night Drive')).toBeTruthy();

    const button = section.getByRole('button', { name: 'Set up terms' });
    await user.click(button);
    expect((await section.findByRole('alert')).textContent).toBe(PERIOD_MESSAGES.noPayee);
    expect(server.requestsTo(CREATE_DEAL)[0]!.body).toEqual({ contract_id: contract.contract_id });

    // The payee is linked meanwhile: the second try sets the terms up and opens them.
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Golden Hour recording agreement' })).toBeTruthy();
    expect(server.requestsTo(CREATE_DEAL)).toHaveLength(2);
    expect(screen.getByText(/The terms of Golden Hour recording agreement are set up/)).toBeTruthy();
    await waitFor(() => expect(server.requestsTo(DEALS)).toHaveLength(2));
  });

  it('refuses shares that do not add up to 100 before sending, and keeps every typed value on a refusal', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveFinance({
      [DEALS]: dealsAnswer([makeDeal()]),
      [dealRoute('PUT')]: apiError(
        400,
        'validation_failed',
        'payees.1.share: Marco has no payment details yet. Add them, then save.',
        {},
        { 'payees.1.share': 'Marco has no payment details yet. Add them, then save.' },
      ),
      ...drawerRoutes(),
    });
    openDeal();
    const { form } = await termsForm();
    const sunnyShare = within(form.getByRole('group', { name: 'Sunny, paid in USD' })).getByLabelText(
      'Share (%)',
    );
    await user.clear(sunnyShare);
    await user.type(sunnyShare, '70');
    expect(form.getByText('110 %')).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Save terms' }));
    expect((await form.findByRole('alert')).textContent).toBe(PERIOD_MESSAGES.sharesTotal);
    expect(server.requestsTo(dealRoute('PUT'))).toHaveLength(0);

    // Luna out, Marco in at 30 %; a profit share; a special rate for streams in GB.
    await user.click(form.getByRole('button', { name: 'Remove Luna' }));
    await user.selectOptions(await form.findByLabelText('Add a payee'), 'Marco (USD)');
    await user.click(form.getByRole('button', { name: 'Add payee' }));
    await user.type(
      within(form.getByRole('group', { name: 'Marco, paid in USD' })).getByLabelText('Share (%)'),
      '30',
    );
    await user.selectOptions(form.getByLabelText('Kind'), 'Profit share');
    await user.type(form.getByLabelText('Profit share (%)'), '35.5');
    await user.click(form.getByRole('button', { name: 'Add a special rate' }));
    const rate = within(form.getByRole('group', { name: 'Special rate 1' }));
    await user.selectOptions(rate.getByLabelText('Sale type'), 'Streams');
    await user.type(rate.getByLabelText('Territory'), 'gb');
    await user.type(rate.getByLabelText('Rate (%)'), '60');
    await user.click(form.getByRole('checkbox', { name: /Cross-collateralise/ }));
    await user.click(form.getByRole('button', { name: 'Save terms' }));

    await waitFor(() => expect(server.requestsTo(dealRoute('PUT'))).toHaveLength(1));
    expect(server.requestsTo(dealRoute('PUT'))[0]!.body).toEqual({
      kind: 'profit_share',
      basis: 'net',
      default_rate: '50',
      rates: [{ sale_type: 'stream', territory: 'GB', rate: '60' }],
      profit_share: '35.5',
      reserve_rate: '0',
      cross_collateralize: true,
      payees: [
        { payee_id: SUNNY, share: '70' },
        { payee_id: MARCO, share: '30' },
      ],
      row_version: 3,
    });
    // The server's problem sits beside Marco's share; nothing typed is lost.
    const marco = within(form.getByRole('group', { name: 'Marco, paid in USD' }));
    expect((await marco.findByRole('alert')).textContent).toBe(
      'Marco has no payment details yet. Add them, then save.',
    );
    expect((marco.getByLabelText('Share (%)') as HTMLInputElement).value).toBe('30');
    expect((form.getByLabelText('Profit share (%)') as HTMLInputElement).value).toBe('35.5');
    expect((rate.getByLabelText('Territory') as HTMLInputElement).value).toBe('gb');
    expect(form.queryByText(PERIOD_MESSAGES.sharesTotal)).toBeNull();
  });

  it('says the terms changed since they were opened on a 409, and shows the reloaded ones', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveFinance({
      [DEALS]: [dealsAnswer([makeDeal()]), dealsAnswer([makeDeal({ default_rate: '45', row_version: 4 })])],
      [dealRoute('PUT')]: apiError(409, 'conflict', 'These terms changed since you opened them.'),
      ...drawerRoutes(),
    });
    openDeal();
    const { sheet, form } = await termsForm();
    const rate = form.getByLabelText('Default rate (%)');
    await user.clear(rate);
    await user.type(rate, '55');
    await user.click(form.getByRole('button', { name: 'Save terms' }));

    expect(await sheet.findByText(TERMS_CHANGED)).toBeTruthy();
    await waitFor(() => expect(server.requestsTo(DEALS)).toHaveLength(2));
    await waitFor(() =>
      expect((sheet.getByLabelText('Default rate (%)') as HTMLInputElement).value).toBe('45'),
    );
    expect(server.requestsTo(dealRoute('PUT'))[0]!.body).toMatchObject({
      default_rate: '55',
      row_version: 3,
    });
  });

  it('shows the ledger with locked entries, each payee’s balance and the recoupment waterfall', async () => {
    serveFinance({
      [DEALS]: dealsAnswer([makeDeal()]),
      ...drawerRoutes([
        makeEntry(),
        makeEntry({
          id: uuid(141),
          kind: 'earnings',
          payee_id: null,
          payee_name: null,
          amount: '750',
          entry_date: '2025-03-31',
          reason: null,
          period_id: uuid(200),
          locked: true,
          created_by: null,
        }),
      ]),
    });
    openDeal();
    const { sheet } = await termsForm();
    const table = within(
      await sheet.findByRole('table', { name: 'Ledger of Golden Hour recording agreement' }),
    );
    const [advance, earnings] = table.getAllByRole('row').slice(1);
    expect(within(advance!).getByText('Advance')).toBeTruthy();
    expect(within(advance!).getByText('Jan 15, 2025')).toBeTruthy();
    expect(within(advance!).getByText('USD 2,000.00')).toBeTruthy();
    expect(within(advance!).getByText('Advance on signature (from the contract)')).toBeTruthy();
    expect(within(advance!).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(advance!).queryByText('Locked')).toBeNull();
    expect(within(earnings!).getByText('Earnings')).toBeTruthy();
    expect(within(earnings!).getByText('Locked')).toBeTruthy();
    expect(within(earnings!).getByText('All payees by share')).toBeTruthy();
    expect(within(earnings!).getByText('The period run')).toBeTruthy();

    const sunny = within(sheet.getByRole('region', { name: 'Recoupment of Sunny' }));
    expect(sunny.getByText('Unrecouped USD 1,250.00')).toBeTruthy();
    const figure = (term: string) =>
      sunny.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Advances')).toBe('USD 2,000.00');
    expect(figure('Recoupable costs')).toBe('USD 0.00');
    expect(figure('Recouped')).toBe('USD 750.00');
    expect(figure('Remaining')).toBe('USD 1,250.00');
    expect(sunny.getByText('Recoups in about 3 periods')).toBeTruthy();
    expect(
      within(sheet.getByRole('region', { name: 'Recoupment of Luna' })).getByText('Owed USD 12.40'),
    ).toBeTruthy();
  });

  it('adds a ledger entry: an adjustment needs a reason, and the payee can be all of them by share', async () => {
    const user = userEvent.setup({ delay: null });
    const entry = makeEntry({
      id: uuid(150),
      kind: 'adjustment',
      payee_id: null,
      payee_name: null,
      amount: '-12.5',
    });
    const server = serveFinance({
      [DEALS]: dealsAnswer([makeDeal()]),
      ...drawerRoutes(),
      [dealRoute('GET', '/ledger')]: [ledgerAnswer([makeEntry()]), ledgerAnswer([makeEntry(), entry])],
      [dealRoute('POST', '/ledger')]: [
        apiError(
          400,
          'validation_failed',
          PERIOD_MESSAGES.entryInLockedPeriod,
          {},
          { entry_date: PERIOD_MESSAGES.entryInLockedPeriod },
        ),
        json(201, entry),
      ],
    });
    openDeal();
    const { sheet } = await termsForm();
    await user.click(await sheet.findByRole('button', { name: 'Add entry' }));
    const form = within(sheet.getByRole('form', { name: 'Add an entry' }));
    await user.selectOptions(form.getByLabelText('Kind'), 'Adjustment');
    expect((form.getByLabelText('Payee') as HTMLSelectElement).value).toBe('');
    expect(form.getByRole('option', { name: 'All payees by share' })).toBeTruthy();
    expect((form.getByLabelText('Currency') as HTMLInputElement).value).toBe('USD');
    expect((form.getByLabelText('Date') as HTMLInputElement).value).toBe(todayText());
    await user.type(form.getByLabelText('Amount'), '-12.5');
    await user.click(form.getByRole('button', { name: 'Add entry' }));
    expect((await form.findByRole('alert')).textContent).toBe(ADJUSTMENT_NEEDS_REASON);
    expect(server.requestsTo(dealRoute('POST', '/ledger'))).toHaveLength(0);

    await user.type(form.getByLabelText('Reason'), 'Returns reported late by the distributor');
    await user.click(form.getByRole('button', { name: 'Add entry' }));
    // The server's refusal sits under the date; what was typed stays.
    expect((await form.findByRole('alert')).textContent).toBe(PERIOD_MESSAGES.entryInLockedPeriod);
    expect((form.getByLabelText('Amount') as HTMLInputElement).value).toBe('-12.5');
    expect(server.requestsTo(dealRoute('POST', '/ledger'))[0]!.body).toEqual({
      kind: 'adjustment',
      payee_id: null,
      amount: '-12.5',
      currency: 'USD',
      entry_date: todayText(),
      recoupable: true,
      reason: 'Returns reported late by the distributor',
      receipt_key: null,
    });

    await user.click(form.getByRole('button', { name: 'Add entry' }));
    expect(await sheet.findByText('Entry added. The balances below include it.')).toBeTruthy();
    const table = within(
      await sheet.findByRole('table', { name: 'Ledger of Golden Hour recording agreement' }),
    );
    expect(await table.findByText('Adjustment')).toBeTruthy();
    expect(table.getByText('USD -12.50')).toBeTruthy();
    // The balances on the tab are read again with the ledger.
    expect(server.requestsTo(DEALS).length).toBeGreaterThanOrEqual(2);
  });
});
