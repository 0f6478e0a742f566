import { CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { makeParty, makePayeeRow, meRoute, page } from '../test/people-data';

type User = ReturnType<typeof userEvent.setup>;

/** Ids the API checks are UUIDs. */
const PAYEE_ID = '7b1c9a52-4d1e-4c7a-9f3e-2a6b8c0d1e2f';

beforeAll(async () => {
  await import('../pages/artists-writers-page');
  await import('../pages/person-page');
});

async function openDialog(user: User) {
  renderApp({ route: '/artists-writers?tab=writers', session: makeClientSession() });
  await screen.findByText('No writers yet');
  await user.click(screen.getAllByRole('button', { name: CATALOGUE_TEXTS.addPerson })[0]!);
  return within(await screen.findByRole('dialog', { name: CATALOGUE_TEXTS.addPerson }));
}

/** Types a long text at once (as pasting does): typing each key of every field is slow. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** The error shown under a field: the text its aria-describedby points at, after its hint. */
function errorOf(field: HTMLElement): string | null {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? (document.getElementById(ids[0]!)?.textContent ?? null) : null;
}

describe('Add person', () => {
  it('checks the fields as the member submits, names each problem under its field and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({ ...meRoute, 'GET /api/v1/parties': json(200, page([])) });
    const dialog = await openDialog(user);

    // The tab the dialog was opened from pre-ticks its role.
    expect((dialog.getByRole('checkbox', { name: 'Writer' }) as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(dialog.getByRole('textbox', { name: 'Name' }));

    await fill(user, dialog.getByRole('textbox', { name: 'IPI/CAE' }), '12-34');
    await fill(user, dialog.getByRole('textbox', { name: 'ISNI' }), '1234');
    await fill(user, dialog.getByRole('textbox', { name: 'Country' }), 'g1');
    await fill(user, dialog.getByRole('textbox', { name: 'Contact email' }), 'lena@');
    await user.click(dialog.getByRole('button', { name: CATALOGUE_TEXTS.addPerson }));

    expect(errorOf(dialog.getByRole('textbox', { name: 'Name' }))).toBe('Enter a name');
    expect(errorOf(dialog.getByRole('textbox', { name: 'IPI/CAE' }))).toBe(MUSIC_CODE_MESSAGES.ipiLength);
    expect(errorOf(dialog.getByRole('textbox', { name: 'ISNI' }))).toBe(
      'An ISNI has 16 characters: 15 digits and a digit or X',
    );
    expect(errorOf(dialog.getByRole('textbox', { name: 'Country' }))).toBe(
      'Use the 2-letter country code, like GB',
    );
    expect(errorOf(dialog.getByRole('textbox', { name: 'Contact email' }))).toBe(
      'Enter a valid email address',
    );
    expect(server.requestsTo('POST /api/v1/parties')).toHaveLength(0);
    // What was typed stays.
    expect((dialog.getByRole('textbox', { name: 'IPI/CAE' }) as HTMLInputElement).value).toBe('12-34');
    expect((dialog.getByRole('textbox', { name: 'Country' }) as HTMLInputElement).value).toBe('G1');
  }, 20_000);

  it("shows the server's problems next to their fields and keeps everything typed", async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      ...meRoute,
      'GET /api/v1/parties': json(200, page([])),
      'POST /api/v1/parties': apiError(
        400,
        'validation_failed',
        'ipi: This IPI is already used by “Lena Park”',
        {},
        {
          ipi: 'This IPI is already used by “Lena Park”',
          'aliases.1': 'At most 200 characters',
        },
      ),
    });
    const dialog = await openDialog(user);
    await fill(user, dialog.getByRole('textbox', { name: 'Name' }), 'L. Park');
    await user.type(dialog.getByRole('textbox', { name: 'Other credited names' }), 'Lena{Enter}LP');
    await fill(user, dialog.getByRole('textbox', { name: 'IPI/CAE' }), '00123456789');
    await user.click(dialog.getByRole('button', { name: CATALOGUE_TEXTS.addPerson }));

    await waitFor(() => expect(server.requestsTo('POST /api/v1/parties')).toHaveLength(1));
    expect(await dialog.findByText('This IPI is already used by “Lena Park”')).toBeTruthy();
    expect(errorOf(dialog.getByRole('textbox', { name: 'IPI/CAE' }))).toBe(
      'This IPI is already used by “Lena Park”',
    );
    expect(errorOf(dialog.getByRole('textbox', { name: 'Other credited names' }))).toBe(
      'At most 200 characters',
    );
    expect((dialog.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('L. Park');
    expect((dialog.getByRole('textbox', { name: 'Other credited names' }) as HTMLTextAreaElement).value).toBe(
      'Lena\nLP',
    );
    expect(screen.getByRole('dialog', { name: CATALOGUE_TEXTS.addPerson })).toBeTruthy();
  }, 20_000);

  it('adds a person with every field and a payee picked from the label’s payees, then opens their page', async () => {
    const user = userEvent.setup({ delay: null });
    const created = makeParty({ id: 'party-new', name: '山田 花子' });
    const server = mockFetch({
      ...meRoute,
      'GET /api/v1/parties': json(200, page([])),
      'GET /api/v1/payees': json(
        200,
        page([makePayeeRow({ id: PAYEE_ID, name: 'Yamada Office KK', currency: 'JPY' })]),
      ),
      'POST /api/v1/parties': json(201, created),
      'GET /api/v1/parties/party-new': json(200, created),
    });
    const dialog = await openDialog(user);
    await fill(user, dialog.getByRole('textbox', { name: 'Name' }), '山田 花子');
    await fill(
      user,
      dialog.getByRole('textbox', { name: 'Other credited names' }),
      'Hanako Yamada\n HANAKO \n',
    );
    await fill(user, dialog.getByRole('textbox', { name: 'Legal name' }), '山田 花子');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Type' }), 'Person');
    await user.click(dialog.getByRole('checkbox', { name: 'Artist' }));
    await fill(user, dialog.getByRole('textbox', { name: 'ISNI' }), '0000 0001 2345 678X');
    await fill(user, dialog.getByRole('textbox', { name: 'IPI/CAE' }), '00123456789');
    await fill(user, dialog.getByRole('combobox', { name: 'PRO' }), 'JASRAC');
    await fill(user, dialog.getByRole('textbox', { name: 'PRO member number' }), 'J-1234');
    await fill(user, dialog.getByRole('textbox', { name: 'Country' }), 'jp');
    await fill(user, dialog.getByRole('textbox', { name: 'Contact email' }), 'hanako@example.jp');
    await user.click(dialog.getByRole('button', { name: 'Choose payee' }));
    await user.click(await dialog.findByRole('button', { name: 'Pay through Yamada Office KK' }));
    expect(within(dialog.getByRole('group', { name: 'Payee' })).getByText('Yamada Office KK')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: CATALOGUE_TEXTS.addPerson }));

    await waitFor(() => expect(server.requestsTo('POST /api/v1/parties')).toHaveLength(1));
    expect(server.requestsTo('POST /api/v1/parties')[0]!.body).toEqual({
      name: '山田 花子',
      aliases: ['Hanako Yamada', 'HANAKO'],
      legal_name: '山田 花子',
      party_type: 'person',
      roles: ['artist', 'writer'],
      isni: '0000 0001 2345 678X',
      ipi: '00123456789',
      pro: 'JASRAC',
      pro_member_number: 'J-1234',
      country: 'JP',
      email: 'hanako@example.jp',
      notes: null,
      payee_id: PAYEE_ID,
    });
    expect(await screen.findByRole('heading', { level: 1, name: '山田 花子' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: CATALOGUE_TEXTS.addPerson })).toBeNull();
  }, 20_000);
});
