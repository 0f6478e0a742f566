import { CONTRACT_TEXTS, type PublicContractDto } from '@music-review/core/contracts';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const contract: PublicContractDto = {
  contract_id: 'contract-1',
  title: 'Single license: Summer Static',
  kind: 'license',
  status: 'sent',
  label_name: 'Night Owl Records',
  song_title: 'Summer Static',
  artist_name: 'Nova Lane',
  body_text: 'The artist grants the label the right to release the song.',
  document_url: null,
  signed_document_url: null,
  signer: { name: 'Nova Lane', email: 'nova@example.com', role: 'Artist', status: 'pending' },
  signers: [
    { position: 1, name: 'Nova Lane', role: 'Artist', status: 'pending', signed_at: null },
    {
      position: 2,
      name: 'Sam Label',
      role: 'Label',
      status: 'signed',
      signed_at: '2025-03-01T12:00:00.000Z',
    },
  ],
};

const GET = 'GET /api/v1/public/contracts/contract-1';
const SIGN = 'POST /api/v1/public/contracts/contract-1/sign';
const open = () => renderApp({ route: '/contracts/contract-1?token=tok-1', session: null });
const signButton = () => screen.getByRole('button', { name: CONTRACT_TEXTS.sign });

beforeAll(async () => {
  await import('./contract-signing-page');
});

describe('contract signing page', () => {
  it('shows the contract and who signs, and asks for the consent before sending the typed signature', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      [GET]: json(200, contract),
      [SIGN]: json(200, { status: 'sent', signed_at: '2025-03-02T10:00:00.000Z', signed_document_url: null }),
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: contract.title })).toBeTruthy();
    expect(server.requestsTo(GET)[0]?.path).toBe('/api/v1/public/contracts/contract-1?token=tok-1');
    const text = screen.getByRole('region', { name: 'Document text' });
    expect(text.textContent).toBe(contract.body_text);
    // It scrolls on its own, so the keyboard can reach it (Tab, then the arrow keys).
    expect(text.tabIndex).toBe(0);
    expect(screen.getByText('Not signed yet')).toBeTruthy();
    expect(screen.getByText(/^Signed /)).toBeTruthy();

    const name = screen.getByRole('textbox', { name: 'Your full name' });
    expect((name as HTMLInputElement).value).toBe('Nova Lane');
    await user.clear(name);
    await user.type(name, 'Nova K. Lane');

    // Without the consent ticked, nothing is sent and the page says why.
    await user.click(signButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Tick the box to agree to sign electronically',
    );
    expect(server.requestsTo(SIGN)).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: CONTRACT_TEXTS.agree }));
    await user.click(signButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for signing' })).toBeTruthy();
    expect(server.requestsTo(SIGN)[0]?.body).toEqual({
      token: 'tok-1',
      signature_kind: 'typed',
      signature_text: 'Nova K. Lane',
      agree: true,
    });
    expect(screen.getByText(/the other signers still need to sign/)).toBeTruthy();
    // The token is spent: the form is gone.
    expect(screen.queryByRole('button', { name: CONTRACT_TEXTS.sign })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download the signed PDF' })).toBeNull();
  });

  it('refuses an empty typed name without sending', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({ [GET]: json(200, contract) });
    open();
    await user.clear(await screen.findByRole('textbox', { name: 'Your full name' }));
    await user.click(screen.getByRole('checkbox', { name: CONTRACT_TEXTS.agree }));
    await user.click(signButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Type your full name as your signature');
    expect(server.requestsTo(SIGN)).toHaveLength(0);
  });

  it('offers the signed PDF when this was the last signature', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      [GET]: json(200, contract),
      [SIGN]: json(200, {
        status: 'signed',
        signed_at: '2025-03-02T10:00:00.000Z',
        signed_document_url: 'https://files.example.com/signed.pdf',
      }),
    });
    open();
    await user.click(await screen.findByRole('checkbox', { name: CONTRACT_TEXTS.agree }));
    await user.click(signButton());
    expect(await screen.findByText(/Everyone has signed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the signed PDF' }).getAttribute('href')).toBe(
      'https://files.example.com/signed.pdf',
    );
  });

  it('shows the dead-link page for a used link, and when the link dies while signing', async () => {
    mockFetch({ [GET]: apiError(410, 'used', PUBLIC_LINK_MESSAGES.used) });
    const first = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link can’t be used' })).toBeTruthy();
    expect(screen.getByText(PUBLIC_LINK_MESSAGES.used)).toBeTruthy();
    expect(screen.getByText('If you still need to sign, ask the label to send you a new link.')).toBeTruthy();
    first.unmount();

    const user = userEvent.setup({ delay: null });
    mockFetch({
      [GET]: json(200, contract),
      [SIGN]: apiError(410, 'revoked', PUBLIC_LINK_MESSAGES.revoked),
    });
    open();
    await user.click(await screen.findByRole('checkbox', { name: CONTRACT_TEXTS.agree }));
    await user.click(signButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'This link can’t be used' })).toBeTruthy();
    expect(screen.getByText(PUBLIC_LINK_MESSAGES.revoked)).toBeTruthy();
  });

  it('keeps the form and says what went wrong when the server fails', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      [GET]: json(200, contract),
      [SIGN]: apiError(500, 'internal', 'The signature service is down.'),
    });
    open();
    await user.click(await screen.findByRole('checkbox', { name: CONTRACT_TEXTS.agree }));
    await user.click(signButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The signature service is down.'));
    expect(signButton()).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: CONTRACT_TEXTS.agree }) as HTMLInputElement).checked).toBe(
      true,
    );
  });
});
