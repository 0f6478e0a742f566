import { CONTRACT_TEXTS, type PublicDeclineDto } from '@music-review/core/contracts';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const info: PublicDeclineDto = {
  contract_id: 'contract-1',
  title: 'Single license',
  label_name: 'Night Owl Records',
  song_title: 'Summer Static',
  artist_name: 'Nova Lane',
  signer_name: 'Nova Lane',
};

const URL = '/api/v1/public/contract-declines/tok-1';
const open = () => renderApp({ route: '/artist/deny-signing/tok-1', session: null });
const declineButton = () => screen.getByRole('button', { name: CONTRACT_TEXTS.decline });

beforeAll(async () => {
  await import('./deny-signing-page');
});

describe('deny signing page', () => {
  it('refuses an empty reason and keeps the page, then sends the reason and confirms', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      [`GET ${URL}`]: json(200, info),
      [`POST ${URL}`]: json(200, { status: 'declined' }),
    });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Decline to sign "Single license"' }),
    ).toBeTruthy();

    const reason = screen.getByRole('textbox', { name: 'Reason' });
    await user.type(reason, '   ');
    await user.click(declineButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Tell the label why you decline to sign.');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(server.requestsTo(`POST ${URL}`)).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Decline to sign "Single license"' })).toBeTruthy();

    await user.clear(reason);
    await user.type(reason, '  The royalty rate is too low.  ');
    await user.click(declineButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'You declined to sign' })).toBeTruthy();
    expect(server.requestsTo(`POST ${URL}`)[0]?.body).toEqual({ reason: 'The royalty rate is too low.' });
    expect(screen.getByText(/Night Owl Records has been told, with your reason/)).toBeTruthy();
  });

  it('shows the dead-link page when the link is spent while declining', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      [`GET ${URL}`]: json(200, info),
      [`POST ${URL}`]: apiError(410, 'expired', PUBLIC_LINK_MESSAGES.expired),
    });
    open();
    await user.type(await screen.findByRole('textbox', { name: 'Reason' }), 'No thanks');
    await user.click(declineButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'This link can’t be used' })).toBeTruthy();
    expect(screen.getByText(PUBLIC_LINK_MESSAGES.expired)).toBeTruthy();
  });

  it('keeps the typed reason and shows the server error when sending fails', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      [`GET ${URL}`]: json(200, info),
      [`POST ${URL}`]: apiError(500, 'internal', 'Could not reach the label.'),
    });
    open();
    const reason = await screen.findByRole('textbox', { name: 'Reason' });
    await user.type(reason, 'No thanks');
    await user.click(declineButton());
    expect(await screen.findByText('Could not reach the label.')).toBeTruthy();
    expect((reason as HTMLTextAreaElement).value).toBe('No thanks');
    expect(declineButton()).toBeTruthy();
  });
});
