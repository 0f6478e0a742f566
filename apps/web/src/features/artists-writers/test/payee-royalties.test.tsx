import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import {
  accountPath,
  makeParty,
  makePayee,
  makePayeeAccount,
  makePayeeRow,
  meRoute,
  type PayeeAccountDto,
  page,
} from './people-data';

const PARTY_ID = '3f2b8c1d-5e6a-4b7c-8d9e-0a1b2c3d4e5f';
const DRAWER = '/artists-writers?tab=payees&payee=payee-1';
const PDF = '/api/v1/finance/statements/st-1/pdf';

const balance = {
  payee_id: 'payee-1',
  name: 'Park Music Ltd',
  currency: 'EUR',
  earnings_minor: '0',
  forecast_periods: null,
};

/** Two contracts (one unrecouped, one owed), a published statement and one to review, two payments. */
const account: PayeeAccountDto = makePayeeAccount({
  balance_minor: '-123760',
  payable_minor: '1240',
  contracts: [
    {
      ...balance,
      deal_id: 'deal-1',
      contract_title: 'Recording agreement',
      balance_minor: '-125000',
      advances_minor: '200000',
      costs_minor: '0',
      recouped_minor: '75000',
    },
    {
      ...balance,
      deal_id: 'deal-2',
      contract_title: 'Publishing deal',
      balance_minor: '1240',
      advances_minor: '0',
      costs_minor: '5000',
      recouped_minor: '5000',
    },
  ],
  statements: [
    {
      id: 'st-2',
      period_id: 'period-2',
      period_name: '2025-Q2',
      status: 'computed',
      closing_minor: '-123760',
      payable_minor: '0',
    },
    {
      id: 'st-1',
      period_id: 'period-1',
      period_name: '2025-Q1',
      status: 'published',
      // Past 2^53: read as a bigint, a float would lose the last cents.
      closing_minor: '900719925474099312',
      payable_minor: '1240',
    },
  ],
  payments: [
    {
      id: 'pay-1',
      amount: '12345678901234567.89',
      currency: 'EUR',
      paid_on: '2025-04-02',
      reference: 'April payout',
    },
    { id: 'pay-2', amount: '0.5', currency: 'EUR', paid_on: '2025-01-15', reference: '' },
  ],
});

const drawerRoutes = {
  ...meRoute,
  'GET /api/v1/payees': json(200, page([makePayeeRow()])),
  'GET /api/v1/payees/payee-1': json(200, makePayee()),
};

async function openDrawer() {
  renderApp({ route: DRAWER, session: makeClientSession() });
  const drawer = within(await screen.findByRole('dialog', { name: 'Park Music Ltd' }));
  return within(drawer.getByRole('region', { name: 'Royalties' }));
}

let saved: string[] = [];

beforeAll(async () => {
  await import('../pages/artists-writers-page');
  await import('../pages/person-page');
});

beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:statement');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

