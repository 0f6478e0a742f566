import { DISTRIBUTION_MESSAGES } from '@music-review/core/distribution';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { ScriptedSocket } from '../../messages/testing/scripted-socket';
import {
  DESTINATION_ID,
  makeDelivery,
  makeProblem,
  makeReleaseDistribution,
  makeStoreRow,
  RELEASE_ID,
  serveDistribution,
  uuid,
} from '../test/distribution-fixtures';

const DETAIL = `GET /api/v1/distribution/releases/${RELEASE_ID}`;
const DELIVER = `POST /api/v1/distribution/releases/${RELEASE_ID}/deliver`;
const STORE_STATUS = `POST /api/v1/distribution/releases/${RELEASE_ID}/store-status`;

const session = makeClientSession();
const open = (id = RELEASE_ID) => renderApp({ route: `/distribution/track/${id}`, session });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeAll(async () => {
  await import('./distribution-track-page');
});
afterEach(() => ScriptedSocket.reset());

describe('Release distribution: readiness and delivery', () => {
  it('lists what blocks the release with links to where each is fixed, and keeps Deliver disabled', async () => {
    serveDistribution({
      [DETAIL]: json(
        200,
        makeReleaseDistribution({
          readiness: {
            checked_at: '2025-03-01T12:00:00.000Z',
            checking: 0,
            errors: [
              makeProblem(),
              makeProblem({
                code: 'dpid_missing',
                message: DISTRIBUTION_MESSAGES.dpidMissing,
                track: undefined,
                fix: { kind: 'catalogue_settings' },
              }),
            ],
            warnings: [
              makeProblem({
                code: 'lead_time',
                severity: 'warning',
                message: 'The release date is 6 days away; stores want 14.',
                track: undefined,
                fix: { kind: 'release', id: RELEASE_ID },
              }),
              makeProblem({
                code: 'no_territories',
                severity: 'warning',
                message: 'Pick where stores may sell it.',
                track: undefined,
                fix: { kind: 'deal_terms' },
              }),
            ],
          },
        }),
      ),
    });
    open();

    expect(await screen.findByRole('heading', { level: 1, name: 'Summer EP' })).toBeTruthy();
    expect(screen.getByText('Sunny · UPC 012345678905 · Jun 1, 2025 · 2 tracks')).toBeTruthy();
    const readiness = within(screen.getByRole('region', { name: 'Readiness' }));
    expect(readiness.getByRole('heading', { name: 'Blocking problems (2)' })).toBeTruthy();
    // The message names its track (core's readiness writes it so); the page adds nothing before it.
    expect(readiness.getByText('Track 2 (“Golden Hour”) has no ISRC: assign one.')).toBeTruthy();
    expect(
      readiness.getByRole('link', { name: 'Edit the recording “Golden Hour”' }).getAttribute('href'),
    ).toBe(`/catalogue?recording=${uuid(1)}`);
    expect(readiness.getByRole('link', { name: 'Open catalogue settings' }).getAttribute('href')).toBe(
      '/catalogue?panel=settings',
    );
    expect(readiness.getByRole('heading', { name: 'Warnings (2)' })).toBeTruthy();
    expect(readiness.getByRole('link', { name: 'Edit the release' }).getAttribute('href')).toBe(
      `/catalogue?tab=releases&release=${RELEASE_ID}`,
    );
    expect(readiness.getByRole('link', { name: 'Go to the deal terms' }).getAttribute('href')).toBe(
      '#deal-terms',
    );

    expect(button('Deliver').disabled).toBe(true);
    expect(button('Deliver').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(DISTRIBUTION_MESSAGES.notReady(2))).toBeTruthy();
    // Nothing was delivered yet: no update or takedown.
    expect(button('Send update').disabled).toBe(true);
    expect(button('Take down').disabled).toBe(true);
  });

  it('says which files are still being checked and asks again every 2 s until none is left', async () => {
    const server = serveDistribution({
      [DETAIL]: [
        json(
          200,
          makeReleaseDistribution({
            readiness: { checked_at: '2025-03-01T12:00:00.000Z', checking: 3, errors: [], warnings: [] },
          }),
        ),
        json(200, makeReleaseDistribution()),
      ],
    });
    open();
    expect(await screen.findByText('Checking 3 files…')).toBeTruthy();
    expect(button('Deliver').disabled).toBe(true);
    expect(screen.getByText(DISTRIBUTION_MESSAGES.stillChecking)).toBeTruthy();

    await waitFor(() => expect(screen.queryByText('Checking 3 files…')).toBeNull(), { timeout: 4000 });
    expect(server.requestsTo(DETAIL)).toHaveLength(2);
    expect(screen.getByText('Ready to deliver: the stores’ checks found nothing to fix.')).toBeTruthy();
    expect(button('Deliver').disabled).toBe(false);
    // Nothing left to check: no more asking.
    await new Promise((resolve) => setTimeout(resolve, 2300));
    expect(server.requestsTo(DETAIL)).toHaveLength(2);
  }, 15_000);

  it('shows the server’s refusal in an alert and reads the release again, with the failed validation', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveDistribution({
      [DETAIL]: [
        json(200, makeReleaseDistribution()),
        json(
          200,
          makeReleaseDistribution({
            last_validation: {
              at: '2025-03-02T10:00:00.000Z',
              kind: 'new',
              valid: false,
              errors: [
                { line: 42, message: "Element 'ICPN': [facet 'pattern'] The value '123' is not accepted." },
                { line: 57, message: "Element 'Duration': 'PT' is not a valid value." },
              ],
            },
          }),
        ),
      ],
      [DELIVER]: apiError(422, 'ern_invalid', DISTRIBUTION_MESSAGES.invalidErn),
    });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Summer EP' });
    expect(screen.getByText('Not checked yet.', { exact: false })).toBeTruthy();

    await user.click(button('Deliver'));
    expect((await screen.findByRole('alert')).textContent).toBe(DISTRIBUTION_MESSAGES.invalidErn);
    expect(server.requestsTo(DELIVER)[0]!.body).toEqual({ kind: 'new' });
    await waitFor(() => expect(server.requestsTo(DETAIL)).toHaveLength(2));
    const validation = within(screen.getByRole('region', { name: 'Last validation' }));
    expect(
      await validation.findByText('The new release message failed the ERN 4.3 schema', { exact: false }),
    ).toBeTruthy();
    const errors = validation.getByRole('list', { name: 'Schema errors' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "Line 42: Element 'ICPN': [facet 'pattern'] The value '123' is not accepted.",
      "Line 57: Element 'Duration': 'PT' is not a valid value.",
    ]);
  });

  it('shows a 409 the same way, and takes a delivered release down only after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const delivered = makeReleaseDistribution({ stores: [makeStoreRow({ status: 'live' })] });
    const server = serveDistribution({
      [DETAIL]: json(200, delivered),
      [DELIVER]: [
        apiError(409, 'conflict', DISTRIBUTION_MESSAGES.inFlight),
        json(202, { deliveries: [makeDelivery({ kind: 'takedown', status: 'queued' })] }),
      ],
    });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Summer EP' });
    expect(button('Send update').disabled).toBe(false);

    await user.click(button('Send update'));
    expect((await screen.findByRole('alert')).textContent).toBe(DISTRIBUTION_MESSAGES.inFlight);
    expect(server.requestsTo(DELIVER)[0]!.body).toEqual({ kind: 'update' });

    await user.click(button('Take down'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Take down “Summer EP”?' }));
    expect(server.requestsTo(DELIVER)).toHaveLength(1);
    await user.click(dialog.getByRole('button', { name: 'Take down' }));
    await waitFor(() => expect(server.requestsTo(DELIVER)).toHaveLength(2));
    expect(server.requestsTo(DELIVER)[1]!.body).toEqual({ kind: 'takedown' });
    expect(await screen.findByText('Takedown queued for Believe SFTP')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Deliver disabled while a delivery is in flight or no destination is enabled', async () => {
    serveDistribution({
      [DETAIL]: [
        json(
          200,
          makeReleaseDistribution({
            destinations: [{ id: DESTINATION_ID, name: 'Believe SFTP', enabled: false }],
          }),
        ),
      ],
    });
    const first = open();
    await screen.findByRole('heading', { level: 1, name: 'Summer EP' });
    expect(button('Deliver').disabled).toBe(true);
    expect(screen.getByText(DISTRIBUTION_MESSAGES.noDestination)).toBeTruthy();
    first.unmount();

    serveDistribution({ [DETAIL]: json(200, makeReleaseDistribution({ in_flight: true })) });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Summer EP' });
    expect(button('Deliver').disabled).toBe(true);
    expect(screen.getByText(DISTRIBUTION_MESSAGES.inFlight)).toBeTruthy();
  });
});

describe('Release distribution: stores, deal terms, deliveries, history', () => {
  it('sets a store’s status by hand, with a required note', async () => {
    const user = userEvent.setup({ delay: null });
    const spotify = makeStoreRow({ store: 'spotify', status: 'delivered' });
    const own = makeStoreRow({ store: 'Label Shop', status: 'error', error_at: '2025-03-02T10:00:00.000Z' });
    const live = {
      ...spotify,
      status: 'live' as const,
      live_at: '2025-03-03T08:00:00.000Z',
      note: 'Live on the dashboard',
    };
    const server = serveDistribution({
      [DETAIL]: [
        json(200, makeReleaseDistribution({ stores: [spotify, own] })),
        json(200, makeReleaseDistribution({ stores: [live, own] })),
      ],
      [STORE_STATUS]: json(200, { stores: [live, own] }),
    });
    open();
    const stores = within(await screen.findByRole('region', { name: 'Stores' }));
    const rows = stores.getAllByRole('listitem');
    expect(within(rows[0]!).getByRole('heading', { name: 'Spotify' })).toBeTruthy();
    expect(within(rows[0]!).getByText('Delivered', { selector: 'span' })).toBeTruthy();
    expect(within(rows[0]!).getByText('via Believe SFTP')).toBeTruthy();
    expect(within(rows[1]!).getByRole('heading', { name: 'Label Shop' })).toBeTruthy();
    expect(within(rows[1]!).getByText('Error', { selector: 'span' })).toBeTruthy();

    await user.click(stores.getByRole('button', { name: 'Set status for Spotify at Believe SFTP' }));
    const form = within(stores.getByRole('form', { name: 'Set status for Spotify at Believe SFTP' }));
    await user.selectOptions(form.getByRole('combobox', { name: 'New status' }), 'Live');
    await user.click(form.getByRole('button', { name: 'Save status' }));
    expect(form.getByText('Write a note: what the distributor’s dashboard or email says')).toBeTruthy();
    expect(server.requestsTo(STORE_STATUS)).toHaveLength(0);

    await user.type(form.getByRole('textbox', { name: 'Note' }), 'Live on the dashboard');
    await user.click(form.getByRole('button', { name: 'Save status' }));
    await waitFor(() => expect(server.requestsTo(STORE_STATUS)).toHaveLength(1));
    expect(server.requestsTo(STORE_STATUS)[0]!.body).toEqual({
      destination_id: DESTINATION_ID,
      store: 'spotify',
      status: 'live',
      note: 'Live on the dashboard',
    });
    await waitFor(() => expect(stores.queryByRole('form')).toBeNull());
    const spotifyRow = stores.getAllByRole('listitem')[0]!;
    expect(within(spotifyRow).getByText('Live', { selector: 'span' })).toBeTruthy();
    expect(within(spotifyRow).getByText('Live on the dashboard')).toBeTruthy();
  });

  it('saves the deal terms as 2-letter codes', async () => {
    const user = userEvent.setup({ delay: null });
    const route = `PUT /api/v1/distribution/releases/${RELEASE_ID}/deal-terms`;
    const server = serveDistribution({
      [DETAIL]: json(200, makeReleaseDistribution()),
      [route]: json(200, {
        territory_mode: 'include',
        territories: ['GB', 'IE'],
        pre_order_date: '2025-05-20',
        row_version: 1,
      }),
    });
    open();
    const terms = within(await screen.findByRole('region', { name: 'Deal terms' }));
    expect((terms.getByRole('radio', { name: 'Worldwide' }) as HTMLInputElement).checked).toBe(true);
    await user.click(terms.getByRole('radio', { name: 'Only these territories' }));
    await user.type(terms.getByRole('textbox', { name: 'Territories' }), 'gb, ie, XX');
    await user.type(terms.getByLabelText('Pre-order date'), '2025-05-20');
    await user.click(terms.getByRole('button', { name: 'Save deal terms' }));
    expect(terms.getByText('Use 2-letter country codes, like GB')).toBeTruthy();
    expect(server.requestsTo(route)).toHaveLength(0);

    const field = terms.getByRole('textbox', { name: 'Territories' });
    await user.clear(field);
    await user.type(field, 'gb, ie');
    await user.click(terms.getByRole('button', { name: 'Save deal terms' }));
    await waitFor(() => expect(server.requestsTo(route)).toHaveLength(1));
    expect(server.requestsTo(route)[0]!.body).toEqual({
      territory_mode: 'include',
      territories: ['GB', 'IE'],
      pre_order_date: '2025-05-20',
      row_version: 0,
    });
  });

  it('lists each delivery with its files and downloads its ERN with the member’s token', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:ern');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const delivery = makeDelivery({
      status: 'failed',
      error: 'The server refused the upload: permission denied in incoming/.',
      files: [
        {
          path: '012345678905/012345678905.xml',
          bytes: 1536,
          md5: 'd41d8cd98f00b204e9800998ecf8427e',
          sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        },
      ],
    });
    const ernRoute = `GET /api/v1/distribution/deliveries/${delivery.id}/ern`;
    const server = serveDistribution({
      [DETAIL]: json(200, makeReleaseDistribution({ deliveries: [delivery] })),
      [ernRoute]: new Response('<ern:NewReleaseMessage/>', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="MSG-20250302-0001.xml"' },
      }),
    });
    open();
    const deliveries = within(await screen.findByRole('region', { name: 'Deliveries' }));
    expect(deliveries.getByRole('heading', { name: 'New release to Believe SFTP' })).toBeTruthy();
    expect(deliveries.getByText('Failed')).toBeTruthy();
    expect(
      deliveries.getByText('The server refused the upload: permission denied in incoming/.'),
    ).toBeTruthy();
    expect(deliveries.getByText('012345678905/012345678905.xml')).toBeTruthy();
    expect(deliveries.getByText('1.5 KB')).toBeTruthy();
    expect(deliveries.getByText('d41d8c…f8427e').getAttribute('title')).toBe(
      'd41d8cd98f00b204e9800998ecf8427e',
    );
    expect(deliveries.getByText('e3b0c4…52b855')).toBeTruthy();

    await user.click(deliveries.getByRole('button', { name: 'Download ERN of message MSG-20250302-0001' }));
    await waitFor(() => expect(saved).toEqual(['MSG-20250302-0001.xml']));
    expect(server.requestsTo(ernRoute)[0]!.headers.get('authorization')).toBe(
      `Bearer ${session.accessToken}`,
    );
  });

  it('shows the history newest first', async () => {
    serveDistribution({
      [DETAIL]: json(
        200,
        makeReleaseDistribution({
          history: [
            {
              id: uuid(901),
              at: '2025-03-02T09:00:00.000Z',
              kind: 'delivery',
              store: 'spotify',
              destination_name: 'Believe SFTP',
              from_status: 'ready',
              to_status: 'queued',
              message: 'New release queued for Believe SFTP (message MSG-1)',
              by: 'Ada Lovelace',
            },
            {
              id: uuid(902),
              at: '2025-03-03T09:00:00.000Z',
              kind: 'status',
              store: 'spotify',
              destination_name: 'Believe SFTP',
              from_status: 'delivered',
              to_status: 'live',
              message: null,
              by: null,
            },
          ],
        }),
      ),
    });
    open();
    const history = within(await screen.findByRole('list', { name: 'History' }));
    const entries = history.getAllByRole('listitem');
    expect(entries[0]!.querySelector('p')?.textContent).toBe('Delivered → Live');
    expect(entries[1]!.querySelector('p')?.textContent).toBe(
      'New release queued for Believe SFTP (message MSG-1)',
    );
    expect(within(entries[1]!).getByText('by Ada Lovelace')).toBeTruthy();
    expect(within(entries[1]!).getByText('Spotify at Believe SFTP')).toBeTruthy();
  });

  it('says a release that does not exist is not found, without asking the server for an id that is none', async () => {
    const server = serveDistribution({
      [`GET /api/v1/distribution/releases/${uuid(999)}`]: apiError(404, 'not_found', 'Release not found'),
    });
    const first = open(uuid(999));
    expect(
      await screen.findByText('This release does not exist, or it was deleted.', { exact: false }),
    ).toBeTruthy();
    first.unmount();
    open('release-1');
    expect(
      await screen.findByText('This release does not exist, or it was deleted.', { exact: false }),
    ).toBeTruthy();
    expect(
      server.requests.filter((r) => r.path.startsWith('/api/v1/distribution/releases/release-1')),
    ).toHaveLength(0);
  });
});

