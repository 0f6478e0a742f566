import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { makeClientSession } from '../../../test/factories';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { emptyAccountRoute, makePayee, makePayeeRow, meRoute, page } from '../test/people-data';

type User = ReturnType<typeof userEvent.setup>;
const IBAN = 'DE89 3704 0044 0532 0130 00';

beforeAll(async () => {
  await import('../pages/artists-writers-page');
});

async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function openAddPayee(user: User) {
  await user.click((await screen.findAllByRole('button', { name: 'Add payee' }))[0]!);
  return within(await screen.findByRole('dialog', { name: 'Add payee' }));
}

describe('Payees', () => {
  it('lists payees with currency, minimum payout, payment details on file and the people paying in', async () => {
    mockFetch({
      ...meRoute,
      'GET /api/v1/payees': json(
        200,
        page([
          makePayeeRow({ id: 'payee-1', name: 'Park Music Ltd', party_count: 2 }),
          makePayeeRow({
            id: 'payee-2',
            name: 'Yamada Office KK',
            currency: 'JPY',
            minimum_payout_minor: 5000,
            has_payment_details: false,
            payment_method: null,
            party_count: 1,
          }),
        ]),
      ),
    });
    renderApp({ route: '/artists-writers?tab=payees', session: makeClientSession() });
    const list = await screen.findByRole('list', { name: 'Payees' });
    const park = within(within(list).getByRole('article', { name: 'Park Music Ltd' }));
    expect(park.getByRole('link', { name: 'Park Music Ltd' }).getAttribute('href')).toBe(
      '/artists-writers?tab=payees&payee=payee-1',
    );
    expect(park.getByText('Minimum payout').nextElementSibling?.textContent).toMatch(/50\.00/);
    expect(park.getByText('2 people')).toBeTruthy();
    const yamada = within(within(list).getByRole('article', { name: 'Yamada Office KK' }));
    expect(yamada.getByText(/No payment details on file/)).toBeTruthy();
    expect(yamada.getByText('Minimum payout').nextElementSibling?.textContent).toMatch(/5,000/);
    expect(yamada.getByText('Minimum payout').nextElementSibling?.textContent).not.toMatch(/\.00/);
    expect(screen.getByText('2 payees')).toBeTruthy();
  });

  it('adds a payee: the minimum payout goes out in exact minor units, the details are never shown again', async () => {
    const user = userEvent.setup({ delay: null });
    const created = makePayee({
      id: 'payee-9',
      name: 'Lena Park',
      minimum_payout_minor: 29,
      payment_details_masked: '•••• 3000',
      parties: [{ id: 'party-1', name: 'Lena Park' }],
    });
    const server = mockFetch({
      ...meRoute,
      'GET /api/v1/payees': json(200, page([])),
      'POST /api/v1/payees': json(201, created),
      'GET /api/v1/payees/payee-9': json(200, created),
      ...emptyAccountRoute('payee-9'),
    });
    const { location } = renderApp({ route: '/artists-writers?tab=payees', session: makeClientSession() });
    await screen.findByText('No payees yet');
    const dialog = await openAddPayee(user);
    await fill(user, dialog.getByRole('textbox', { name: 'Name' }), 'Lena Park');
    await fill(user, dialog.getByRole('textbox', { name: 'Minimum payout' }), '0.29');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Payment method' }), 'Bank transfer');
    await fill(user, dialog.getByRole('textbox', { name: 'Payment details' }), IBAN);
    await user.click(dialog.getByRole('button', { name: 'Add payee' }));

    await waitFor(() => expect(location()).toBe('/artists-writers?tab=payees&payee=payee-9'));
    expect(server.requestsTo('POST /api/v1/payees').map((r) => r.body)).toEqual([
      {
        name: 'Lena Park',
        email: null,
        currency: 'EUR',
        tax_id: null,
        payment_method: 'bank_transfer',
        payment_details: IBAN,
        minimum_payout_minor: 29,
      },
    ]);
    const drawer = within(await screen.findByRole('dialog', { name: 'Lena Park' }));
    expect(drawer.getByText('•••• 3000')).toBeTruthy();
    expect(drawer.getByText('Minimum payout').nextElementSibling?.textContent).toMatch(/0\.29/);
    // The plain details are nowhere on the page once saved: not in text, not in a field.
    expect(document.body.textContent).not.toContain(IBAN);
    const fields = Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
    );
    expect(fields.map((field) => field.value)).not.toContain(IBAN);
    expect(screen.queryByRole('dialog', { name: 'Add payee' })).toBeNull();
  }, 20_000);

  it('converts the amount for the currency and refuses more decimals than it has', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      ...meRoute,
      'GET /api/v1/payees': json(200, page([])),
      'POST /api/v1/payees': json(201, makePayee({ id: 'payee-3' })),
      'GET /api/v1/payees/payee-3': json(200, makePayee({ id: 'payee-3' })),
    });
    renderApp({ route: '/artists-writers?tab=payees', session: makeClientSession() });
    await screen.findByText('No payees yet');
    const dialog = await openAddPayee(user);
    await fill(user, dialog.getByRole('textbox', { name: 'Name' }), 'Studio 9');
    const payout = dialog.getByRole('textbox', { name: 'Minimum payout' });
    await fill(user, payout, '10.005');
    await user.click(dialog.getByRole('button', { name: 'Add payee' }));
    expect(await dialog.findByText('Enter at most 2 decimals')).toBeTruthy();
    expect(payout.getAttribute('aria-invalid')).toBe('true');

    // Yen have no decimals: 5000 is 5000 minor units.
    const currency = dialog.getByRole('combobox', { name: 'Currency' });
    await user.clear(currency);
    await fill(user, currency, 'jpy');
    await user.clear(payout);
    await fill(user, payout, '5 000');
    await user.click(dialog.getByRole('button', { name: 'Add payee' }));
    await waitFor(() => expect(server.requestsTo('POST /api/v1/payees')).toHaveLength(1));
    expect(server.requestsTo('POST /api/v1/payees')[0]!.body).toMatchObject({
      currency: 'JPY',
      minimum_payout_minor: 5000,
    });
  }, 20_000);

  it('opens a payee with the people paying into it and its master shares, and edits it without resending the details', async () => {
    const user = userEvent.setup({ delay: null });
    const payee = makePayee({
      id: 'payee-1',
      name: 'Park Music Ltd',
      row_version: 2,
      parties: [
        { id: 'party-1', name: 'Lena Park' },
        { id: 'party-2', name: 'L. Park Trio' },
      ],
      master_splits: [
        { recording_id: 'rec-1', title: 'Night Drive', display_artist: 'Lena Park', share: 62.5 },
      ],
    });
    const server = mockFetch({
      ...meRoute,
      'GET /api/v1/payees': json(200, page([makePayeeRow()])),
      'GET /api/v1/payees/payee-1': json(200, payee),
      ...emptyAccountRoute(),
      'PATCH /api/v1/payees/payee-1': json(200, { ...payee, minimum_payout_minor: 10000, row_version: 3 }),
    });
    renderApp({ route: '/artists-writers?tab=payees&payee=payee-1', session: makeClientSession() });
    const drawer = within(await screen.findByRole('dialog', { name: 'Park Music Ltd' }));
    const people = within(drawer.getByRole('region', { name: 'People paid through this payee' }));
    expect(people.getByRole('link', { name: 'L. Park Trio' }).getAttribute('href')).toBe(
      '/artists-writers/party-2',
    );
    const shares = within(drawer.getByRole('region', { name: 'Master shares' }));
    expect(shares.getByRole('link', { name: 'Night Drive' }).getAttribute('href')).toBe(
      paths.catalogue.href({ tab: 'recordings', recording: 'rec-1' }),
    );
    expect(shares.getByText('62.5%')).toBeTruthy();

    await user.click(drawer.getByRole('button', { name: 'Edit payee' }));
    const details = drawer.getByRole('textbox', { name: 'Payment details' }) as HTMLTextAreaElement;
    expect(details.value).toBe('');
    expect(drawer.getByText(/On file: •••• 3000/)).toBeTruthy();
    const payout = drawer.getByRole('textbox', { name: 'Minimum payout' }) as HTMLInputElement;
    expect(payout.value).toBe('50.00');
    await user.clear(payout);
    await fill(user, payout, '100');
    await user.click(drawer.getByRole('button', { name: 'Save payee' }));
    await waitFor(() => expect(drawer.getByRole('button', { name: 'Edit payee' })).toBeTruthy());
    expect(server.requestsTo('PATCH /api/v1/payees/payee-1').map((r) => r.body)).toEqual([
      { minimum_payout_minor: 10000, row_version: 2 },
    ]);
  }, 20_000);
});
