import type { CsvDryRunResult, CsvImportResult } from '@music-review/core/catalogue-csv';
import type { CatalogueCsvAnalysisDto } from '@music-review/core/contracts/catalogue-csv';
import type { JobDto } from '@music-review/core/contracts/jobs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession } from '../../../../test/factories';
import { FakeXhr } from '../../../../test/fake-xhr';
import { apiError, json, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { ImportCsvButton } from './import-csv-button';

const analysis: CatalogueCsvAnalysisDto = {
  key: 'org/files/catalogue-csv-upload-1/songs.csv',
  size_bytes: 120,
  encoding: 'windows-1252',
  delimiter: ';',
  notes: [
    'This file is not UTF-8 text, so it was read as Windows-1252 (Western European).',
    'Its columns are separated by semicolons.',
  ],
  headers: ['Song', 'Artist', 'ISRC', 'Notes'],
  sample_rows: [['Café Olé', 'Zoë', 'GBAAA2400001', '']],
  mapping: { display_artist: 'Artist', isrc: 'ISRC' },
  mapping_source: 'suggested',
};

const job = (overrides: Partial<JobDto>): JobDto => ({
  id: 'job-1',
  kind: 'catalogue-csv-dry-run',
  status: 'running',
  progress_done: 0,
  progress_total: null,
  progress_message: 'Reading the file',
  result: null,
  error: null,
  attempts: 1,
  cancel_requested: false,
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: '2026-01-01T00:00:00.000Z',
  finished_at: null,
  ...overrides,
});

const dryRun: CsvDryRunResult = {
  kind: 'recordings',
  rows: 4,
  create: 2,
  update: 1,
  unchanged: 0,
  failed: 1,
  errors: [{ row: 4, column: 'ISRC', message: 'An ISRC has 12 characters, like GB-ABC-26-00001' }],
  encoding: 'windows-1252',
  delimiter: ';',
};

const imported: CsvImportResult = {
  kind: 'recordings',
  rows: 4,
  created: 2,
  updated: 1,
  unchanged: 0,
  failed: 1,
  failed_rows_file: true,
  encoding: 'windows-1252',
  delimiter: ';',
};

function serve(overrides: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'POST /api/v1/catalogue/csv/uploads': json(200, {
      key: analysis.key,
      upload_url: 'http://localhost/storage/v1/object/org/files/catalogue-csv-upload-1/songs.csv?sig=1',
      content_type: 'text/csv',
    }),
    'POST /api/v1/catalogue/csv/analyse': json(200, analysis),
    'POST /api/v1/catalogue/csv/dry-runs': json(202, {
      id: 'job-1',
      kind: 'catalogue-csv-dry-run',
      status: 'queued',
    }),
    'GET /api/v1/jobs/job-1': [
      json(200, job({ progress_done: 2, progress_total: 4, progress_message: 'Checked 2 of 4 rows' })),
      json(200, job({ status: 'succeeded', progress_done: 4, progress_total: 4, result: { ...dryRun } })),
    ],
    'POST /api/v1/catalogue/csv/imports': json(202, {
      id: 'job-2',
      kind: 'catalogue-csv-import',
      status: 'queued',
    }),
    'GET /api/v1/jobs/job-2': [
      json(
        200,
        job({
          id: 'job-2',
          kind: 'catalogue-csv-import',
          progress_done: 1,
          progress_total: 4,
          progress_message: 'Imported 1 of 4 rows',
        }),
      ),
      json(
        200,
        job({ id: 'job-2', kind: 'catalogue-csv-import', status: 'succeeded', result: { ...imported } }),
      ),
    ],
    'GET /api/v1/catalogue/csv/imports/job-2/failed-rows': new Response(
      '\uFEFFSong,Artist,ISRC,Notes,Reason\r\n',
      {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="recordings-failed-rows.csv"',
        },
      },
    ),
    ...overrides,
  });
}