describe("A payee's royalties", () => {
  it('shows the balance in words, each contract, the statements and the payments, exactly', async () => {
    mockFetch({ ...drawerRoutes, [`GET ${accountPath('payee-1')}`]: json(200, account) });
    const royalties = await openDrawer();

    expect(await royalties.findByText('Unrecouped EUR 1,237.60')).toBeTruthy();
    expect(royalties.getByText('Payable now').nextElementSibling?.textContent).toBe('EUR 12.40');
    expect(royalties.getByRole('link', { name: 'Open in Finance' }).getAttribute('href')).toBe(
      '/finance?tab=contracts',
    );

    const contracts = within(royalties.getByRole('region', { name: 'Per contract' }));
    const recording = within(contracts.getByRole('listitem', { name: 'Recording agreement' }));
    expect(recording.getByText('Unrecouped EUR 1,250.00')).toBeTruthy();
    expect(recording.getByText('Advances').nextElementSibling?.textContent).toBe('EUR 2,000.00');
    expect(recording.getByText('Costs').nextElementSibling?.textContent).toBe('EUR 0.00');
    expect(recording.getByText('Recouped').nextElementSibling?.textContent).toBe('EUR 750.00');
    const publishing = within(contracts.getByRole('listitem', { name: 'Publishing deal' }));
    expect(publishing.getByText('Owed EUR 12.40')).toBeTruthy();
    expect(publishing.getByText('Costs').nextElementSibling?.textContent).toBe('EUR 50.00');

    const statements = within(royalties.getByRole('region', { name: 'Statements' }));
    const q1 = within(statements.getByRole('listitem', { name: '2025-Q1' }));
    expect(q1.getByText('Published')).toBeTruthy();
    expect(q1.getByText('Closing EUR 9,007,199,254,740,993.12 · Payable EUR 12.40')).toBeTruthy();
    const q2 = within(statements.getByRole('listitem', { name: '2025-Q2' }));
    expect(q2.getByText('To review')).toBeTruthy();
    expect(q2.getByText('Closing EUR -1,237.60 · Payable EUR 0.00')).toBeTruthy();

    const payments = within(royalties.getByRole('region', { name: 'Payments received' }));
    const rows = payments.getAllByRole('listitem').map((row) => row.textContent);
    expect(rows).toEqual([
      'Apr 2, 2025April payoutEUR 12,345,678,901,234,567.89',
      'Jan 15, 2025No referenceEUR 0.50',
    ]);
  });

  it('downloads a statement’s PDF as the signed-in member, and says why when it cannot', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      ...drawerRoutes,
      [`GET ${accountPath('payee-1')}`]: json(200, account),
      [`GET ${PDF}`]: new Response('%PDF-1.7', {
        status: 200,
        headers: {
          'content-disposition':
            'attachment; filename="statement.pdf"; filename*=UTF-8\'\'Park%20Music%20Ltd%202025-Q1.pdf',
        },
      }),
      'GET /api/v1/finance/statements/st-2/pdf': apiError(404, 'not_found', 'Statement not found'),
    });
    const royalties = await openDrawer();
    const statements = within(await royalties.findByRole('region', { name: 'Statements' }));

    await user.click(statements.getByRole('button', { name: 'Download PDF of 2025-Q1' }));
    await vi.waitFor(() => expect(saved).toEqual(['Park Music Ltd 2025-Q1.pdf']));
    expect(server.requestsTo(`GET ${PDF}`)[0]?.headers.get('authorization')).toMatch(/^Bearer \S+/);

    await user.click(statements.getByRole('button', { name: 'Download PDF of 2025-Q2' }));
    expect((await statements.findByRole('alert')).textContent).toBe('Statement not found');
    expect(saved).toHaveLength(1);
  });

  it('says there is no account yet, and where to set one up', async () => {
    mockFetch({ ...drawerRoutes, [`GET ${accountPath('payee-1')}`]: json(200, makePayeeAccount()) });
    const royalties = await openDrawer();
    expect(
      await royalties.findByText('No royalty account yet: set up a contract’s terms in Finance.'),
    ).toBeTruthy();
    expect(royalties.getByRole('link', { name: 'Open in Finance' }).getAttribute('href')).toBe(
      '/finance?tab=contracts',
    );
    expect(royalties.queryByRole('region', { name: 'Statements' })).toBeNull();
  });

  it('outside the plan: a short note, and the rest of the payee still shows', async () => {
    mockFetch({
      ...drawerRoutes,
      [`GET ${accountPath('payee-1')}`]: apiError(403, 'plan_required', CATALOGUE_MESSAGES.notOnPlan),
    });
    const royalties = await openDrawer();
    expect(await royalties.findByText('Royalty accounts are part of the Pro and Label plans.')).toBeTruthy();
    expect(royalties.queryByRole('link', { name: 'Open in Finance' })).toBeNull();
    const drawer = within(screen.getByRole('dialog', { name: 'Park Music Ltd' }));
    expect(drawer.getByRole('button', { name: 'Edit payee' })).toBeTruthy();
    expect(drawer.getByRole('region', { name: 'Master shares' })).toBeTruthy();
  });

  it('shows a load failure with a way to try again', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      ...drawerRoutes,
      // A 4xx is not retried by itself: the member's "Try again" asks once more.
      [`GET ${accountPath('payee-1')}`]: [apiError(403, 'forbidden', 'No access'), json(200, account)],
    });
    const royalties = await openDrawer();
    const alert = await royalties.findByRole('alert');
    expect(alert.textContent).toContain('No access');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await royalties.findByText('Unrecouped EUR 1,237.60')).toBeTruthy();
  });

  it("on a person's page: the royalties of the payee they are paid through", async () => {
    mockFetch({
      ...meRoute,
      [`GET /api/v1/parties/${PARTY_ID}`]: json(
        200,
        makeParty({ id: PARTY_ID, payee: { id: 'payee-1', name: 'Park Music Ltd' } }),
      ),
      [`GET ${accountPath('payee-1')}`]: json(200, account),
    });
    renderApp({ route: `/artists-writers/${PARTY_ID}`, session: makeClientSession() });
    const royalties = within(await screen.findByRole('region', { name: 'Royalties' }));
    expect(await royalties.findByText('Unrecouped EUR 1,237.60')).toBeTruthy();
    expect(royalties.getByRole('link', { name: 'Park Music Ltd' }).getAttribute('href')).toBe(DRAWER);
    expect(royalties.getByRole('heading', { level: 3, name: 'Statements' })).toBeTruthy();
    expect(royalties.getByRole('button', { name: 'Download PDF of 2025-Q1' })).toBeTruthy();
  });

  it('on the page of a person without a payee: no account asked for, what sets one up', async () => {
    const server = mockFetch({
      ...meRoute,
      [`GET /api/v1/parties/${PARTY_ID}`]: json(200, makeParty({ id: PARTY_ID, payee: null })),
    });
    renderApp({ route: `/artists-writers/${PARTY_ID}`, session: makeClientSession() });
    const royalties = within(await screen.findByRole('region', { name: 'Royalties' }));
    expect(royalties.getByText(/Choose a payee for this person/)).toBeTruthy();
    expect(server.requests.some((request) => request.path.includes('/finance/'))).toBe(false);
  });
});
