import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { StartCallButton } from './start-call-button';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderButton(routes: Parameters<typeof mockFetch>[0]) {
  const server = mockFetch(routes);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <>
      <StartCallButton conversationId="conv-1" />
      <Location />
    </>,
    { route: '/home' },
  );
  return { server, user, location: () => screen.getByTestId('location').textContent };
}

describe('StartCallButton', () => {
  it('starts the call and opens its page', async () => {
    const { server, user, location } = renderButton({
      'POST /api/v1/conversations/conv-1/calls': json(201, {
        id: 'call-9',
        conversation_id: 'conv-1',
        join_url: '/video-call/call-9',
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Start video call' }));
    await waitFor(() => expect(location()).toBe('/video-call/call-9'));
    expect(server.requestsTo('POST /api/v1/conversations/conv-1/calls')).toHaveLength(1);
  });

  it('says why when the call cannot be started', async () => {
    const { user, location } = renderButton({
      'POST /api/v1/conversations/conv-1/calls': apiError(
        400,
        'validation_failed',
        'Video calls can be started from a direct message or a song chat',
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Start video call' }));
    expect(
      await screen.findByText('Video calls can be started from a direct message or a song chat'),
    ).toBeTruthy();
    expect(location()).toBe('/home');
  });
});
