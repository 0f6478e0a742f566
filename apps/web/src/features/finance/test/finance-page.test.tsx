import { FINANCE_MESSAGES } from '@music-review/core/royalties';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { ScriptedSocket } from '../../messages/testing/scripted-socket';
import {
  IMPORTS,
  importsAnswer,
  makeGroup,
  makeImport,
  SUMMARY,
  serveFinance,
  stubPhoneViewport,
  summaryAnswer,
  UNMATCHED,
  unmatchedAnswer,
  uuid,
} from './finance-fixtures';

const open = (route = '/finance') => renderApp({ route, session: makeClientSession() });

beforeAll(async () => {
  await import('../pages/finance-page');
});
afterEach(() => ScriptedSocket.reset());

describe('Finance page', () => {
  it('shows the heading, the summary rounded to the cent, and the five tabs', async () => {
    serveFinance({
      [SUMMARY]: summaryAnswer({
        quarter: '2025-Q1',
        income: [
          { currency: 'USD', net: '1234.5678' },
          { currency: 'JPY', net: '1500.5' },
        ],
        unmatched: [{ currency: 'USD', net: '56.125' }],
        unmatched_groups: 3,
        imports_waiting: 2,
      }),
      [IMPORTS]: importsAnswer([makeImport()]),
    });
    open();

    expect(await screen.findByRole('heading', { level: 1, name: 'Finance' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Imports', 'Unmatched', 'Contracts', 'Statements', 'Payments']);
    expect(screen.getByRole('tab', { name: 'Imports' }).getAttribute('aria-selected')).toBe('true');

    const figure = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    // Half to even, to each currency's minor unit: 56.125 -> 56.12; 1500.5 yen -> 1,500.
    expect(await screen.findByText('Income Q1 2025', { selector: 'dt' })).toBeTruthy();
    expect(figure('Income Q1 2025')).toBe('USD 1,234.57JPY 1,500');
    expect(figure('Unmatched')).toBe('USD 56.123 identifiers');
    expect(figure('Waiting for a decision')).toContain('2');
    expect(screen.getByRole('link', { name: 'See the imports' }).getAttribute('href')).toBe('/finance');
  });

  it('says when nothing is imported yet, naming the sources read without a mapping', async () => {
    serveFinance({});
    open();
    expect(await screen.findByText('No statements imported yet')).toBeTruthy();
    expect(screen.getByText('No sales imported yet')).toBeTruthy();
    expect(
      screen.getByText(
        /Statements from DistroKid, TuneCore, CD Baby, AWAL, Believe, The Orchard, FUGA and Apple/,
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Import statement' })).toHaveLength(1);
  });

  it('keeps the tab in the URL: a link opens it, a click writes it', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveFinance({});
    const { location } = open('/finance?tab=unmatched');
    const unmatchedTab = await screen.findByRole('tab', { name: 'Unmatched' });
    expect(unmatchedTab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('Nothing imported yet')).toBeTruthy();
    expect(server.requestsTo(UNMATCHED)).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Imports' }));
    expect(location()).toBe('/finance');
    expect(screen.getByRole('tab', { name: 'Imports' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Unmatched' }));
    expect(location()).toBe('/finance?tab=unmatched');
  });

  it('lists an import with its source, amounts, months, matched share and who imported it', async () => {
    serveFinance({ [IMPORTS]: importsAnswer([makeImport()]) });
    open();
    const table = await screen.findByRole('table', { name: 'Statement imports' });
    const row = within(within(table).getAllByRole('row')[1]!);
    expect(row.getByText('statement.tsv')).toBeTruthy();
    expect(row.getByText('DistroKid')).toBeTruthy();
    expect(row.getByText('Imported')).toBeTruthy();
    expect(row.getByText('USD 1,234.57')).toBeTruthy();
    expect(row.getByText('Jan 2025 – Mar 2025')).toBeTruthy();
    // 90 of 120 lines matched.
    expect(row.getByText('75% matched')).toBeTruthy();
    expect(row.getByText('Ada Lovelace')).toBeTruthy();
  });

  it('shows the bad lines of an import waiting for a decision, and sends either choice', async () => {
    const user = userEvent.setup({ delay: null });
    const waiting = makeImport({
      status: 'needs_decision',
      line_count: 120,
      bad_line_count: 5,
      bad_lines: [
        { line: 14, column: 'Earnings (USD)', message: '“12,5O” in “Earnings (USD)” is not an amount.' },
        { line: 15, column: 'ISRC', message: '“GB123” in “ISRC” is not an ISRC.' },
      ],
      matched_lines: 0,
    });
    const done = makeImport({ status: 'imported' });
    const server = serveFinance({
      [IMPORTS]: importsAnswer([waiting]),
      [`POST /api/v1/finance/imports/${uuid(1)}/accept`]: json(200, done),
      [`POST /api/v1/finance/imports/${uuid(1)}/discard`]: json(200, { ...waiting, status: 'discarded' }),
    });
    open();

    const panel = within(await screen.findByRole('region', { name: 'Bad lines in statement.tsv' }));
    const lines = within(panel.getByRole('table', { name: 'Bad lines of statement.tsv' }));
    const rows = lines.getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['14', 'Earnings (USD)', '“12,5O” in “Earnings (USD)” is not an amount.'],
      ['15', 'ISRC', '“GB123” in “ISRC” is not an ISRC.'],
    ]);
    expect(panel.getByText('and 3 more bad lines')).toBeTruthy();
    expect(screen.getByText('Bad lines found')).toBeTruthy();

    // Discard asks first, and sends nothing until confirmed.
    await user.click(panel.getByRole('button', { name: 'Discard import' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Discard “statement.tsv”?' }));
    expect(server.requestsTo(`POST /api/v1/finance/imports/${uuid(1)}/discard`)).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Discard import' }));
    await waitFor(() =>
      expect(server.requestsTo(`POST /api/v1/finance/imports/${uuid(1)}/discard`)).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(panel.getByRole('button', { name: 'Import without the bad lines' }));
    await waitFor(() =>
      expect(server.requestsTo(`POST /api/v1/finance/imports/${uuid(1)}/accept`)).toHaveLength(1),
    );
    // Everything is read again: the imports and the summary.
    await waitFor(() => expect(server.requestsTo(IMPORTS).length).toBeGreaterThanOrEqual(3));
    expect(server.requestsTo(SUMMARY).length).toBeGreaterThanOrEqual(2);
  });

  it('shows a refusal of a decision (the import moved on) beside the buttons', async () => {
    const user = userEvent.setup({ delay: null });
    serveFinance({
      [IMPORTS]: importsAnswer([makeImport({ status: 'needs_decision', bad_line_count: 1, bad_lines: [] })]),
      [`POST /api/v1/finance/imports/${uuid(1)}/accept`]: apiError(
        409,
        'conflict',
        FINANCE_MESSAGES.notWaitingForDecision,
      ),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Import without the bad lines' }));
    expect((await screen.findByRole('alert')).textContent).toBe(FINANCE_MESSAGES.notWaitingForDecision);
  });

  it('shows a reading import’s progress by name, asks before cancelling, and polls until it ends', async () => {
    const user = userEvent.setup({ delay: null });
    const reading = makeImport({
      status: 'reading',
      size_bytes: 1000,
      bytes_read: 420,
      line_count: 0,
      currencies: [],
      first_month: null,
      last_month: null,
      matched_lines: 0,
      finished_at: null,
    });
    const server = serveFinance({
      [IMPORTS]: [
        importsAnswer([reading]),
        importsAnswer([{ ...reading, bytes_read: 840 }]),
        importsAnswer([makeImport({ status: 'imported' })]),
      ],
      [`POST /api/v1/finance/imports/${uuid(1)}/cancel`]: json(200, {
        ...reading,
        status: 'cancelled',
        error: FINANCE_MESSAGES.cancelled,
      }),
    });
    open();

    const bar = await screen.findByRole('progressbar', { name: 'Reading statement.tsv: 42%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('Reading')).toBeTruthy();
    // Without a realtime server, the list is asked again every 2 s while an import runs.
    expect(
      await screen.findByRole('progressbar', { name: 'Reading statement.tsv: 84%' }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(server.requestsTo(IMPORTS).length).toBeGreaterThanOrEqual(2);

    await user.click(screen.getByRole('button', { name: 'Cancel import' }));
    const confirm = within(
      await screen.findByRole('dialog', { name: 'Cancel the import of “statement.tsv”?' }),
    );
    await user.click(confirm.getByRole('button', { name: 'Keep importing' }));
    expect(server.requestsTo(`POST /api/v1/finance/imports/${uuid(1)}/cancel`)).toHaveLength(0);

    // It ends: the bar goes, and the summary (which only counts imported lines) is read again.
    expect(await screen.findByText('Imported', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => expect(server.requestsTo(SUMMARY)).toHaveLength(2));
  }, 15_000);

  it('cancels a running import once confirmed', async () => {
    const user = userEvent.setup({ delay: null });
    const queued = makeImport({
      status: 'queued',
      bytes_read: 0,
      line_count: 0,
      currencies: [],
      matched_lines: 0,
    });
    const server = serveFinance({
      [IMPORTS]: importsAnswer([queued]),
      [`POST /api/v1/finance/imports/${uuid(1)}/cancel`]: json(200, {
        ...queued,
        status: 'cancelled',
        error: FINANCE_MESSAGES.cancelled,
      }),
    });
    open();
    expect(await screen.findByRole('progressbar', { name: 'Waiting to read statement.tsv' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel import' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel import' }),
    );
    await waitFor(() =>
      expect(server.requestsTo(`POST /api/v1/finance/imports/${uuid(1)}/cancel`)).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows why a failed import stopped', async () => {
    serveFinance({
      [IMPORTS]: importsAnswer([
        makeImport({ status: 'failed', error: FINANCE_MESSAGES.failed, matched_lines: 0 }),
      ]),
    });
    open();
    expect(await screen.findByText(FINANCE_MESSAGES.failed)).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
  });

  it('refetches what is on screen when the realtime server announces an import or an alias', async () => {
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal('WebSocket', ScriptedSocket);
    const first = makeImport();
    const second = makeImport({ id: uuid(2), file_name: 'april.tsv' });
    const server = serveFinance({
      [IMPORTS]: [importsAnswer([first]), importsAnswer([second, first])],
      [UNMATCHED]: [unmatchedAnswer([makeGroup()]), unmatchedAnswer([])],
    });
    open();
    await screen.findByText('statement.tsv');
    await waitFor(() =>
      expect(ScriptedSocket.latest().topics()).toEqual(
        expect.arrayContaining(['table:royalty_imports', 'table:royalty_aliases']),
      ),
    );
    // Nothing runs, so nothing polls: only the announcement brings the new import.
    ScriptedSocket.latest().change({
      topic: 'table:royalty_imports',
      table: 'royalty_imports',
      event: 'INSERT',
    });
    expect(await screen.findByText('april.tsv')).toBeTruthy();
    await waitFor(() => expect(server.requestsTo(SUMMARY)).toHaveLength(2));

    await user.click(screen.getByRole('tab', { name: 'Unmatched' }));
    await screen.findByText('GBAAA2400001');
    ScriptedSocket.latest().change({
      topic: 'table:royalty_aliases',
      table: 'royalty_aliases',
      event: 'INSERT',
    });
    expect(await screen.findByText('Every imported line matched your catalogue.')).toBeTruthy();
    expect(server.requestsTo(UNMATCHED)).toHaveLength(2);
  });

  it('shows cards instead of the wide table on a phone', async () => {
    stubPhoneViewport();
    serveFinance({ [IMPORTS]: importsAnswer([makeImport()]) });
    open();
    const cards = await screen.findByRole('list', { name: 'Statement imports' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(within(cards).getByRole('article', { name: 'statement.tsv' }));
    expect(card.getByText('USD 1,234.57')).toBeTruthy();
    expect(card.getByText('75%')).toBeTruthy();
  });

  it('says what the plan lacks instead of the page', async () => {
    const message = 'Finance is part of the Pro and Label plans. Upgrade your plan to use it.';
    serveFinance(
      {
        [SUMMARY]: apiError(403, 'plan_required', message),
        [IMPORTS]: apiError(403, 'plan_required', message),
      },
      { admin: true },
    );
    open();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe('/profile#team');
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('asks nothing of a label whose plan has no catalogue', async () => {
    const server = serveFinance({}, { hasCatalogue: false });
    open();
    expect(await screen.findByText(/Finance is part of the Pro and Label plans/)).toBeTruthy();
    expect(screen.getByText('An admin of your label can change its plan.')).toBeTruthy();
    expect(server.requestsTo(SUMMARY)).toHaveLength(0);
    expect(server.requestsTo(IMPORTS)).toHaveLength(0);
  });
});
