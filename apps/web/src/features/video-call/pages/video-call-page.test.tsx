import { CALL_HEARTBEAT_MS, type CallDto, type JoinedCallDto } from '@music-review/core/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeMe } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const SELF = 'reviewer-1'; // makeMe's reviewer, Ada Lovelace

function makeCall(overrides: Partial<CallDto> = {}): CallDto {
  return {
    id: 'call-1',
    conversation_id: 'conv-1',
    conversation_type: 'dm',
    title: 'Sam Rivers',
    started_by: 'reviewer-2',
    created_at: '2025-01-01T10:00:00.000Z',
    ended_at: null,
    participants: [],
    ...overrides,
  };
}

const ada = {
  reviewer_id: SELF,
  name: 'Ada Lovelace',
  avatar_key: null,
  joined_at: '2025-01-01T10:00:05.000Z',
};

function setup(routes: Parameters<typeof mockFetch>[0] = {}) {
  const joined: JoinedCallDto = { ...makeCall({ participants: [ada] }), signal_cursor: 0 };
  const server = mockFetch({
    'GET /api/v1/me': json(200, makeMe()),
    'GET /api/v1/calls/ice-servers': json(200, []),
    'GET /api/v1/calls/call-1': json(200, makeCall({ participants: [ada] })),
    'POST /api/v1/calls/call-1/join': json(200, joined),
    'POST /api/v1/calls/call-1/leave': json(204, null),
    'GET /api/v1/calls/call-1/signals': json(200, []),
    'GET /api/v1/hub': json(200, {
      counts: { pending_reviews: 0, awaiting_decision: 0, signed_songs: 0, open_contracts: 0, open_forms: 0 },
      usage: { plan_name: 'Pro', tracks_last_30_days: 0, track_limit: -1, members: 1, user_limit: 10 },
      team: [],
      activity: [],
      decisions: [],
    }),
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  const utils = renderApp({ route: '/video-call/call-1', session: makeClientSession() });
  return { server, user, ...utils };
}

/** A browser where the camera and microphone are refused. */
function refuseMedia(name = 'NotAllowedError') {
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: {
      getUserMedia: vi.fn(async () => {
        throw new DOMException('refused', name);
      }),
    },
  });
}

beforeAll(async () => {
  await import('./video-call-page');
});

describe('video call page', { timeout: 15_000 }, () => {
  it('joins without camera or microphone, says why, and waits for the others', async () => {
    refuseMedia();
    const { server } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Video Call' });
    expect(await screen.findByText('Waiting for others to join...')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not access your camera or microphone');
    expect(alert.textContent).toContain('Permission was denied. You can still see and hear the others.');
    expect(server.requestsTo('POST /api/v1/calls/call-1/join')).toHaveLength(1);
    expect(screen.getByText('Sam Rivers')).toBeTruthy();
    const inCall = screen.getByRole('region', { name: 'In this call' });
    expect(within(inCall).getByRole('listitem').textContent).toContain('Ada Lovelace (you)');
    // Without devices the switches are there but off; leaving is always possible.
    expect((screen.getByRole('button', { name: 'Mute' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Turn camera off' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Leave call' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('leaves the call and goes back to the hub when the link was opened directly', async () => {
    refuseMedia('NotFoundError');
    const { server, user, location } = setup();
    expect((await screen.findByRole('alert')).textContent).toContain('No camera or microphone was found.');
    await screen.findByText('Waiting for others to join...');
    await user.click(screen.getByRole('button', { name: 'Leave call' }));
    await waitFor(() => expect(server.requestsTo('POST /api/v1/calls/call-1/leave')).toHaveLength(1));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('lists who else is in the call and shows them connecting', async () => {
    refuseMedia();
    const sam = {
      reviewer_id: 'reviewer-2',
      name: 'Sam Rivers',
      avatar_key: null,
      joined_at: '2025-01-01T10:00:00Z',
    };
    // Ada joined after Sam: she makes the offer. jsdom has no WebRTC: a stand-in records it.
    const offers: string[] = [];
    class FakePeerConnection {
      connectionState = 'new';
      signalingState = 'stable';
      ontrack = null;
      onicecandidate = null;
      onconnectionstatechange = null;
      oniceconnectionstatechange = null;
      addTransceiver() {}
      getTransceivers() {
        return [];
      }
      async createOffer() {
        return { type: 'offer', sdp: 'fake-offer' };
      }
      async setLocalDescription() {
        this.signalingState = 'have-local-offer';
      }
      close() {}
    }
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    const joined: JoinedCallDto = { ...makeCall({ participants: [sam, ada] }), signal_cursor: 7 };
    const { server } = setup({
      'POST /api/v1/calls/call-1/join': json(200, joined),
      'GET /api/v1/calls/call-1': json(200, makeCall({ participants: [sam, ada] })),
      'POST /api/v1/calls/call-1/signals': (request) => {
        offers.push(JSON.stringify(request.body));
        return json(201, {});
      },
    });
    expect(await screen.findByLabelText("Sam Rivers's video")).toBeTruthy();
    expect(screen.getAllByText('Connecting...').length).toBeGreaterThan(0);
    await waitFor(() => expect(offers).toHaveLength(1));
    expect(JSON.parse(offers[0]!)).toMatchObject({
      to: 'reviewer-2',
      kind: 'offer',
      payload: { sdp: 'fake-offer', session: expect.any(String), offer_id: expect.any(String) },
    });
    // Signals are read from the cursor the join gave.
    await waitFor(() =>
      expect(server.requestsTo('GET /api/v1/calls/call-1/signals')[0]?.path).toBe(
        '/api/v1/calls/call-1/signals?after=7',
      ),
    );
  });

  it('sends a heartbeat while in the call, and says so once the server dropped it', async () => {
    refuseMedia();
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    try {
      const { server } = setup({
        'POST /api/v1/calls/call-1/heartbeat': [
          json(204, null),
          apiError(409, 'conflict', 'Join the call first'),
        ],
      });
      await screen.findByText('Waiting for others to join...');
      expect(server.requestsTo('POST /api/v1/calls/call-1/heartbeat')).toHaveLength(0);
      vi.advanceTimersByTime(CALL_HEARTBEAT_MS);
      await waitFor(() => expect(server.requestsTo('POST /api/v1/calls/call-1/heartbeat')).toHaveLength(1));
      expect(screen.queryByText('You left the call')).toBeNull();
      // The next beat finds us dropped (the page slept past a missed beat): no call shown as going on.
      vi.advanceTimersByTime(CALL_HEARTBEAT_MS);
      expect(await screen.findByText('You left the call')).toBeTruthy();
      expect(await screen.findByText('You were disconnected from the call.')).toBeTruthy();
      expect(server.requestsTo('POST /api/v1/calls/call-1/heartbeat')).toHaveLength(2);
      vi.advanceTimersByTime(3 * CALL_HEARTBEAT_MS);
      expect(server.requestsTo('POST /api/v1/calls/call-1/heartbeat')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when the call is not there for this member', async () => {
    refuseMedia();
    setup({
      'GET /api/v1/calls/call-1': apiError(404, 'not_found', 'Call not found'),
      'POST /api/v1/calls/call-1/join': apiError(404, 'not_found', 'Call not found'),
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Call not found');
    expect(screen.queryByRole('button', { name: 'Leave call' })).toBeNull();
  });
});
