import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../../test/factories';
import { json } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render';
import { makePartyRow, makeWork, makeWorkRow, rows, uuid } from '../../test/catalogue-fixtures';
import { giveGridAHeight, serveCatalogue } from '../../test/catalogue-test-helpers';

const ID = uuid(201);
const WORK = `/api/v1/catalogue/works/${ID}`;
const work = makeWork({
  id: ID,
  title: 'Golden Hour',
  iswc: null,
  row_version: 7,
  writer_rows: [
    {
      party_id: uuid(701),
      name: 'Sam Writer',
      role: 'composer',
      share: 100,
      ipi: null,
      pro: 'PRS',
      publisher: null,
    },
  ],
  split_history: [
    {
      version: 1,
      changed_at: '2025-02-01T10:00:00.000Z',
      changed_by: 'Ada Lovelace',
      shares: [{ id: uuid(701), name: 'Sam Writer', share: 100, role: 'composer' }],
    },
  ],
});

beforeAll(async () => {
  await import('../../pages/catalogue-page');
});
beforeEach(() => giveGridAHeight());

describe('Work drawer', () => {
  it('checks the ISWC and the writers’ total as typed, then saves them with the version read', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveCatalogue({
      'GET /api/v1/catalogue/works': rows([makeWorkRow({ id: ID })]),
      [`GET ${WORK}`]: json(200, work),
      'GET /api/v1/parties': rows([makePartyRow({ id: uuid(702), name: 'Alex Lyric', roles: ['writer'] })]),
      [`PATCH ${WORK}`]: json(200, { ...work, row_version: 8 }),
    });
    renderApp({ route: `/catalogue?tab=works&work=${ID}`, session: makeClientSession() });
    const drawer = within(await screen.findByRole('dialog', { name: 'Golden Hour' }));
    const writers = within(await drawer.findByRole('region', { name: 'Writers' }));
    expect(writers.getByText('No IPI')).toBeTruthy();
    expect(writers.getByRole('link', { name: 'Sam Writer: person page' }).getAttribute('href')).toBe(
      `/artists-writers/${uuid(701)}`,
    );
    expect(writers.getByText('Split history (1)')).toBeTruthy();

    const iswc = drawer.getByRole('textbox', { name: 'ISWC' });
    await user.type(iswc, 'T-034.524.680-2');
    expect(await drawer.findByText(MUSIC_CODE_MESSAGES.iswcCheckDigit)).toBeTruthy();
    await user.clear(iswc);
    await user.type(iswc, 'T-034.524.680-1');
    await waitFor(() => expect(drawer.queryByText(MUSIC_CODE_MESSAGES.iswcCheckDigit)).toBeNull());

    await user.click(writers.getByRole('button', { name: 'Add writer' }));
    await user.type(writers.getByRole('combobox', { name: 'Writer 2' }), 'Alex');
    await user.click(await writers.findByRole('option', { name: /Alex Lyric/ }));
    await user.type(writers.getByRole('textbox', { name: 'Share (%) of writer 2' }), '40');
    expect(writers.getByText(/Total: 140%/)).toBeTruthy();
    expect(await writers.findByText(MUSIC_CODE_MESSAGES.sharesTotal(140))).toBeTruthy();

    const first = writers.getByRole('textbox', { name: 'Share (%) of writer 1' });
    await user.clear(first);
    await user.type(first, '60');
    expect(writers.getByText(/Total: 100%/)).toBeTruthy();
    await user.selectOptions(writers.getByRole('combobox', { name: 'Role of writer 2' }), 'Lyricist');
    await user.click(drawer.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.requestsTo(`PATCH ${WORK}`)).toHaveLength(1));
    expect(server.requestsTo(`PATCH ${WORK}`)[0]!.body).toEqual({
      iswc: 'T0345246801',
      writers: [
        { party_id: uuid(701), role: 'composer', share: 60, publisher_id: null },
        { party_id: uuid(702), role: 'lyricist', share: 40, publisher_id: null },
      ],
      row_version: 7,
    });
  }, 20_000);
});