const csvFile = (size?: number) => {
  const file = new File(['Song;Artist;ISRC\r\nCafé Olé;Zoë;GBAAA2400001\r\n'], 'songs.csv', {
    type: 'text/csv',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<ImportCsvButton kind="recordings" />, { session: makeClientSession() });
  await user.click(screen.getByRole('button', { name: 'Import CSV' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Import recordings from CSV' }) };
}

beforeEach(() => {
  FakeXhr.install();
});

describe('Import CSV', () => {
  it('takes a file through the mapping, the dry run’s problems and the import to its failed rows', async () => {
    const server = serve();
    let saved: { name: string } | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:failed-rows');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = { name: this.download };
    });
    const { user, dialog } = await openDialog();

    await user.upload(within(dialog).getByLabelText('Choose a CSV file'), csvFile());
    // The file went to storage with the signed type, then its start was read.
    expect(await within(dialog).findByText('Its columns are separated by semicolons.')).toBeTruthy();
    expect(FakeXhr.sent[0]).toMatchObject({ method: 'PUT', headers: { 'content-type': 'text/csv' } });
    expect(server.requestsTo('POST /api/v1/catalogue/csv/uploads')[0]!.body).toEqual({
      kind: 'recordings',
      filename: 'songs.csv',
      size_bytes: csvFile().size,
    });

    // The suggested mapping lacks the title: checking says so beside its field, and sends nothing.
    const title = within(dialog).getByLabelText('Title (required)') as HTMLSelectElement;
    expect(title.value).toBe('');
    expect((within(dialog).getByLabelText('ISRC') as HTMLSelectElement).value).toBe('ISRC');
    await user.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    expect(within(dialog).getByText('Choose the column that holds the Title')).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/catalogue/csv/dry-runs')).toHaveLength(0);

    await user.selectOptions(title, 'Song');
    expect(within(dialog).getByText('e.g. Café Olé')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    expect(server.requestsTo('POST /api/v1/catalogue/csv/dry-runs')[0]!.body).toEqual({
      kind: 'recordings',
      key: analysis.key,
      mapping: { title: 'Song', display_artist: 'Artist', isrc: 'ISRC' },
    });
    const checking = await within(dialog).findByRole('progressbar', { name: 'Checking the file' });
    expect(checking.getAttribute('aria-valuenow')).toBe('50');

    // The dry run's problems, row by row, before anything is written.
    const problems = await within(dialog).findByRole('list', { name: 'Problems found' });
    expect(within(problems).getByText('Row 4 · ISRC')).toBeTruthy();
    expect(problems.textContent).toContain('An ISRC has 12 characters, like GB-ABC-26-00001');
    expect(server.requestsTo('POST /api/v1/catalogue/csv/imports')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Import 3 rows' }));
    const importing = await within(dialog).findByRole('progressbar', { name: 'Importing rows' });
    expect(importing.getAttribute('aria-valuenow')).toBe('25');
    expect(within(dialog).getByText('Imported 1 of 4 rows')).toBeTruthy();

    expect(
      await within(dialog).findByText(/Import finished: 2 added, 1 updated, 0 unchanged, 1 failed\./),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Download failed rows' }));
    await waitFor(() => expect(saved).toEqual({ name: 'recordings-failed-rows.csv' }));
    const download = server.requestsTo('GET /api/v1/catalogue/csv/imports/job-2/failed-rows')[0]!;
    expect(download.headers.get('authorization')).toMatch(/^Bearer /);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Two jobs followed to their end, each asked again a second later.
  }, 20_000);

  it('refuses a file above the limit before sending it, in the server’s words', async () => {
    const server = serve();
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('Choose a CSV file'), csvFile(500 * 1024 * 1024));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This file is 500 MB; an import takes files up to 100 MB. Split it into smaller files.',
    );
    expect(server.requestsTo('POST /api/v1/catalogue/csv/uploads')).toHaveLength(0);
  });

  it('shows why a file cannot be read, and lets the member choose another', async () => {
    serve({
      'POST /api/v1/catalogue/csv/analyse': apiError(
        415,
        'unsupported_media_type',
        'This file is not a CSV text file',
      ),
    });
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('Choose a CSV file'), csvFile());
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This file is not a CSV text file');
    expect(within(dialog).getByLabelText('Choose a CSV file')).toBeTruthy();
  });

  it('tells the member when the dry run stops on a broken file, keeping the mapping', async () => {
    serve({
      'GET /api/v1/jobs/job-1': json(
        200,
        job({
          status: 'failed',
          error:
            'Row 1,502: a quoted value is never closed (a " is missing), so the rest of the file would be read as one value.',
        }),
      ),
    });
    const { user, dialog } = await openDialog();
    await user.upload(within(dialog).getByLabelText('Choose a CSV file'), csvFile());
    await user.selectOptions(await within(dialog).findByLabelText('Title (required)'), 'Song');
    await user.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Row 1,502: a quoted value is never closed (a " is missing), so the rest of the file would be read as one value.',
    );
    expect((within(dialog).getByLabelText('Title (required)') as HTMLSelectElement).value).toBe('Song');
  }, 15_000);
});
