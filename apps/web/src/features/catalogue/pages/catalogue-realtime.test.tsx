import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { ScriptedSocket } from '../../messages/testing/scripted-socket';
import { makeRecording, makeRecordingRow, rows, uuid } from '../test/catalogue-fixtures';
import { giveGridAHeight, serveCatalogue } from '../test/catalogue-test-helpers';

const ID = uuid(1);
const RECORDINGS = 'GET /api/v1/catalogue/recordings';

beforeAll(async () => {
  await import('./catalogue-page');
});
beforeEach(() => {
  giveGridAHeight();
  vi.stubGlobal('WebSocket', ScriptedSocket);
});
afterEach(() => ScriptedSocket.reset());

describe('Catalogue: live', () => {
  it('refetches what is on screen when an import announces a batch, keeping the grid and what the member typed', async () => {
    const user = userEvent.setup({ delay: null });
    const golden = makeRecordingRow({ id: ID, title: 'Golden Hour' });
    const imported = makeRecordingRow({ id: uuid(2), title: 'Imported Song' });
    const server = serveCatalogue({
      [RECORDINGS]: [rows([golden]), rows([golden, imported])],
      [`GET /api/v1/catalogue/recordings/${ID}`]: [
        json(200, makeRecording({ id: ID, title: 'Golden Hour', row_version: 3 })),
        json(200, makeRecording({ id: ID, title: 'Golden Hour', p_line_owner: 'New Owner', row_version: 4 })),
      ],
    });
    renderApp({ route: `/catalogue?recording=${ID}`, session: makeClientSession() });
    const drawer = within(await screen.findByRole('dialog', { name: 'Golden Hour' }));
    const genre = await drawer.findByRole('textbox', { name: 'Genre' });
    await user.clear(genre);
    await user.type(genre, 'Jazz');
    const grid = screen.getByRole('region', { name: 'Recordings table', hidden: true });
    await waitFor(() =>
      expect(ScriptedSocket.latest().topics()).toEqual(expect.arrayContaining(['table:recordings'])),
    );

    ScriptedSocket.latest().change({ topic: 'table:recordings', table: 'recordings', event: 'BULK' });

    await waitFor(() => expect(server.requestsTo(RECORDINGS)).toHaveLength(2));
    expect(await screen.findByRole('link', { name: 'Imported Song', hidden: true })).toBeTruthy();
    // The same grid (its scroll position with it), not a new one.
    expect(screen.getByRole('region', { name: 'Recordings table', hidden: true })).toBe(grid);
    await waitFor(() => expect(server.requestsTo(`GET /api/v1/catalogue/recordings/${ID}`)).toHaveLength(2));
    expect((drawer.getByRole('textbox', { name: 'Genre' }) as HTMLInputElement).value).toBe('Jazz');
  }, 15_000);
});
