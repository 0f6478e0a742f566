import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../../test/factories';
import { json } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render';
import { makeRecordingRow, makeSettings, rows } from '../../test/catalogue-fixtures';
import { giveGridAHeight, serveCatalogue } from '../../test/catalogue-test-helpers';

beforeAll(async () => {
  await import('../../pages/catalogue-page');
});
beforeEach(() => giveGridAHeight());

const SETTINGS = '/api/v1/catalogue/settings';

describe('Catalogue settings', () => {
  it('lets an admin set the ISRC prefix (checked as typed) and add UPC codes to the pool', async () => {
    const user = userEvent.setup({ delay: null });
    const settings = makeSettings({ isrc_prefix: null, next_isrc: null, row_version: 4 });
    const server = serveCatalogue(
      {
        'GET /api/v1/catalogue/recordings': rows([makeRecordingRow()]),
        [`GET ${SETTINGS}`]: json(200, settings),
        [`PATCH ${SETTINGS}`]: json(200, {
          ...settings,
          isrc_prefix: 'GBABC',
          next_isrc: 'GBABC2500001',
          row_version: 5,
        }),
        'POST /api/v1/catalogue/upc-pool': json(200, {
          ...settings,
          upc_pool: { total: 20, free: 18, next: '012345678905' },
          added: 10,
        }),
      },
      { admin: true },
    );
    renderApp({ route: '/catalogue', session: makeClientSession() });
    await user.click(await screen.findByRole('button', { name: 'Catalogue settings' }));
    const panel = within(await screen.findByRole('dialog', { name: 'Catalogue settings' }));
    expect(await panel.findByText('Free')).toBeTruthy();
    expect(panel.getByText('8')).toBeTruthy();

    const prefix = panel.getByRole('textbox', { name: 'ISRC prefix' });
    await user.type(prefix, 'GB-A');
    expect(await panel.findByText(/An ISRC prefix is a 2-letter country code/)).toBeTruthy();
    await user.type(prefix, 'BC');
    await user.click(panel.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(server.requestsTo(`PATCH ${SETTINGS}`)).toHaveLength(1));
    expect(server.requestsTo(`PATCH ${SETTINGS}`)[0]!.body).toMatchObject({
      isrc_prefix: 'GBABC',
      row_version: 4,
    });
    expect(await panel.findByText('GBABC2500001')).toBeTruthy();

    await user.type(panel.getByRole('textbox', { name: 'First code without check digit' }), '0123456789');
    expect(await panel.findByText(/11 digits \(UPC\) or 12 \(EAN\)/)).toBeTruthy();
    await user.type(panel.getByRole('textbox', { name: 'First code without check digit' }), '0');
    await user.type(panel.getByRole('textbox', { name: 'How many codes' }), '10');
    await user.click(panel.getByRole('button', { name: 'Add codes' }));
    await waitFor(() => expect(server.requestsTo('POST /api/v1/catalogue/upc-pool')).toHaveLength(1));
    expect(server.requestsTo('POST /api/v1/catalogue/upc-pool')[0]!.body).toEqual({
      first: '01234567890',
      count: 10,
    });
    expect(await screen.findByText('Added 10 codes to the pool')).toBeTruthy();
    expect(await panel.findByText('18')).toBeTruthy();
  }, 15_000);

  it('shows a member the settings without a way to change them', async () => {
    const user = userEvent.setup({ delay: null });
    serveCatalogue({
      'GET /api/v1/catalogue/recordings': rows([makeRecordingRow()]),
      [`GET ${SETTINGS}`]: json(200, makeSettings()),
    });
    renderApp({ route: '/catalogue?panel=settings', session: makeClientSession() });
    const panel = within(await screen.findByRole('dialog', { name: 'Catalogue settings' }));
    expect(await panel.findByText('GBABC2500002')).toBeTruthy();
    expect(panel.getByText('GB-ABC')).toBeTruthy();
    expect(panel.queryByRole('textbox')).toBeNull();
    expect(panel.queryByRole('button', { name: 'Add codes' })).toBeNull();
    await user.click(panel.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
