import { FINANCE_MESSAGES, ROYALTY_LIMITS } from '@music-review/core/royalties';
import { STATEMENT_MESSAGES } from '@music-review/core/royalty-sources';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { FakeXhr } from '../../../test/fake-xhr';
import { apiError, json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import {
  ANALYSE,
  IMPORTS,
  importsAnswer,
  makeAnalysis,
  makeImport,
  PRESIGN,
  START,
  serveFinance,
} from './finance-fixtures';

const KEY = 'org-1/finance/upload-1/sales.csv';
const uploadRoutes = {
  [PRESIGN]: json(200, {
    key: KEY,
    upload_url: 'http://localhost/storage/v1/object/org-1/finance/upload-1/sales.csv?sig=1',
    content_type: 'text/csv',
  }),
};

const statementFile = (size?: number, name = 'sales.csv') => {
  const file = new File(
    ['Month;Shop;Code;Song;Amount;Cur\r\n2025-03;Bandcamp;GBAAA2400001;Golden Hour;12,50;EUR\r\n'],
    name,
    {
      type: 'text/csv',
    },
  );
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  renderApp({ route: '/finance', session: makeClientSession() });
  await user.click(await screen.findByRole('button', { name: 'Import statement' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Import statement' }));
  return { user, dialog };
}

const select = (dialog: ReturnType<typeof within>, label: string) =>
  dialog.getByRole('combobox', { name: label }) as HTMLSelectElement;

beforeAll(async () => {
  await import('../pages/finance-page');
});
beforeEach(() => {
  FakeXhr.install();
});

describe('Import statement', () => {
  it('maps the columns of an unknown source, keeps what was typed on a refusal, and starts the import', async () => {
    const started = makeImport({ id: 'import-9', file_name: 'sales.csv', status: 'queued', bytes_read: 0 });
    const server = serveFinance({
      ...uploadRoutes,
      [ANALYSE]: json(200, makeAnalysis({ key: KEY })),
      [START]: [
        apiError(
          400,
          'validation_failed',
          `mapping_name: ${FINANCE_MESSAGES.mappingNameTaken}`,
          {},
          {
            mapping_name: FINANCE_MESSAGES.mappingNameTaken,
            // As the service checks a mapping against the file: keyed by statement field.
            net: STATEMENT_MESSAGES.columnMissing('Amount'),
          },
        ),
        json(202, started),
      ],
      [IMPORTS]: [importsAnswer([]), importsAnswer([started])],
    });
    const { user, dialog } = await openDialog();

    await user.upload(dialog.getByLabelText('Choose a statement file'), statementFile());
    expect(await dialog.findByText(FINANCE_MESSAGES.unknownSource)).toBeTruthy();
    // The file went to storage with the signed type, then its start was read.
    expect(FakeXhr.sent[0]).toMatchObject({ method: 'PUT', headers: { 'content-type': 'text/csv' } });
    expect(server.requestsTo(PRESIGN)[0]!.body).toEqual({
      filename: 'sales.csv',
      size_bytes: statementFile().size,
    });
    expect(server.requestsTo(ANALYSE)[0]!.body).toEqual({ key: KEY });

    // What was found, and the first rows.
    expect(dialog.getByText('Text (CSV)')).toBeTruthy();
    expect(dialog.getByText('semicolons')).toBeTruthy();
    const preview = within(dialog.getByRole('table', { name: 'The first rows of the file' }));
    expect(preview.getByRole('columnheader', { name: 'Shop' })).toBeTruthy();
    expect(preview.getByText('Bandcamp')).toBeTruthy();

    // The suggestion is the first values; the source is "Other source".
    expect(select(dialog, 'Source').value).toBe('custom');
    expect(select(dialog, 'Store').value).toBe('Shop');
    expect(select(dialog, 'ISRC').value).toBe('Code');

    // Checked before anything is sent: the required columns and the source's name.
    await user.click(dialog.getByRole('button', { name: 'Start import' }));
    expect(dialog.getByText(STATEMENT_MESSAGES.saleMonthNotMapped)).toBeTruthy();
    expect(dialog.getByText(STATEMENT_MESSAGES.netNotMapped)).toBeTruthy();
    expect(dialog.getByText(STATEMENT_MESSAGES.currencyNotMapped)).toBeTruthy();
    expect(server.requestsTo(START)).toHaveLength(0);

    await user.selectOptions(select(dialog, 'Sale month (required)'), 'Month');
    await user.selectOptions(select(dialog, 'Net amount (required)'), 'Amount');
    expect(dialog.getByText('e.g. 12,50')).toBeTruthy();
    await user.type(dialog.getByRole('textbox', { name: 'Default currency' }), 'eur');
    // With a default currency the currency column is no longer required.
    expect(dialog.queryByRole('combobox', { name: 'Currency (required)' })).toBeNull();
    await user.selectOptions(select(dialog, 'Number format'), '1.234,56 (decimal comma)');
    await user.selectOptions(select(dialog, 'Date layout'), 'Day first: 15/10/2023');
    await user.selectOptions(select(dialog, 'Default sale type'), 'Download');
    await user.type(dialog.getByRole('textbox', { name: 'Source name' }), 'Bandcamp');
    await user.click(dialog.getByRole('button', { name: 'Start import' }));

    await waitFor(() => expect(server.requestsTo(START)).toHaveLength(1));
    const sent = {
      key: KEY,
      source: 'custom',
      mapping: {
        columns: { store: 'Shop', isrc: 'Code', sale_month: 'Month', net: 'Amount' },
        number_format: 'comma',
        date_format: 'dmy',
        default_currency: 'EUR',
        default_sale_type: 'download',
      },
      mapping_name: 'Bandcamp',
    };
    expect(server.requestsTo(START)[0]!.body).toEqual(sent);

    // The server's problems stand beside their fields; everything typed stays.
    const name = dialog.getByRole('textbox', { name: 'Source name' }) as HTMLInputElement;
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.getByText(FINANCE_MESSAGES.mappingNameTaken)).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(select(dialog, 'Net amount (required)').getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByText(STATEMENT_MESSAGES.columnMissing('Amount'))).toBeTruthy();
    expect(name.value).toBe('Bandcamp');
    expect(select(dialog, 'Sale month (required)').value).toBe('Month');
    expect((dialog.getByRole('textbox', { name: 'Default currency' }) as HTMLInputElement).value).toBe('eur');
    expect(select(dialog, 'Number format').value).toBe('comma');

    await user.clear(name);
    await user.type(name, 'Bandcamp Direct');
    await user.click(dialog.getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(server.requestsTo(START)).toHaveLength(2));
    expect(server.requestsTo(START)[1]!.body).toEqual({ ...sent, mapping_name: 'Bandcamp Direct' });

    // The dialog closes; the list shows the new import and a polite note says so.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('progressbar', { name: 'Waiting to read sales.csv' })).toBeTruthy();
    expect(
      screen.getByText('sales.csv is being imported. Its progress shows below.').getAttribute('role'),
    ).toBe('status');
  }, 20_000);

  it('names the detected source and starts it without a mapping; the source can be changed', async () => {
    const server = serveFinance({
      ...uploadRoutes,
      [ANALYSE]: json(
        200,
        makeAnalysis({
          key: KEY,
          format: 'xlsx',
          encoding: null,
          delimiter: null,
          inner_name: 'report-2025-03.xlsx',
          sheet_name: 'Sales',
          headers: ['Reporting Date', 'Sale Month', 'Store', 'Artist', 'Title', 'ISRC', 'Earnings (USD)'],
          sample_rows: [
            ['2025-04-01', '2025-03', 'Spotify', 'Sunny', 'Golden Hour', 'GBAAA2400001', '0.0031'],
          ],
          detected_source: 'distrokid',
          mapping: {
            columns: { sale_month: 'Sale Month', store: 'Store', net: 'Earnings (USD)' },
            number_format: 'point',
            date_format: 'auto',
            default_currency: 'USD',
            default_sale_type: 'stream',
          },
        }),
      ),
      [START]: json(202, makeImport({ status: 'queued' })),
    });
    const { user, dialog } = await openDialog();
    await user.upload(
      dialog.getByLabelText('Choose a statement file'),
      statementFile(undefined, 'distrokid.zip'),
    );

    expect(await dialog.findByText('Detected: DistroKid')).toBeTruthy();
    expect(dialog.getByText('report-2025-03.xlsx')).toBeTruthy();
    expect(dialog.getByText('Excel workbook')).toBeTruthy();
    expect(dialog.getByText('Sales')).toBeTruthy();
    const source = select(dialog, 'Source');
    expect(source.value).toBe('distrokid');
    expect([...source.options].map((option) => option.text)).toEqual([
      'DistroKid',
      'TuneCore',
      'CD Baby',
      'AWAL',
      'Believe',
      'The Orchard',
      'FUGA',
      'Apple',
      'Other source (map the columns)',
    ]);
    expect(dialog.queryByRole('textbox', { name: 'Source name' })).toBeNull();

    // Choosing "Other source" shows the mapping, filled from the detected layout; back again hides it.
    await user.selectOptions(source, 'Other source (map the columns)');
    expect(select(dialog, 'Net amount (required)').value).toBe('Earnings (USD)');
    await user.selectOptions(source, 'TuneCore');
    expect(dialog.queryByRole('textbox', { name: 'Source name' })).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(server.requestsTo(START)).toHaveLength(1));
    expect(server.requestsTo(START)[0]!.body).toEqual({ key: KEY, source: 'tunecore' });
  });

  it('keeps what a detected layout knows beyond the form when it is saved as a source of the label’s own', async () => {
    const server = serveFinance({
      ...uploadRoutes,
      [ANALYSE]: json(
        200,
        makeAnalysis({
          key: KEY,
          headers: ['Sale Month', 'Title', 'Song/Album', 'Earnings (USD)'],
          sample_rows: [['2025-03', 'Summer EP', 'Album', '1.5']],
          detected_source: 'distrokid',
          mapping: {
            columns: { sale_month: 'Sale Month', track_title: 'Title', net: 'Earnings (USD)' },
            number_format: 'point',
            date_format: 'auto',
            default_currency: 'USD',
            default_sale_type: 'stream',
            release_row_column: 'Song/Album',
          },
        }),
      ),
      [START]: json(202, makeImport({ status: 'queued' })),
    });
    const { user, dialog } = await openDialog();
    await user.upload(dialog.getByLabelText('Choose a statement file'), statementFile());
    await user.selectOptions(
      await dialog.findByRole('combobox', { name: 'Source' }),
      'Other source (map the columns)',
    );
    await user.type(dialog.getByRole('textbox', { name: 'Source name' }), 'DistroKid (old layout)');
    await user.click(dialog.getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(server.requestsTo(START)).toHaveLength(1));
    expect(server.requestsTo(START)[0]!.body).toEqual({
      key: KEY,
      source: 'custom',
      mapping: {
        columns: { sale_month: 'Sale Month', track_title: 'Title', net: 'Earnings (USD)' },
        number_format: 'point',
        date_format: 'auto',
        default_currency: 'USD',
        default_sale_type: 'stream',
        release_row_column: 'Song/Album',
      },
      mapping_name: 'DistroKid (old layout)',
    });
  });

  it('shows a refusal that names no field, such as a file imported already, in the dialog', async () => {
    const duplicate = FINANCE_MESSAGES.duplicate('march.tsv', 'Apr 2, 2025');
    serveFinance({
      ...uploadRoutes,
      [ANALYSE]: json(200, makeAnalysis({ key: KEY, detected_source: 'believe' })),
      [START]: apiError(409, 'conflict', duplicate),
    });
    const { user, dialog } = await openDialog();
    await user.upload(dialog.getByLabelText('Choose a statement file'), statementFile());
    await user.click(await dialog.findByRole('button', { name: 'Start import' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(duplicate);
    expect(screen.getByRole('dialog', { name: 'Import statement' })).toBeTruthy();
  });

  it('shows beside the source why the file is not in the chosen source’s layout', async () => {
    const message = `This file is not in TuneCore's layout: ${STATEMENT_MESSAGES.columnMissing('Total Earned')}`;
    serveFinance({
      ...uploadRoutes,
      [ANALYSE]: json(200, makeAnalysis({ key: KEY, detected_source: 'believe' })),
      [START]: apiError(400, 'validation_failed', `source: ${message}`, {}, { source: message }),
    });
    const { user, dialog } = await openDialog();
    await user.upload(dialog.getByLabelText('Choose a statement file'), statementFile());
    await user.selectOptions(await dialog.findByRole('combobox', { name: 'Source' }), 'TuneCore');
    await user.click(dialog.getByRole('button', { name: 'Start import' }));
    const source = select(dialog, 'Source');
    await waitFor(() => expect(source.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.getByText(message)).toBeTruthy();
    expect(source.value).toBe('tunecore');
    expect(document.activeElement).toBe(source);
  });

  it('refuses an empty file and one above 2 GB before sending anything', async () => {
    const server = serveFinance({ ...uploadRoutes });
    const { user, dialog } = await openDialog();

    await user.upload(dialog.getByLabelText('Choose a statement file'), statementFile(0));
    expect((await dialog.findByRole('alert')).textContent).toBe(FINANCE_MESSAGES.empty);

    const huge = ROYALTY_LIMITS.maxBytes + 1;
    await user.upload(dialog.getByLabelText('Choose a statement file'), statementFile(huge));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe(FINANCE_MESSAGES.tooLarge(huge)));
    expect(server.requestsTo(PRESIGN)).toHaveLength(0);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows the upload’s progress by the file’s name, and why a file cannot be read', async () => {
    FakeXhr.install({ isManual: true });
    serveFinance({
      ...uploadRoutes,
      [ANALYSE]: apiError(415, 'unsupported_media_type', 'This file is not a CSV, TSV or XLSX statement.'),
    });
    const { user, dialog } = await openDialog();
    // A round size, so a quarter of it is exactly 25 %.
    await user.upload(dialog.getByLabelText('Choose a statement file'), statementFile(1000));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.progress(0.25);
    const bar = await dialog.findByRole('progressbar', { name: 'Uploading sales.csv' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'));
    FakeXhr.sent[0]!.respond(200);
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'This file is not a CSV, TSV or XLSX statement.',
    );
    expect(dialog.getByLabelText('Choose a statement file')).toBeTruthy();
  });
});
