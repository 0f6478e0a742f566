import { CONTRACT_TEXTS, type ContractDto, type ContractTemplateDto } from '@music-review/core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession, makeSong } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { signedSongFrameRoutes } from '../../../test/signed-song-routes';

function makeContract(overrides: Partial<ContractDto> = {}): ContractDto {
  return {
    id: 'contract-1',
    song_id: 'song-1',
    artist_name: 'Nova Lane',
    status: 'draft',
    kind: 'recording_agreement',
    title: 'Recording agreement: Summer Static',
    template_id: 'default-recording_agreement',
    terms: {
      parties: [
        { name: 'Midnight Records', role: 'Label', email: 'label@label.test' },
        { name: 'Nova Lane', role: 'Artist', email: 'nova@example.com' },
      ],
      artist_name: 'Nova Lane',
      term: '3 years',
      territory: 'Worldwide',
      royalty_rate: 18,
      advance_cents: 0,
      currency: 'EUR',
      writers: [{ name: 'Nova Lane', share: 100 }],
      effective_date: '2025-03-01',
    },
    body_text: 'This agreement is made between Midnight Records and Nova Lane.',
    document_sha256: null,
    signed_sha256: null,
    has_document: true,
    has_signed_document: false,
    sent_at: null,
    completed_at: null,
    declined_at: null,
    decline_reason: null,
    voided_at: null,
    created_by_name: 'Ada Lovelace',
    created_at: '2025-03-01T12:00:00.000Z',
    signers: [],
    ...overrides,
  };
}

const templates: ContractTemplateDto[] = [
  {
    id: 'default-recording_agreement',
    kind: 'recording_agreement',
    name: 'Recording agreement',
    body: '{{song_title}}',
    builtin: true,
    updated_at: null,
  },
  {
    id: 'default-license',
    kind: 'license',
    name: 'Standard',
    body: '{{song_title}}',
    builtin: true,
    updated_at: null,
  },
];

const LIST = 'GET /api/v1/songs/song-1/contracts';

function serve(contracts: ContractDto[], routes: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    ...signedSongFrameRoutes(),
    [LIST]: json(200, contracts),
    'GET /api/v1/contracts/generator': json(200, {
      allowed: true,
      is_trial: true,
      trial_used: false,
      message: CONTRACT_TEXTS.trialAvailable,
    }),
    'GET /api/v1/songs/song-1': json(
      200,
      makeSong({ title: 'Summer Static', artist: 'Nova Lane', status: 'signed' }),
    ),
    'GET /api/v1/contract-templates': json(200, templates),
    ...routes,
  });
}

const open = () => renderApp({ route: '/signed-songs/song-1/contracts', session: makeClientSession() });

beforeAll(async () => {
  await import('../../../app/routes/signed-song-page');
});

