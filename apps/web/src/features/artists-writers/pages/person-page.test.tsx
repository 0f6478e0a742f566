import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { PartyDto } from '@music-review/core/contracts/parties';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { makeClientSession } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { emptyAccountRoute, makeParty, makePartyRow, meRoute, page, paramsOf } from '../test/people-data';

const ID = '3f2b8c1d-5e6a-4b7c-8d9e-0a1b2c3d4e5f';
const DUPLICATE_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';
const ROUTE = `/artists-writers/${ID}`;
const API = `/api/v1/parties/${ID}`;

const lena: PartyDto = makeParty({
  id: ID,
  name: 'Lena Park',
  aliases: ['L. Park'],
  legal_name: 'Lena Marie Park',
  roles: ['artist', 'writer'],
  isni: '000000012345678X',
  ipi: '00123456789',
  pro: 'PRS',
  pro_member_number: '55501',
  country: 'GB',
  email: 'lena@park.test',
  payee: { id: 'payee-1', name: 'Park Music Ltd' },
  recording_count: 2,
  work_count: 2,
  recordings: [
    {
      id: 'rec-1',
      title: 'Night Drive',
      display_artist: 'Lena Park feat. Ode',
      isrc: 'GBABC2500001',
      role: 'primary',
    },
    { id: 'rec-2', title: 'Ode (Lena Park Remix)', display_artist: 'Ode', isrc: null, role: 'remixer' },
  ],
  releases: [{ id: 'rel-1', title: 'Night Drive EP', upc: '012345678905', release_date: '2025-03-01' }],
  works: [
    { id: 'work-1', title: 'Night Drive', iswc: 'T-123.456.789-0', role: 'composer_lyricist', share: 50 },
    { id: 'work-2', title: 'Ode', iswc: null, role: 'publisher', share: 33.33 },
  ],
  contracts: [
    {
      id: 'c-1',
      title: 'Recording agreement: Night Drive',
      status: 'signed',
      song_id: 'song-1',
      song_title: 'Night Drive',
    },
  ],
  audit: [
    {
      at: '2025-03-01T10:00:00.000Z',
      by: 'Ada Lovelace',
      action: 'update',
      changes: { ipi: [null, '00123456789'] },
    },
  ],
  row_version: 3,
});

const section = (name: string) => within(screen.getByRole('region', { name: new RegExp(`^${name}`) }));
const detail = (label: string) =>
  within(screen.getByRole('region', { name: 'Details' })).getByText(label, { selector: 'dt' })
    .nextElementSibling?.textContent;

beforeAll(async () => {
  await import('./person-page');
});