describe('Release distribution: live', () => {
  it('refetches when a change names this release, not when it names another', async () => {
    vi.stubGlobal('WebSocket', ScriptedSocket);
    const server = serveDistribution({
      [DETAIL]: [
        json(200, makeReleaseDistribution({ stores: [makeStoreRow({ status: 'queued' })] })),
        json(200, makeReleaseDistribution({ stores: [makeStoreRow({ status: 'live' })] })),
      ],
    });
    open();
    await screen.findByRole('heading', { level: 1, name: 'Summer EP' });
    await waitFor(() =>
      expect(ScriptedSocket.latest().topics()).toEqual(
        expect.arrayContaining([
          'table:distribution_store_status',
          'table:distribution_deliveries',
          'table:distribution_events',
        ]),
      ),
    );

    ScriptedSocket.latest().change({
      topic: 'table:distribution_store_status',
      table: 'distribution_store_status',
      event: 'UPDATE',
      release_id: uuid(555),
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.requestsTo(DETAIL)).toHaveLength(1);

    ScriptedSocket.latest().change({
      topic: 'table:distribution_store_status',
      table: 'distribution_store_status',
      event: 'UPDATE',
      release_id: RELEASE_ID,
    });
    await waitFor(() => expect(server.requestsTo(DETAIL)).toHaveLength(2));
    const stores = within(screen.getByRole('region', { name: 'Stores' }));
    expect(await stores.findByText('Live', { selector: 'span' })).toBeTruthy();
  });
});