describe('contracts tab', () => {
  it('says "Failed to fetch subscription data" when the plan’s allowance cannot be read, and offers no generation', async () => {
    serve([], {
      'GET /api/v1/contracts/generator': apiError(
        500,
        'internal',
        'An unexpected error occurred. Please try again.',
      ),
    });
    open();
    expect(await screen.findByText('Failed to fetch subscription data', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: CONTRACT_TEXTS.generate }).hasAttribute('disabled')).toBe(true);
  });

  it('says what the plan allows, and lists the contracts with status and signers’ progress', async () => {
    serve([
      makeContract({
        id: 'contract-2',
        title: 'License: Summer Static',
        kind: 'license',
        status: 'partially_signed',
        sent_at: '2025-03-02T12:00:00.000Z',
        signers: [
          {
            id: 'signer-1',
            name: 'Nova Lane',
            email: 'nova@example.com',
            role: 'Artist',
            position: 1,
            status: 'signed',
            signature_kind: 'typed',
            signed_at: '2025-03-03T12:00:00.000Z',
            declined_at: null,
            decline_reason: null,
          },
          {
            id: 'signer-2',
            name: 'Kai Writer',
            email: 'kai@example.com',
            role: 'Writer',
            position: 2,
            status: 'pending',
            signature_kind: null,
            signed_at: null,
            declined_at: null,
            decline_reason: null,
          },
        ],
      }),
      makeContract({
        id: 'contract-3',
        title: 'Split sheet',
        status: 'declined',
        decline_reason: 'Shares are wrong',
      }),
    ]);
    open();
    expect(await screen.findByText(CONTRACT_TEXTS.trialAvailable)).toBeTruthy();
    const license = await screen.findByRole('article', { name: 'License: Summer Static' });
    expect(within(license).getByText('Partially signed')).toBeTruthy();
    expect(within(license).getByText('Signers: 1 of 2 signed')).toBeTruthy();
    expect(within(license).getByText('Waiting')).toBeTruthy();
    expect(within(license).getByRole('button', { name: 'New signing link for Kai Writer' })).toBeTruthy();
    expect(within(license).queryByRole('button', { name: CONTRACT_TEXTS.send })).toBeNull();
    const declined = screen.getByRole('article', { name: 'Split sheet' });
    expect(within(declined).getByText('Declined: “Shares are wrong”')).toBeTruthy();
    expect(within(declined).queryByRole('button', { name: CONTRACT_TEXTS.void })).toBeNull();
  });

  it('shows the refusal and disables the generator when the plan does not allow it', async () => {
    serve([], {
      'GET /api/v1/contracts/generator': json(200, {
        allowed: false,
        is_trial: true,
        trial_used: true,
        message: 'The free contract has been used. Upgrade your plan.',
      }),
    });
    open();
    expect(await screen.findByText('The free contract has been used. Upgrade your plan.')).toBeTruthy();
    expect(await screen.findByText(CONTRACT_TEXTS.empty)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: CONTRACT_TEXTS.generate }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('asks before voiding a sent contract, and sends the void only when confirmed', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = makeContract({ status: 'sent', sent_at: '2025-03-02T12:00:00.000Z' });
    const server = serve([sent], {
      'POST /api/v1/contracts/contract-1/void': json(200, { ...sent, status: 'voided', events: [] }),
    });
    open();
    const card = await screen.findByRole('article', { name: sent.title });
    await user.click(within(card).getByRole('button', { name: CONTRACT_TEXTS.void }));
    let dialog = screen.getByRole('dialog', { name: 'Void contract?' });
    expect(within(dialog).getByText(CONTRACT_TEXTS.voidConfirm)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requestsTo('POST /api/v1/contracts/contract-1/void')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: CONTRACT_TEXTS.void }));
    dialog = screen.getByRole('dialog', { name: 'Void contract?' });
    await user.click(within(dialog).getByRole('button', { name: CONTRACT_TEXTS.void }));
    await expect.poll(() => server.requestsTo('POST /api/v1/contracts/contract-1/void')).toHaveLength(1);
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    // The list is read again after the change.
    expect(server.requestsTo(LIST).length).toBeGreaterThan(1);
  });

  it('sends a draft to the non-label parties and shows each signer’s link to copy', async () => {
    const user = userEvent.setup({ delay: null });
    const draft = makeContract();
    const server = serve([draft], {
      'POST /api/v1/contracts/contract-1/send': json(200, {
        contract: { ...draft, status: 'sent', events: [] },
        links: [
          {
            signer_id: 'signer-1',
            name: 'Nova Lane',
            email: 'nova@example.com',
            sign_url: 'http://localhost/contracts/contract-1?token=abc',
            decline_url: 'http://localhost/artist/deny-signing/def',
          },
        ],
        mail_failed: ['nova@example.com'],
      }),
    });
    open();
    const card = await screen.findByRole('article', { name: draft.title });
    await user.click(within(card).getByRole('button', { name: CONTRACT_TEXTS.send }));
    const dialog = screen.getByRole('dialog', { name: 'Send for signature' });
    expect((within(dialog).getByRole('textbox', { name: 'Signer 1 name' }) as HTMLInputElement).value).toBe(
      'Nova Lane',
    );
    expect(within(dialog).queryByRole('textbox', { name: 'Signer 2 name' })).toBeNull();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Message to the signers (optional)' }),
      'Hi Nova',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send for signature' }));

    const done = await screen.findByRole('dialog', { name: 'Sent for signature' });
    expect(server.requestsTo('POST /api/v1/contracts/contract-1/send')[0]?.body).toEqual({
      signers: [{ name: 'Nova Lane', email: 'nova@example.com', role: 'Artist' }],
      message: 'Hi Nova',
    });
    expect(within(done).getByText(/We could not email nova@example.com/)).toBeTruthy();
    expect(
      (
        within(done).getByRole('textbox', {
          name: 'Copy signing link for Nova Lane address',
        }) as HTMLInputElement
      ).value,
    ).toBe('http://localhost/contracts/contract-1?token=abc');
  });
});