describe('Person page', () => {
  it('shows the names, identifiers, contact, payee, credits, contracts, balance and history', async () => {
    mockFetch({ ...meRoute, ...emptyAccountRoute(), [`GET ${API}`]: json(200, lena) });
    renderApp({ route: ROUTE, session: makeClientSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Lena Park' })).toBeTruthy();
    expect(screen.getByText('Also credited as L. Park')).toBeTruthy();
    expect(detail('Credited name')).toBe('Lena Park');
    expect(detail('Other credited names')).toBe('L. Park');
    expect(detail('Legal name')).toBe('Lena Marie Park');
    expect(detail('Type')).toBe('Person');
    expect(detail('Roles')).toBe('Artist, Writer');
    expect(detail('ISNI')).toBe('000000012345678X');
    expect(detail('IPI/CAE')).toBe('00123456789');
    expect(detail('PRO')).toBe('PRS');
    expect(detail('PRO member number')).toBe('55501');
    expect(detail('Country')).toBe('United Kingdom (GB)');
    expect(detail('Contact email')).toBe('lena@park.test');
    expect(section('Details').getByRole('link', { name: 'Park Music Ltd' }).getAttribute('href')).toBe(
      '/artists-writers?tab=payees&payee=payee-1',
    );

    const recordings = section('Recordings');
    expect(recordings.getByRole('link', { name: 'Night Drive' }).getAttribute('href')).toBe(
      paths.catalogue.href({ tab: 'recordings', recording: 'rec-1' }),
    );
    expect(recordings.getByText('Primary artist')).toBeTruthy();
    expect(recordings.getByText('Remixer')).toBeTruthy();
    expect(recordings.getByText('Lena Park feat. Ode · ISRC GBABC2500001')).toBeTruthy();
    expect(section('Releases').getByRole('link', { name: 'Night Drive EP' }).getAttribute('href')).toBe(
      paths.catalogue.href({ tab: 'releases', release: 'rel-1' }),
    );
    const works = section('Works');
    expect(works.getByRole('link', { name: 'Ode' }).getAttribute('href')).toBe(
      paths.catalogue.href({ tab: 'works', work: 'work-2' }),
    );
    expect(works.getByText('Composer & lyricist')).toBeTruthy();
    expect(works.getByText('50%')).toBeTruthy();
    expect(works.getByText('Publisher')).toBeTruthy();
    expect(works.getByText('33.33%')).toBeTruthy();
    expect(
      section('Contracts')
        .getByRole('link', { name: 'Recording agreement: Night Drive' })
        .getAttribute('href'),
    ).toBe('/signed-songs/song-1/contracts');
    expect(section('Contracts').getByText('Signed')).toBeTruthy();
    expect(
      await section('Royalties').findByText('No royalty account yet: set up a contract’s terms in Finance.'),
    ).toBeTruthy();
    expect(section('History').getByText('Edited')).toBeTruthy();
    expect(section('History').getByText('IPI/CAE: (empty) → 00123456789')).toBeTruthy();
    // Heading order: the name, then one level-2 heading per section.
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/\d+$/, '')),
    ).toEqual(['Details', 'Royalties', 'Recordings', 'Releases', 'Works', 'Contracts', 'History']);
  });

  it('edits in place, sending only what changed with the version read', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      ...meRoute,
      ...emptyAccountRoute(),
      [`GET ${API}`]: json(200, lena),
      [`PATCH ${API}`]: json(200, { ...lena, legal_name: 'Lena M. Park', row_version: 4 }),
    });
    renderApp({ route: ROUTE, session: makeClientSession() });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const legal = screen.getByRole('textbox', { name: 'Legal name' });
    await user.clear(legal);
    await user.type(legal, 'Lena M. Park');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(detail('Legal name')).toBe('Lena M. Park'));
    expect(server.requestsTo(`PATCH ${API}`).map((r) => r.body)).toEqual([
      { legal_name: 'Lena M. Park', row_version: 3 },
    ]);
  }, 20_000);

  it('says when someone else saved first, reloads their version and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const theirs = { ...lena, pro: 'ASCAP', legal_name: 'L. M. Park', row_version: 4 };
    const server = mockFetch({
      ...meRoute,
      ...emptyAccountRoute(),
      [`GET ${API}`]: [json(200, lena), json(200, theirs)],
      [`PATCH ${API}`]: [
        apiError(409, 'conflict', CATALOGUE_MESSAGES.changedSinceRead),
        json(200, { ...theirs, legal_name: 'Lena M. Park', email: 'hi@lena.test', row_version: 5 }),
      ],
    });
    renderApp({ route: ROUTE, session: makeClientSession() });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const legal = screen.getByRole('textbox', { name: 'Legal name' }) as HTMLInputElement;
    const email = screen.getByRole('textbox', { name: 'Contact email' }) as HTMLInputElement;
    await user.clear(legal);
    await user.type(legal, 'Lena M. Park');
    await user.clear(email);
    await user.type(email, 'hi@lena.test');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByText(CATALOGUE_MESSAGES.changedSinceRead);
    expect(legal.value).toBe('Lena M. Park');
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }),
    );

    // Their change to a field left alone shows; what was typed stays, with theirs beside it.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'PRO' }) as HTMLInputElement).value).toBe('ASCAP'),
    );
    expect(legal.value).toBe('Lena M. Park');
    expect(email.value).toBe('hi@lena.test');
    expect(screen.getByText('Saved meanwhile by someone else: L. M. Park')).toBeTruthy();
    expect(screen.queryByText(CATALOGUE_MESSAGES.changedSinceRead)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(detail('Contact email')).toBe('hi@lena.test'));
    expect(server.requestsTo(`PATCH ${API}`).map((r) => r.body)).toEqual([
      { legal_name: 'Lena M. Park', email: 'hi@lena.test', row_version: 3 },
      { legal_name: 'Lena M. Park', email: 'hi@lena.test', row_version: 4 },
    ]);
  }, 20_000);

  it('merges a duplicate found by search after a confirmation, then shows the merged names and credits', async () => {
    const user = userEvent.setup({ delay: null });
    const duplicate = makePartyRow({ id: DUPLICATE_ID, name: 'Lena P.', recording_count: 1, work_count: 0 });
    const merged: PartyDto = {
      ...lena,
      aliases: ['L. Park', 'Lena P.'],
      recordings: [
        ...lena.recordings,
        { id: 'rec-9', title: 'Old Demo', display_artist: 'Lena P.', isrc: null, role: 'primary' },
      ],
      row_version: 4,
    };
    const server = mockFetch({
      ...meRoute,
      ...emptyAccountRoute(),
      [`GET ${API}`]: json(200, lena),
      'GET /api/v1/parties': (request) =>
        json(
          200,
          page(
            paramsOf(request).get('q')
              ? [duplicate]
              : [makePartyRow({ id: ID, name: 'Lena Park' }), duplicate],
          ),
        ),
      [`POST ${API}/merge`]: json(200, merged),
    });
    renderApp({ route: ROUTE, session: makeClientSession() });
    await user.click(await screen.findByRole('button', { name: 'Merge duplicate…' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Merge a duplicate into “Lena Park”' }));
    // The person itself is not offered.
    expect(await dialog.findByRole('button', { name: 'Merge Lena P.' })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Merge Lena Park' })).toBeNull();
    await user.type(dialog.getByRole('searchbox', { name: 'Find the duplicate' }), 'lena p');
    await waitFor(() =>
      expect(paramsOf(server.requestsTo('GET /api/v1/parties').at(-1)!).get('q')).toBe('lena p'),
    );
    expect(paramsOf(server.requestsTo('GET /api/v1/parties').at(-1)!).get('role')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Merge Lena P.' }));

    const confirm = within(await screen.findByRole('dialog', { name: 'Merge “Lena P.” into “Lena Park”?' }));
    expect(confirm.getByText(/Every credit and share of/).textContent).toBe(
      'Every credit and share of Lena P. moves to Lena Park: 1 recording and 0 works with their writer and publisher shares.',
    );
    expect(confirm.getByText(/then removed as a separate person/)).toBeTruthy();
    expect(server.requestsTo(`POST ${API}/merge`)).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Merge into Lena Park' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(`POST ${API}/merge`).map((r) => r.body)).toEqual([
      { duplicate_id: DUPLICATE_ID },
    ]);
    expect(screen.getByText('Also credited as L. Park, Lena P.')).toBeTruthy();
    expect(section('Recordings').getByRole('link', { name: 'Old Demo' }).getAttribute('href')).toBe(
      paths.catalogue.href({ tab: 'recordings', recording: 'rec-9' }),
    );
  }, 20_000);

  it("shows the server's refusal to delete a credited person, and deletes one credited nowhere", async () => {
    const user = userEvent.setup({ delay: null });
    const refusal = 'Lena Park is credited on 2 recordings and 2 works: merge or remove those credits first';
    const server = mockFetch({
      ...meRoute,
      ...emptyAccountRoute(),
      [`GET ${API}`]: json(200, lena),
      [`DELETE ${API}`]: [apiError(409, 'conflict', refusal), json(200, { ok: true })],
      'GET /api/v1/parties': json(200, page([])),
    });
    const { location } = renderApp({ route: ROUTE, session: makeClientSession() });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete “Lena Park”?' }));
    await user.click(dialog.getByRole('button', { name: 'Delete person' }));
    expect(await dialog.findByText(refusal)).toBeTruthy();
    expect(location()).toBe(ROUTE);

    await user.click(dialog.getByRole('button', { name: 'Delete person' }));
    await waitFor(() => expect(location()).toBe('/artists-writers'));
    expect(server.requestsTo(`DELETE ${API}`)).toHaveLength(2);
  }, 20_000);

  it('shows the plan gate when the plan has no catalogue', async () => {
    mockFetch({ ...meRoute, [`GET ${API}`]: apiError(403, 'plan_required', CATALOGUE_MESSAGES.notOnPlan) });
    renderApp({ route: ROUTE, session: makeClientSession() });
    expect(await screen.findByText(CATALOGUE_MESSAGES.notOnPlan)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe(
      paths.profile.planHref(),
    );
  });

  it('says when the person is not there (merged away or deleted)', async () => {
    mockFetch({ ...meRoute, [`GET ${API}`]: apiError(404, 'not_found', 'Person not found') });
    renderApp({ route: ROUTE, session: makeClientSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Person not found' })).toBeTruthy();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Artists & Writers' }).getAttribute('href'),
    ).toBe('/artists-writers');
  });
});
