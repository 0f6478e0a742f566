import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { FakeXhr } from '../../../test/fake-xhr';
import { apiError, json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import type { ReceiptFileDto } from '../accounting-types';
import { todayText } from '../components/accounting-format';
import { RECEIPT_STILL_UPLOADING } from '../components/add-entry-form';
import {
  DEAL_ID,
  DEALS,
  dealRoute,
  dealsAnswer,
  LUNA,
  ledgerAnswer,
  makeDeal,
  makeEntry,
  makePayee,
  PAYEES,
  payeesAnswer,
  SUNNY,
} from './accounting-fixtures';
import { serveFinance, uuid } from './finance-fixtures';

const SONG_ID = uuid(500);
const ORG = uuid(501);
const RECEIPT_FILES = dealRoute('GET', '/receipt-files');
const PRESIGN = `POST /api/v1/songs/${SONG_ID}/project-folder/uploads`;
const CONFIRM = `POST /api/v1/songs/${SONG_ID}/project-folder/files`;
const LEDGER_POST = dealRoute('POST', '/ledger');
const key = (name: string) => `${ORG}/files/${SONG_ID}_0a1b2c3d4e5f6a7b/${name}`;

function makeReceiptFile(overrides: Partial<ReceiptFileDto> = {}): ReceiptFileDto {
  return {
    key: key('studio-nord-invoice.pdf'),
    name: 'studio-nord-invoice.pdf',
    folder_path: 'Invoices',
    content_type: 'application/pdf',
    size_bytes: 48_213,
    // Noon UTC: the same day in any time zone the tests run in.
    created_at: '2026-03-02T12:00:00.000Z',
    ...overrides,
  };
}

const receiptFiles = (files: ReceiptFileDto[]) =>
  json(200, { song_id: SONG_ID, song_title: 'Golden Hour', files });

const COST = makeEntry({
  id: uuid(160),
  kind: 'cost',
  amount: '450',
  reason: 'Mixing at Studio Nord',
  receipt: {
    name: 'studio-nord-invoice.pdf',
    url: 'https://files.example.com/signed/invoice',
    deleted: false,
  },
});

/** The routes a contract's drawer asks, its receipt choices among them. */
const drawerRoutes = (files: ReceiptFileDto[] = [makeReceiptFile()]) => ({
  [DEALS]: dealsAnswer([makeDeal()]),
  [dealRoute('GET', '/ledger')]: ledgerAnswer([makeEntry()]),
  [PAYEES]: payeesAnswer([
    makePayee({ id: SUNNY, name: 'Sunny', currency: 'USD' }),
    makePayee({ id: LUNA, name: 'Luna', currency: 'USD' }),
  ]),
  [RECEIPT_FILES]: receiptFiles(files),
});

beforeAll(async () => {
  await import('../pages/finance-page');
});

beforeEach(() => {
  FakeXhr.install();
});

/** The drawer of the contract, its "Add entry" form open on a cost of USD 450.00 for Sunny. */
async function costForm() {
  const user = userEvent.setup({ delay: null });
  renderApp({ route: `/finance?tab=contracts&deal=${DEAL_ID}`, session: makeClientSession() });
  const sheet = within(await screen.findByRole('dialog', { name: 'Golden Hour recording agreement' }));
  await user.click(await sheet.findByRole('button', { name: 'Add entry' }));
  const form = within(sheet.getByRole('form', { name: 'Add an entry' }));
  await user.selectOptions(form.getByLabelText('Kind'), 'Recoupable cost');
  await user.selectOptions(form.getByLabelText('Payee'), 'Sunny');
  await user.type(form.getByLabelText('Amount'), '450');
  await user.type(form.getByLabelText('Reason'), 'Mixing at Studio Nord');
  return { user, sheet, form };
}

const receiptSelect = (form: ReturnType<typeof within>) =>
  form.getByLabelText('Receipt (optional)') as HTMLSelectElement;

const costBody = (receiptKey: string | null) => ({
  kind: 'cost',
  payee_id: SUNNY,
  amount: '450',
  currency: 'USD',
  entry_date: todayText(),
  recoupable: true,
  reason: 'Mixing at Studio Nord',
  receipt_key: receiptKey,
});

describe('Finance: a cost’s receipt', () => {
  it('chooses a file already in the project folder of the contract’s song', async () => {
    const server = serveFinance({
      ...drawerRoutes([
        makeReceiptFile({
          key: key('artwork-receipt.png'),
          name: 'artwork-receipt.png',
          folder_path: null,
          created_at: '2026-03-05T12:00:00.000Z',
        }),
        makeReceiptFile(),
      ]),
      [LEDGER_POST]: json(201, COST),
    });
    const { user, sheet, form } = await costForm();
    expect(
      form.getByText('A file of the project folder of “Golden Hour”. An uploaded receipt goes there too.'),
    ).toBeTruthy();
    // Each file by its name, its folder and the day it was uploaded; none chosen at first.
    await waitFor(() => expect(receiptSelect(form).disabled).toBe(false));
    expect(
      within(receiptSelect(form))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'No receipt',
      'artwork-receipt.png · Mar 5, 2026',
      'studio-nord-invoice.pdf · Invoices · Mar 2, 2026',
    ]);
    expect(receiptSelect(form).value).toBe('');

    await user.selectOptions(receiptSelect(form), 'studio-nord-invoice.pdf · Invoices · Mar 2, 2026');
    await user.click(form.getByRole('button', { name: 'Add entry' }));
    await waitFor(() => expect(server.requestsTo(LEDGER_POST)).toHaveLength(1));
    expect(server.requestsTo(LEDGER_POST)[0]!.body).toEqual(costBody(key('studio-nord-invoice.pdf')));
    expect(await sheet.findByText('Entry added. The balances below include it.')).toBeTruthy();
  });

  it('offers a receipt only for a cost, and sends none for another kind', async () => {
    const server = serveFinance({ ...drawerRoutes(), [LEDGER_POST]: json(201, makeEntry()) });
    const { user, form } = await costForm();
    await waitFor(() => expect(receiptSelect(form).disabled).toBe(false));
    await user.selectOptions(receiptSelect(form), 'studio-nord-invoice.pdf · Invoices · Mar 2, 2026');
    await user.selectOptions(form.getByLabelText('Kind'), 'Advance');
    expect(form.queryByLabelText('Receipt (optional)')).toBeNull();
    await user.click(form.getByRole('button', { name: 'Add entry' }));
    await waitFor(() => expect(server.requestsTo(LEDGER_POST)).toHaveLength(1));
    expect(server.requestsTo(LEDGER_POST)[0]!.body).toMatchObject({ kind: 'advance', receipt_key: null });
  });

  it('uploads a receipt into the song’s project folder with its progress, and chooses it', async () => {
    FakeXhr.install({ isManual: true });
    const uploadKey = key('invoice-march.pdf');
    const uploaded = makeReceiptFile({
      key: uploadKey,
      name: 'invoice-march.pdf',
      folder_path: null,
      size_bytes: 2000,
      created_at: '2026-03-09T12:00:00.000Z',
    });
    const server = serveFinance({
      ...drawerRoutes(),
      // Empty at first; read again after the upload, the folder has it.
      [RECEIPT_FILES]: [receiptFiles([]), receiptFiles([uploaded])],
      [PRESIGN]: json(200, {
        key: uploadKey,
        upload_url: 'https://storage.example.com/put/invoice-march.pdf?sig=1',
        content_type: 'application/pdf',
      }),
      [CONFIRM]: json(201, {
        id: uuid(510),
        folder_id: null,
        name: 'invoice-march.pdf',
        content_type: 'application/pdf',
        size_bytes: 2000,
        uploaded_by_name: 'Ada Lovelace',
        created_at: '2026-03-09T12:00:00.000Z',
        deleted_at: null,
        url: 'https://files.example.com/signed/invoice-march',
      }),
      [LEDGER_POST]: json(201, COST),
    });
    const { user, form } = await costForm();
    expect(await form.findByText('No files in the project folder yet.')).toBeTruthy();

    const invoice = new File(['x'.repeat(2000)], 'invoice-march.pdf', { type: 'application/pdf' });
    await user.upload(form.getByLabelText('Receipt file to upload'), invoice);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    // Into the top of the folder, through the folder's own endpoints, the bytes to the signed URL.
    expect(server.requestsTo(PRESIGN)[0]!.body).toEqual({
      folder_id: null,
      filename: 'invoice-march.pdf',
      content_type: 'application/pdf',
      size_bytes: 2000,
    });
    expect(FakeXhr.sent[0]).toMatchObject({
      method: 'PUT',
      url: 'https://storage.example.com/put/invoice-march.pdf?sig=1',
      headers: { 'content-type': 'application/pdf' },
    });
    FakeXhr.sent[0]!.progress(0.4);
    const bar = await form.findByRole('progressbar', { name: 'Uploading invoice-march.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    // Sending meanwhile is refused with a clear message; nothing is posted.
    await user.click(form.getByRole('button', { name: 'Add entry' }));
    expect((await form.findByRole('alert')).textContent).toBe(RECEIPT_STILL_UPLOADING);
    expect(server.requestsTo(LEDGER_POST)).toHaveLength(0);

    FakeXhr.sent[0]!.respond(200);
    await waitFor(() => expect(receiptSelect(form).value).toBe(uploadKey));
    expect(server.requestsTo(CONFIRM)[0]!.body).toEqual({
      key: uploadKey,
      folder_id: null,
      name: 'invoice-march.pdf',
    });
    expect(form.queryByRole('progressbar')).toBeNull();
    expect(within(receiptSelect(form)).getByRole('option', { selected: true }).textContent).toBe(
      'invoice-march.pdf · Mar 9, 2026',
    );
    await waitFor(() => expect(server.requestsTo(RECEIPT_FILES)).toHaveLength(2));
    expect(receiptSelect(form).value).toBe(uploadKey);

    await user.click(form.getByRole('button', { name: 'Add entry' }));
    await waitFor(() => expect(server.requestsTo(LEDGER_POST)).toHaveLength(1));
    expect(server.requestsTo(LEDGER_POST)[0]!.body).toEqual(costBody(uploadKey));
  });

  it('says why an upload was refused in the project folder’s words, keeping what was typed', async () => {
    const server = serveFinance({
      ...drawerRoutes(),
      [PRESIGN]: apiError(
        403,
        'plan_limit_reached',
        "This upload would go over your Pro plan's 10 GB of storage (10 GB used). Delete files you no longer need or upgrade your plan.",
      ),
    });
    const { user, form } = await costForm();
    await waitFor(() => expect(receiptSelect(form).disabled).toBe(false));
    await user.upload(
      form.getByLabelText('Receipt file to upload'),
      new File(['scan'], 'scan.jpg', { type: 'image/jpeg' }),
    );
    expect((await form.findByRole('alert')).textContent).toBe(
      "scan.jpg: This upload would go over your Pro plan's 10 GB of storage (10 GB used). Delete files you no longer need or upgrade your plan.",
    );
    expect(FakeXhr.sent).toHaveLength(0);
    expect(server.requestsTo(CONFIRM)).toHaveLength(0);
    expect((form.getByLabelText('Amount') as HTMLInputElement).value).toBe('450');
    expect((form.getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Mixing at Studio Nord');
    expect(receiptSelect(form).value).toBe('');
    await user.click(form.getByRole('button', { name: 'Dismiss' }));
    expect(form.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal of a receipt beside it, and keeps every value', async () => {
    const message = 'Choose a file of the project folder of “Golden Hour”.';
    const server = serveFinance({
      ...drawerRoutes(),
      [LEDGER_POST]: apiError(400, 'validation_failed', message, {}, { receipt_key: message }),
    });
    const { user, form } = await costForm();
    await waitFor(() => expect(receiptSelect(form).disabled).toBe(false));
    await user.selectOptions(receiptSelect(form), 'studio-nord-invoice.pdf · Invoices · Mar 2, 2026');
    await user.click(form.getByRole('button', { name: 'Add entry' }));

    const alert = await form.findByRole('alert');
    expect(alert.textContent).toBe(message);
    // Under the receipt field (no other alert for the form), which is marked invalid and focused.
    expect(form.getAllByRole('alert')).toHaveLength(1);
    expect(receiptSelect(form).getAttribute('aria-invalid')).toBe('true');
    expect(receiptSelect(form).getAttribute('aria-describedby')).toContain(alert.id);
    expect(document.activeElement).toBe(receiptSelect(form));
    expect(receiptSelect(form).value).toBe(key('studio-nord-invoice.pdf'));
    expect((form.getByLabelText('Amount') as HTMLInputElement).value).toBe('450');
    expect(server.requestsTo(LEDGER_POST)[0]!.body).toEqual(costBody(key('studio-nord-invoice.pdf')));
  });

  it('shows "Receipt" as a link on the ledger’s entries that have one', async () => {
    serveFinance({
      ...drawerRoutes(),
      [dealRoute('GET', '/ledger')]: ledgerAnswer([
        makeEntry(),
        COST,
        makeEntry({
          id: uuid(161),
          kind: 'cost',
          amount: '120',
          reason: 'Artwork',
          receipt: { name: 'artwork.png', url: 'https://files.example.com/signed/artwork', deleted: true },
        }),
        makeEntry({
          id: uuid(162),
          kind: 'cost',
          amount: '60',
          reason: 'Photos',
          receipt: { name: 'photos.zip', url: null, deleted: true },
        }),
      ]),
    });
    renderApp({ route: `/finance?tab=contracts&deal=${DEAL_ID}`, session: makeClientSession() });
    const table = within(
      await screen.findByRole('table', { name: 'Ledger of Golden Hour recording agreement' }),
    );
    const [advance, mixing, artwork, photos] = table.getAllByRole('row').slice(1);
    expect(within(advance!).queryByRole('link')).toBeNull();
    expect(within(advance!).queryByText(/Receipt/)).toBeNull();

    const link = within(mixing!).getByRole('link', { name: 'Receipt' });
    expect(link.getAttribute('href')).toBe('https://files.example.com/signed/invoice');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(mixing!).getByText('studio-nord-invoice.pdf')).toBeTruthy();
    expect(within(mixing!).getByText('Mixing at Studio Nord')).toBeTruthy();

    // Deleted from the project folder since: it still opens until purged, and says where it is.
    expect(within(artwork!).getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(
      'https://files.example.com/signed/artwork',
    );
    expect(within(artwork!).getByText('artwork.png (in the project folder’s Recently deleted)')).toBeTruthy();
    // Purged: no link, said in words.
    expect(within(photos!).queryByRole('link')).toBeNull();
    expect(within(photos!).getByText('Receipt photos.zip: removed from the project folder')).toBeTruthy();
  });
});
