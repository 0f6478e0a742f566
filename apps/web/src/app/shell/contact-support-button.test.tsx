import { SUPPORT_MESSAGES } from '@music-review/core/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeClientSession, makeMe, makeOrganization } from '../../test/factories';
import { apiError, json, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { ContactSupportButton } from './contact-support-button';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const conversation = {
  id: 'conversation-1',
  type: 'support',
  user1_id: 'reviewer-1',
  user2_id: null,
  song_id: null,
  last_message_at: null,
  last_message_preview: null,
  last_message_sender_id: null,
  created_at: '2025-03-14T12:00:00.000Z',
};

function open({ signedIn = true } = {}) {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <>
      <ContactSupportButton isCollapsed={false} />
      <Location />
    </>,
    { route: '/overview?status=pending', session: signedIn ? makeClientSession() : null },
  );
  return { user, button: () => screen.getByRole('button', { name: /Contact Support/ }) };
}

describe('Contact Support', () => {
  it('opens the support conversation in the messages panel', async () => {
    const server = mockFetch({
      'GET /api/v1/me': json(200, makeMe()),
      'POST /api/v1/conversations': json(201, conversation),
    });
    const { user, button } = open();
    await user.click(button());
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/overview?status=pending&chat=conversation-1'),
    );
    expect(server.requestsTo('POST /api/v1/conversations')[0]?.body).toEqual({ type: 'support' });
  });

  it('says the plan lacks chat, for 5 s with a lock, when the server refuses', async () => {
    mockFetch({
      'GET /api/v1/me': json(
        200,
        makeMe({ organization: makeOrganization({ plan_name: 'Starter', has_chat_functionality: false }) }),
      ),
      'POST /api/v1/conversations': apiError(403, 'plan_required', SUPPORT_MESSAGES.noPlan),
    });
    const { user, button } = open();
    await user.click(button());
    const toast = await screen.findByText(SUPPORT_MESSAGES.noPlan);
    // react-hot-toast renders the custom icon beside the message.
    expect(toast.closest('[role="status"]')?.parentElement?.querySelector('svg.lucide-lock')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/overview?status=pending');
  });

  it('asks to sign in without a session, and asks nothing of the server', async () => {
    const server = mockFetch({});
    const { user, button } = open({ signedIn: false });
    await user.click(button());
    expect(await screen.findByText(SUPPORT_MESSAGES.notSignedIn)).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/conversations')).toHaveLength(0);
  });

  it('says opening failed on any other failure', async () => {
    mockFetch({
      'GET /api/v1/me': json(200, makeMe()),
      'POST /api/v1/conversations': apiError(500, 'internal', 'Something broke'),
    });
    const { user, button } = open();
    await user.click(button());
    expect(await screen.findByText(SUPPORT_MESSAGES.failed)).toBeTruthy();
    expect(screen.queryByText('Something broke')).toBeNull();
  });
});
