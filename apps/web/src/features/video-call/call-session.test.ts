import type { CallParticipantDto, CallSignalDto, CallSignalKind } from '@music-review/core/calls';
import { describe, expect, it } from 'vitest';
import { CallSession } from './call-session';

/** A stand-in for RTCPeerConnection (jsdom has none) that records what the session asks of it. */
class FakePeerConnection {
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  readonly candidates: RTCIceCandidateInit[] = [];
  readonly transceivers: { kind: string; direction: string; track: unknown }[] = [];
  isClosed = false;
  ontrack: unknown = null;
  onicecandidate: ((event: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;

  addTransceiver(trackOrKind: string | { kind: string }, init: { direction: string }) {
    const kind = typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind;
    this.transceivers.push({
      kind,
      direction: init.direction,
      track: typeof trackOrKind === 'string' ? null : trackOrKind,
    });
  }
  getTransceivers() {
    return this.transceivers.map((t) => ({
      receiver: { track: { kind: t.kind } },
      sender: {
        replaceTrack: async (track: unknown) => {
          t.track = track;
        },
      },
      set direction(value: string) {
        t.direction = value;
      },
    }));
  }
  async createOffer() {
    return { type: 'offer' as const, sdp: `offer-${Math.random()}` };
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: 'answer-sdp' };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    if (description.type === 'offer') {
      // The offer brings an audio and a video line.
      for (const kind of ['audio', 'video'])
        this.transceivers.push({ kind, direction: 'recvonly', track: null });
      this.signalingState = 'have-remote-offer';
    } else {
      this.signalingState = 'stable';
    }
    this.remoteDescription = description;
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
  }
  close() {
    this.isClosed = true;
  }
}

interface Sent {
  to: string;
  kind: CallSignalKind;
  payload: Record<string, unknown>;
}

function makeSession(selfId: string, sessionId: string) {
  const sent: Sent[] = [];
  const connections: FakePeerConnection[] = [];
  const session = new CallSession({
    selfId,
    sessionId,
    iceServers: [],
    audioTrack: { kind: 'audio' } as MediaStreamTrack,
    videoTrack: { kind: 'video' } as MediaStreamTrack,
    sendSignal: async (to, kind, payload) => {
      sent.push({ to, kind, payload });
    },
    createPeerConnection: () => {
      const pc = new FakePeerConnection();
      connections.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
  });
  return { session, sent, connections };
}

const participant = (reviewer_id: string, joined_at: string): CallParticipantDto => ({
  reviewer_id,
  name: reviewer_id.toUpperCase(),
  avatar_key: null,
  joined_at,
});
const early = participant('ann', '2025-01-01T10:00:00.000Z');
const late = participant('ben', '2025-01-01T10:00:09.000Z');

let sequence = 0;
function signal(from: string, to: string, sent: Sent): CallSignalDto {
  sequence += 1;
  return {
    id: `s-${sequence}`,
    sequence,
    call_id: 'call-1',
    sender_id: from,
    recipient_id: to,
    kind: sent.kind,
    payload: sent.payload,
    created_at: new Date().toISOString(),
  };
}

/** Lets the sessions' queued work and posted signals finish. */
const flush = async (...sessions: CallSession[]) => {
  for (let i = 0; i < 3; i++) {
    await Promise.all(sessions.map((s) => s.settled()));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
};

describe('CallSession', () => {
  it('has the later joiner offer, the earlier one answer, and both apply the other side', async () => {
    const ann = makeSession('ann', 'ann-visit');
    const ben = makeSession('ben', 'ben-visit');
    ann.session.setParticipants([early, late]);
    ben.session.setParticipants([early, late]);
    await flush(ann.session, ben.session);

    expect(ann.sent).toEqual([]);
    expect(ben.sent).toHaveLength(1);
    const offer = ben.sent[0]!;
    expect(offer).toMatchObject({ to: 'ann', kind: 'offer', payload: { session: 'ben-visit' } });
    // An audio and a video line, sending the local tracks.
    expect(ben.connections[0]!.transceivers.map((t) => [t.kind, t.direction])).toEqual([
      ['audio', 'sendrecv'],
      ['video', 'sendrecv'],
    ]);

    ann.session.handleSignals([signal('ben', 'ann', offer)]);
    await flush(ann.session);
    const answer = ann.sent.find((s) => s.kind === 'answer')!;
    expect(answer).toMatchObject({
      to: 'ben',
      payload: { session: 'ann-visit', to_session: 'ben-visit', offer_id: offer.payload.offer_id },
    });
    // The answerer sends its own tracks on the offered lines.
    expect(
      ann.connections[0]!.transceivers.map((t) => [t.kind, t.direction, (t.track as { kind: string }).kind]),
    ).toEqual([
      ['audio', 'sendrecv', 'audio'],
      ['video', 'sendrecv', 'video'],
    ]);

    ben.session.handleSignals([signal('ann', 'ben', answer)]);
    await flush(ben.session);
    expect(ben.connections[0]!.remoteDescription).toEqual({ type: 'answer', sdp: 'answer-sdp' });
    expect(ben.session.getSnapshot().peers).toEqual([
      { reviewerId: 'ann', name: 'ANN', stream: null, state: 'connecting' },
    ]);
  });

  it('ignores an answer meant for another visit or an older offer', async () => {
    const ben = makeSession('ben', 'ben-visit');
    ben.session.setParticipants([early, late]);
    await flush(ben.session);
    const offerId = ben.sent[0]!.payload.offer_id;
    for (const payload of [
      { sdp: 'x', session: 'ann-visit', to_session: 'ben-old-visit', offer_id: offerId },
      { sdp: 'x', session: 'ann-visit', to_session: 'ben-visit', offer_id: 'older-offer' },
    ]) {
      ben.session.handleSignals([signal('ann', 'ben', { to: 'ben', kind: 'answer', payload })]);
    }
    await flush(ben.session);
    expect(ben.connections[0]!.remoteDescription).toBeNull();
  });

  it('keeps candidates that come before their offer, and adds them once it arrives', async () => {
    const ann = makeSession('ann', 'ann-visit');
    ann.session.setParticipants([early, late]);
    const candidate = { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' };
    const second = { ...candidate, candidate: 'candidate:2 1 udp 1 127.0.0.1 5001 typ host' };
    ann.session.handleSignals([
      // A candidate of an earlier visit of ben's is dropped once the current visit's come.
      signal('ben', 'ann', {
        to: 'ann',
        kind: 'candidate',
        payload: { candidate: { candidate: 'old' }, session: 'ben-old' },
      }),
      signal('ben', 'ann', { to: 'ann', kind: 'candidate', payload: { candidate, session: 'ben-visit' } }),
      signal('ben', 'ann', {
        to: 'ann',
        kind: 'candidate',
        payload: { candidate: second, session: 'ben-visit' },
      }),
      signal('ben', 'ann', {
        to: 'ann',
        kind: 'offer',
        payload: { sdp: 'o', session: 'ben-visit', offer_id: '1' },
      }),
    ]);
    await flush(ann.session);
    expect(ann.connections).toHaveLength(1);
    expect(ann.connections[0]!.candidates).toEqual([candidate, second]);
  });

  it('replaces the connection when the other side comes back with a new offer, and closes it when they leave', async () => {
    const ann = makeSession('ann', 'ann-visit');
    ann.session.setParticipants([early, late]);
    const offer = (session: string) =>
      signal('ben', 'ann', { to: 'ann', kind: 'offer', payload: { sdp: 'o', session, offer_id: session } });
    ann.session.handleSignals([offer('ben-1')]);
    await flush(ann.session);
    ann.session.handleSignals([offer('ben-2')]);
    await flush(ann.session);
    expect(ann.connections.map((pc) => pc.isClosed)).toEqual([true, false]);
    expect(ann.sent.filter((s) => s.kind === 'answer').map((s) => s.payload.to_session)).toEqual([
      'ben-1',
      'ben-2',
    ]);

    ann.session.setParticipants([early]);
    await flush(ann.session);
    expect(ann.connections[1]!.isClosed).toBe(true);
    expect(ann.session.getSnapshot().peers).toEqual([]);
  });

  it('switches the video it sends (screen share) on every connection without a new offer', async () => {
    const ben = makeSession('ben', 'ben-visit');
    ben.session.setParticipants([early, participant('cy', '2025-01-01T09:00:00.000Z'), late]);
    await flush(ben.session);
    expect(ben.sent.filter((s) => s.kind === 'offer')).toHaveLength(2);
    const screen = { kind: 'video', label: 'screen' } as unknown as MediaStreamTrack;
    await ben.session.setVideoTrack(screen);
    for (const pc of ben.connections) {
      expect(pc.transceivers.find((t) => t.kind === 'video')!.track).toBe(screen);
    }
    expect(ben.sent.filter((s) => s.kind === 'offer')).toHaveLength(2);
  });
});
