import { DISTRIBUTION_MESSAGES } from '@music-review/core/distribution';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import {
  DESTINATION_ID,
  destinationsAnswer,
  lastQuery,
  makeDestination,
  makeRow,
  releasesAnswer,
  serveDistribution,
  stubPhoneViewport,
  uuid,
} from '../test/distribution-fixtures';

const RELEASES = 'GET /api/v1/distribution/releases';
const DESTINATIONS = 'GET /api/v1/distribution/destinations';

const open = (route: string) => renderApp({ route, session: makeClientSession() });
const summer = makeRow({
  id: uuid(101),
  title: 'Summer EP',
  display_artist: 'Sunny',
  upc: '012345678905',
  release_date: '2025-06-01',
  pipeline_status: 'error',
  readiness_errors: 2,
  stores_total: 8,
  stores_live: 3,
  stores_error: 1,
  destinations: ['Believe SFTP'],
});
const winter = makeRow({ id: uuid(102), title: 'Winter Single', display_artist: 'The Lights', upc: null });

beforeAll(async () => {
  await import('./distribution-page');
});

describe('Distribution page: releases', () => {
  it('shows the three figures and the releases, each linking to its own page', async () => {
    serveDistribution({
      [RELEASES]: releasesAnswer([summer, winter], {
        counts: { stores_in_error: 4, releases_in_error: 1, going_live_this_week: 2 },
      }),
      [DESTINATIONS]: destinationsAnswer([makeDestination()]),
    });
    open('/distribution');

    expect(await screen.findByRole('heading', { level: 1, name: 'Distribution' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Releases' });
    // Each figure is the definition of its term.
    const figure = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Stores in error')).toBe('4');
    expect(figure('Releases in error')).toBe('1');
    expect(figure('Going live this week')).toBe('2');

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Summer EP' }).getAttribute('href')).toBe(
      `/distribution/track/${uuid(101)}`,
    );
    expect(first.getByText('Sunny')).toBeTruthy();
    expect(first.getByText('012345678905')).toBeTruthy();
    expect(first.getByText('Error')).toBeTruthy();
    expect(first.getByText('3 of 8')).toBeTruthy();
    expect(first.getByText('2 blocking problems')).toBeTruthy();
    expect(first.getByText('1 store in error')).toBeTruthy();
    expect(first.getByText('Believe SFTP')).toBeTruthy();
    const second = within(rows[1]!);
    expect(second.getByText('Missing')).toBeTruthy();
    expect(second.getByText('Ready')).toBeTruthy();
    expect(second.getByText('None yet')).toBeTruthy();
    expect(screen.getByText('2 releases')).toBeTruthy();
  });

  it('reads the filters from the URL, sends them, and writes a changed one back', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveDistribution({
      [RELEASES]: releasesAnswer([summer]),
      [DESTINATIONS]: destinationsAnswer([
        makeDestination(),
        makeDestination({ id: uuid(302), name: 'Label bucket' }),
      ]),
    });
    const { location } = open(`/distribution?status=error&destination=${DESTINATION_ID}&q=summer`);

    await screen.findByRole('table', { name: 'Releases' });
    expect(Object.fromEntries(lastQuery(server, RELEASES))).toEqual({
      status: 'error',
      destination: DESTINATION_ID,
      q: 'summer',
      limit: '50',
      offset: '0',
    });
    expect((screen.getByRole('searchbox', { name: 'Search releases' }) as HTMLInputElement).value).toBe(
      'summer',
    );
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('error');
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Destination' }) as HTMLSelectElement).value).toBe(
        DESTINATION_ID,
      ),
    );
    expect(screen.getByText('1 release matches these filters')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Live');
    await waitFor(() => expect(lastQuery(server, RELEASES).get('status')).toBe('live'));
    expect(location()).toBe(`/distribution?status=live&destination=${DESTINATION_ID}&q=summer`);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Destination' }), 'Label bucket');
    await waitFor(() => expect(lastQuery(server, RELEASES).get('destination')).toBe(uuid(302)));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/distribution'));
    expect(Object.fromEntries(lastQuery(server, RELEASES))).toEqual({ limit: '50', offset: '0' });
  });

  it('drops a status or destination the server would refuse, and searches once the member pauses', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveDistribution({
      [RELEASES]: releasesAnswer([summer]),
      [DESTINATIONS]: destinationsAnswer([]),
    });
    const { location } = open('/distribution?status=shipped&destination=not-an-id');
    await screen.findByRole('table', { name: 'Releases' });
    expect(Object.fromEntries(lastQuery(server, RELEASES))).toEqual({ limit: '50', offset: '0' });

    await user.type(screen.getByRole('searchbox', { name: 'Search releases' }), 'winter');
    await waitFor(() => expect(lastQuery(server, RELEASES).get('q')).toBe('winter'));
    // One request for the word, not one per key.
    expect(server.requestsTo(RELEASES)).toHaveLength(2);
    expect(location()).toContain('q=winter');
  });

  it('pages on the server: "Show more" asks for the next 50', async () => {
    const user = userEvent.setup({ delay: null });
    const many = Array.from({ length: 60 }, (_, i) =>
      makeRow({ id: uuid(1000 + i), title: `Release ${i + 1}` }),
    );
    const server = serveDistribution({
      [RELEASES]: (request) => {
        const query = new URL(request.path, 'http://localhost').searchParams;
        const offset = Number(query.get('offset'));
        return releasesAnswer(many.slice(offset, offset + Number(query.get('limit'))), { total: 60 });
      },
      [DESTINATIONS]: destinationsAnswer([makeDestination()]),
    });
    open('/distribution');
    const table = await screen.findByRole('table', { name: 'Releases' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Showing 50 of 60')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Release 60' })).toBeTruthy();
    expect(lastQuery(server, RELEASES).get('offset')).toBe('50');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('explains what to do when there is nothing yet: a release in the catalogue, then a destination', async () => {
    const user = userEvent.setup({ delay: null });
    serveDistribution(
      { [RELEASES]: releasesAnswer([]), [DESTINATIONS]: destinationsAnswer([]) },
      { admin: true },
    );
    const { location } = open('/distribution');

    expect(await screen.findByText('No releases to distribute yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a release in the catalogue' }).getAttribute('href')).toBe(
      '/catalogue?tab=releases',
    );
    expect(screen.getByText('Then add a destination: where the releases are sent.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add destination' }));
    expect(location()).toBe('/distribution?tab=destinations');
    expect(await screen.findByRole('heading', { level: 2, name: 'Add destination' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Destinations' }).getAttribute('aria-selected')).toBe('true');
  });

  it('tells a member who is not an admin to ask one for a destination', async () => {
    serveDistribution({ [RELEASES]: releasesAnswer([]), [DESTINATIONS]: destinationsAnswer([]) });
    open('/distribution');
    expect(await screen.findByText('No releases to distribute yet')).toBeTruthy();
    expect(
      screen.getByText('An admin of your label adds the destinations releases are sent to.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add destination' })).toBeNull();
  });

  it('shows cards instead of the wide table on a phone', async () => {
    stubPhoneViewport();
    serveDistribution({
      [RELEASES]: releasesAnswer([summer, winter]),
      [DESTINATIONS]: destinationsAnswer([makeDestination()]),
    });
    open('/distribution');
    const cards = await screen.findByRole('list', { name: 'Releases' });
    expect(screen.queryByRole('table')).toBeNull();
    const summerCard = within(cards).getByRole('article', { name: 'Summer EP' });
    expect(within(summerCard).getByRole('link', { name: 'Summer EP' }).getAttribute('href')).toBe(
      `/distribution/track/${uuid(101)}`,
    );
    expect(within(summerCard).getByText('3 of 8')).toBeTruthy();
    expect(within(summerCard).getByText('Error')).toBeTruthy();
  });

  it('says what the plan lacks instead of the list', async () => {
    serveDistribution(
      {
        [RELEASES]: apiError(403, 'plan_required', DISTRIBUTION_MESSAGES.notOnPlan),
        [DESTINATIONS]: apiError(403, 'plan_required', DISTRIBUTION_MESSAGES.notOnPlan),
      },
      { admin: true },
    );
    open('/distribution');
    expect(await screen.findByText(DISTRIBUTION_MESSAGES.notOnPlan)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe('/profile#team');
    expect(screen.queryByRole('tab')).toBeNull();
  });
});

describe('Distribution page: destinations', () => {
  const withAcks = makeDestination({
    acks_error: 'Could not connect to sftp.believe.test:2222: connection refused.',
    unmatched_acks: [
      {
        file_name: 'ACK_MSG-OLD-9.xml',
        outcome: 'error',
        detail: 'Unknown message',
        at: '2025-03-03T08:00:00.000Z',
      },
    ],
  });

  it('lists the destinations to a member without any way to change them', async () => {
    const user = userEvent.setup({ delay: null });
    serveDistribution({
      [RELEASES]: releasesAnswer([summer]),
      [DESTINATIONS]: destinationsAnswer([withAcks]),
    });
    open('/distribution?tab=destinations');

    const card = await screen.findByRole('article', { name: 'Believe SFTP' });
    const inCard = within(card);
    expect(inCard.getByText('SFTP server')).toBeTruthy();
    expect(inCard.getByText('Enabled')).toBeTruthy();
    expect(inCard.getByText('Spotify, Apple Music')).toBeTruthy();
    expect(inCard.getByText('midnight@sftp.believe.test:2222/incoming')).toBeTruthy();
    expect(inCard.getByText('PADPIDA2007050901U', { exact: false })).toBeTruthy();
    expect(
      inCard.getByText(
        'The last acknowledgement check failed: Could not connect to sftp.believe.test:2222: connection refused.',
      ),
    ).toBeTruthy();
    await user.click(inCard.getByText('1 acknowledgement matched no delivery'));
    expect(inCard.getByText('ACK_MSG-OLD-9.xml')).toBeTruthy();
    expect(screen.getByText(DISTRIBUTION_MESSAGES.adminsOnly, { exact: false })).toBeTruthy();
    for (const name of [
      'Add destination',
      'Edit Believe SFTP',
      'Delete Believe SFTP',
      'Test connection to Believe SFTP',
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('tests an admin’s connection and shows what the server said', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveDistribution(
      {
        [RELEASES]: releasesAnswer([summer]),
        [DESTINATIONS]: destinationsAnswer([makeDestination()]),
        [`POST /api/v1/distribution/destinations/${DESTINATION_ID}/test`]: [
          json(200, { ok: false, message: 'Authentication failed: check the username and password.' }),
          json(200, { ok: true, message: 'Connected. The acknowledgement folder holds 3 files.' }),
        ],
      },
      { admin: true },
    );
    open('/distribution?tab=destinations');
    await user.click(await screen.findByRole('button', { name: 'Test connection to Believe SFTP' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Authentication failed: check the username and password.',
    );
    await user.click(screen.getByRole('button', { name: 'Test connection to Believe SFTP' }));
    expect(await screen.findByText('Connected. The acknowledgement folder holds 3 files.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.requestsTo(`POST /api/v1/distribution/destinations/${DESTINATION_ID}/test`)).toHaveLength(
      2,
    );
  });

  it('adds a destination: checks as the server does, keeps what was typed, shows the server’s field error', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveDistribution(
      {
        [RELEASES]: releasesAnswer([summer]),
        [DESTINATIONS]: destinationsAnswer([makeDestination()]),
        'POST /api/v1/distribution/destinations': apiError(
          409,
          'conflict',
          DISTRIBUTION_MESSAGES.destinationNameTaken,
          {},
          { name: DISTRIBUTION_MESSAGES.destinationNameTaken },
        ),
      },
      { admin: true },
    );
    open('/distribution?tab=destinations');
    await user.click(await screen.findByRole('button', { name: 'Add destination' }));
    const form = within(await screen.findByRole('form', { name: 'Add destination' }));

    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Believe SFTP');
    await user.type(form.getByRole('textbox', { name: 'Recipient name' }), 'Believe');
    await user.type(form.getByRole('textbox', { name: 'Recipient DPID' }), 'padpida2007050901u');
    await user.click(form.getByRole('radio', { name: 'Folder on this server' }));
    await user.type(form.getByRole('textbox', { name: 'Folder name' }), 'test-deliveries');
    await user.click(form.getByRole('button', { name: 'Save destination' }));

    // Nothing sent: no store was chosen, and the message stands beside the stores.
    expect(form.getByText('Choose at least one store')).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/distribution/destinations')).toHaveLength(0);

    await user.click(form.getByRole('checkbox', { name: 'Spotify' }));
    await user.type(form.getByRole('textbox', { name: 'Other stores' }), 'Label Shop, Club Pool');
    await user.click(form.getByRole('button', { name: 'Save destination' }));

    await waitFor(() => expect(server.requestsTo('POST /api/v1/distribution/destinations')).toHaveLength(1));
    expect(server.requestsTo('POST /api/v1/distribution/destinations')[0]!.body).toEqual({
      name: 'Believe SFTP',
      recipient_dpid: 'padpida2007050901u',
      recipient_name: 'Believe',
      stores: ['spotify', 'Label Shop', 'Club Pool'],
      enabled: true,
      connection: { kind: 'folder', folder: 'test-deliveries', ack_folder: 'acknowledgements' },
    });
    const name = form.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(form.getByText(DISTRIBUTION_MESSAGES.destinationNameTaken)).toBeTruthy();
    expect(document.activeElement).toBe(name);
    // What was typed stays, the kind's fields with it.
    expect(name.value).toBe('Believe SFTP');
    expect((form.getByRole('textbox', { name: 'Folder name' }) as HTMLInputElement).value).toBe(
      'test-deliveries',
    );
    expect((form.getByRole('textbox', { name: 'Other stores' }) as HTMLInputElement).value).toBe(
      'Label Shop, Club Pool',
    );
    expect((form.getByRole('checkbox', { name: 'Spotify' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks a new SFTP destination for a password or a key, and sends the secrets typed', async () => {
    const user = userEvent.setup({ delay: null });
    const created = makeDestination({ id: uuid(303), name: 'Orchard' });
    const server = serveDistribution(
      {
        [RELEASES]: releasesAnswer([summer]),
        [DESTINATIONS]: destinationsAnswer([]),
        'POST /api/v1/distribution/destinations': json(201, created),
      },
      { admin: true },
    );
    open('/distribution?tab=destinations');
    await user.click(await screen.findByRole('button', { name: 'Add destination' }));
    const form = within(await screen.findByRole('form', { name: 'Add destination' }));
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Orchard');
    await user.type(form.getByRole('textbox', { name: 'Recipient name' }), 'The Orchard');
    await user.type(form.getByRole('textbox', { name: 'Recipient DPID' }), 'PADPIDA2010000001X');
    await user.click(form.getByRole('checkbox', { name: 'Tidal' }));
    await user.type(form.getByRole('textbox', { name: 'Host' }), 'sftp.orchard.test');
    await user.type(form.getByRole('textbox', { name: 'Username' }), 'label');
    await user.click(form.getByRole('button', { name: 'Save destination' }));
    expect(form.getByText('Give a password or a private key')).toBeTruthy();

    await user.type(form.getByLabelText('Password'), 's3cret-pass');
    await user.click(form.getByRole('button', { name: 'Save destination' }));
    await waitFor(() => expect(server.requestsTo('POST /api/v1/distribution/destinations')).toHaveLength(1));
    expect(server.requestsTo('POST /api/v1/distribution/destinations')[0]!.body).toEqual({
      name: 'Orchard',
      recipient_dpid: 'PADPIDA2010000001X',
      recipient_name: 'The Orchard',
      stores: ['tidal'],
      enabled: true,
      connection: {
        kind: 'sftp',
        host: 'sftp.orchard.test',
        port: '22',
        username: 'label',
        remote_folder: '',
        ack_folder: 'acknowledgements',
        host_key_sha256: null,
        password: 's3cret-pass',
      },
    });
    // The form closes; the list is read again.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add destination' })).toBeNull());
    expect(server.requestsTo(DESTINATIONS).length).toBeGreaterThanOrEqual(2);
  });

  it('never shows a stored secret: an edit says it is kept, and leaving it empty sends none', async () => {
    const user = userEvent.setup({ delay: null });
    const s3 = makeDestination({
      name: 'Label bucket',
      kind: 's3',
      connection: {
        kind: 's3',
        bucket: 'label-deliveries',
        region: 'eu-west-1',
        endpoint: null,
        prefix: 'incoming',
        ack_prefix: 'acks',
        force_path_style: false,
        access_key_id: 'AKIAEXAMPLE',
      },
      has_password: false,
      has_secret_access_key: true,
      row_version: 7,
    });
    const server = serveDistribution(
      {
        [RELEASES]: releasesAnswer([summer]),
        [DESTINATIONS]: destinationsAnswer([s3]),
        [`PUT /api/v1/distribution/destinations/${DESTINATION_ID}`]: json(200, { ...s3, row_version: 8 }),
      },
      { admin: true },
    );
    open('/distribution?tab=destinations');
    await user.click(await screen.findByRole('button', { name: 'Edit Label bucket' }));
    const form = within(await screen.findByRole('form', { name: 'Edit “Label bucket”' }));

    const secret = form.getByLabelText('Secret access key') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.type).toBe('password');
    expect(form.getByText('Stored — leave empty to keep')).toBeTruthy();
    expect((form.getByRole('textbox', { name: 'Bucket' }) as HTMLInputElement).value).toBe(
      'label-deliveries',
    );
    expect((form.getByRole('radio', { name: 'S3-compatible bucket' }) as HTMLInputElement).checked).toBe(
      true,
    );

    await user.clear(form.getByRole('textbox', { name: 'Region' }));
    await user.type(form.getByRole('textbox', { name: 'Region' }), 'eu-central-1');
    await user.click(form.getByRole('button', { name: 'Save destination' }));
    const route = `PUT /api/v1/distribution/destinations/${DESTINATION_ID}`;
    await waitFor(() => expect(server.requestsTo(route)).toHaveLength(1));
    expect(server.requestsTo(route)[0]!.body).toEqual({
      name: 'Label bucket',
      recipient_dpid: 'PADPIDA2007050901U',
      recipient_name: 'Believe',
      stores: ['spotify', 'apple_music'],
      enabled: true,
      connection: {
        kind: 's3',
        bucket: 'label-deliveries',
        region: 'eu-central-1',
        endpoint: null,
        prefix: 'incoming',
        ack_prefix: 'acks',
        force_path_style: false,
        access_key_id: 'AKIAEXAMPLE',
      },
      row_version: 7,
    });
  });

  it('deletes a destination after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serveDistribution(
      {
        [RELEASES]: releasesAnswer([summer]),
        [DESTINATIONS]: [destinationsAnswer([makeDestination()]), destinationsAnswer([])],
        [`DELETE /api/v1/distribution/destinations/${DESTINATION_ID}`]: json(200, { ok: true }),
      },
      { admin: true },
    );
    open('/distribution?tab=destinations');
    await user.click(await screen.findByRole('button', { name: 'Delete Believe SFTP' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete “Believe SFTP”?' }));
    expect(server.requestsTo(`DELETE /api/v1/distribution/destinations/${DESTINATION_ID}`)).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Delete destination' }));
    expect(await screen.findByText('No destinations yet')).toBeTruthy();
    expect(server.requestsTo(`DELETE /api/v1/distribution/destinations/${DESTINATION_ID}`)).toHaveLength(1);
  });
});
