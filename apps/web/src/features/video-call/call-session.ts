import {
  type CallParticipantDto,
  type CallSignalDto,
  type CallSignalKind,
  isOfferer,
} from '@music-review/core/calls';

/**
 * The browser side of a call: one RTCPeerConnection per other participant (a mesh, fine for the
 * handful of people in a DM or a song chat). Between two participants the later joiner makes the
 * offer (isOfferer), so both never offer at once. Signals travel through the server; each carries
 * this page's `session` id, so offers, answers and candidates of an earlier visit (a reload, a
 * rejoin) are told apart from the current ones and ignored.
 */

export type PeerState = 'connecting' | 'connected' | 'reconnecting' | 'failed';

export interface PeerView {
  reviewerId: string;
  name: string;
  /** What this participant sends us; a new object whenever a track arrives. */
  stream: MediaStream | null;
  state: PeerState;
}

export interface CallSessionSnapshot {
  peers: PeerView[];
}

export interface CallSessionOptions {
  selfId: string;
  iceServers: RTCIceServer[];
  /** The camera or screen track to send, and the microphone track (null: send nothing, still receive). */
  audioTrack: MediaStreamTrack | null;
  videoTrack: MediaStreamTrack | null;
  sendSignal(to: string, kind: CallSignalKind, payload: Record<string, unknown>): Promise<unknown>;
  /** Tests pass a fake; the browser's RTCPeerConnection otherwise. */
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
  /** A unique id for this page's visit (tests fix it). */
  sessionId?: string;
}

interface Peer {
  reviewerId: string;
  role: 'offerer' | 'answerer';
  pc: RTCPeerConnection;
  /** The other side's session: known at once for an answerer, from the answer for an offerer. */
  remoteSession: string | null;
  stream: MediaStream | null;
  state: PeerState;
  /** Offerer: the id of the offer in flight, which the answer must name. */
  offerId: string | null;
}

type SignalPayload = {
  sdp?: unknown;
  session?: unknown;
  to_session?: unknown;
  offer_id?: unknown;
  candidate?: unknown;
};

const RESTART_AFTER_FAILURE_MS = 1_500;

function peerStateOf(pc: RTCPeerConnection): PeerState {
  // connectionState where the browser has it; the ICE state (which also says 'completed') otherwise.
  const state: string = pc.connectionState ?? pc.iceConnectionState;
  if (state === 'connected' || state === 'completed') return 'connected';
  if (state === 'disconnected') return 'reconnecting';
  if (state === 'failed') return 'failed';
  return 'connecting';
}

function newSessionId() {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : Math.random().toString(36).slice(2);
}

export class CallSession {
  readonly sessionId: string;
  private readonly peers = new Map<string, Peer>();
  /** Candidates that came before the description they belong to, per sender and their session. */
  private readonly earlyCandidates = new Map<
    string,
    { session: string; candidates: RTCIceCandidateInit[] }
  >();
  private participants: CallParticipantDto[] = [];
  private audioTrack: MediaStreamTrack | null;
  private videoTrack: MediaStreamTrack | null;
  /** Signals and participant changes are handled one at a time, in order. */
  private work: Promise<void> = Promise.resolve();
  /** Signals are posted one at a time, so the server's sequence keeps their order. */
  private outbox: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private snapshot: CallSessionSnapshot = { peers: [] };
  private closed = false;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly options: CallSessionOptions) {
    this.sessionId = options.sessionId ?? newSessionId();
    this.audioTrack = options.audioTrack;
    this.videoTrack = options.videoTrack;
  }

  // ---- For React (useSyncExternalStore) ----

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private publish() {
    const others = this.participants.filter((p) => p.reviewer_id !== this.options.selfId);
    this.snapshot = {
      peers: others.map((p) => {
        const peer = this.peers.get(p.reviewer_id);
        return {
          reviewerId: p.reviewer_id,
          name: p.name,
          stream: peer?.stream ?? null,
          state: peer?.state ?? 'connecting',
        };
      }),
    };
    for (const listener of this.listeners) listener();
  }

  // ---- Inputs ----

  /** Who is in the call now (from join, GET call, and participant changes). */
  setParticipants(participants: CallParticipantDto[]) {
    this.participants = participants;
    this.publish();
    this.enqueue(() => this.syncPeers());
  }

  /** Signals addressed to us, in sequence order. */
  handleSignals(signals: CallSignalDto[]) {
    for (const signal of signals) this.enqueue(() => this.handleSignal(signal));
  }

  /** Sends another video track (the screen, or the camera again) to everyone, without renegotiating. */
  async setVideoTrack(track: MediaStreamTrack | null) {
    this.videoTrack = track;
    await Promise.all(
      [...this.peers.values()].map((peer) => {
        const transceiver = peer.pc.getTransceivers().find((t) => t.receiver.track?.kind === 'video');
        return transceiver?.sender.replaceTrack(track).catch(() => {});
      }),
    );
  }

  close() {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const peer of this.peers.values()) this.closePeer(peer);
    this.peers.clear();
    this.participants = [];
    this.publish();
  }

  /** Resolves once everything queued so far was handled (tests). */
  settled(): Promise<void> {
    return this.work;
  }

  // ---- Internals ----

  private enqueue(task: () => Promise<void>) {
    this.work = this.work.then(async () => {
      if (this.closed) return;
      try {
        await task();
      } catch {
        // One bad description or candidate must not stop the call; the peer shows its own state.
      }
    });
  }

  private send(to: string, kind: CallSignalKind, payload: Record<string, unknown>) {
    this.outbox = this.outbox
      .then(() => this.options.sendSignal(to, kind, { ...payload, session: this.sessionId }))
      .catch(() => {});
  }

  private self() {
    return this.participants.find((p) => p.reviewer_id === this.options.selfId);
  }

  private async syncPeers() {
    const me = this.self();
    const others = this.participants.filter((p) => p.reviewer_id !== this.options.selfId);
    for (const peer of [...this.peers.values()]) {
      if (!me || !others.some((p) => p.reviewer_id === peer.reviewerId)) {
        this.closePeer(peer);
        this.peers.delete(peer.reviewerId);
      }
    }
    if (!me) return;
    for (const other of others) {
      if (this.peers.has(other.reviewer_id) || !isOfferer(me, other)) continue;
      await this.offerTo(other.reviewer_id);
    }
    this.publish();
  }

  private createPeer(reviewerId: string, role: Peer['role']): Peer {
    const create = this.options.createPeerConnection ?? ((config) => new RTCPeerConnection(config));
    const pc = create({ iceServers: this.options.iceServers });
    const peer: Peer = {
      reviewerId,
      role,
      pc,
      remoteSession: null,
      stream: null,
      state: 'connecting',
      offerId: null,
    };
    pc.ontrack = (event) => {
      if (this.peers.get(reviewerId) !== peer) return;
      const tracks = (peer.stream?.getTracks() ?? []).filter((t) => t.kind !== event.track.kind);
      peer.stream = new MediaStream([...tracks, event.track]);
      this.publish();
    };
    pc.onicecandidate = (event) => {
      if (!event.candidate || this.peers.get(reviewerId) !== peer) return;
      this.send(reviewerId, 'candidate', { candidate: event.candidate.toJSON() });
    };
    const onState = () => {
      if (this.peers.get(reviewerId) !== peer) return;
      peer.state = peerStateOf(pc);
      this.publish();
      // The offerer starts over after a failure (a network change, a peer that went away and came back).
      if (peer.state === 'failed' && peer.role === 'offerer') {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.enqueue(async () => {
            if (this.peers.get(reviewerId) !== peer) return;
            this.closePeer(peer);
            this.peers.delete(reviewerId);
            await this.syncPeers();
          });
        }, RESTART_AFTER_FAILURE_MS);
        this.timers.add(timer);
      }
    };
    pc.onconnectionstatechange = onState;
    pc.oniceconnectionstatechange = onState;
    this.peers.set(reviewerId, peer);
    return peer;
  }

  private closePeer(peer: Peer) {
    peer.pc.ontrack = null;
    peer.pc.onicecandidate = null;
    peer.pc.onconnectionstatechange = null;
    peer.pc.oniceconnectionstatechange = null;
    peer.pc.close();
  }

  private trackOf(kind: string) {
    return kind === 'audio' ? this.audioTrack : kind === 'video' ? this.videoTrack : null;
  }

  private async offerTo(reviewerId: string) {
    const peer = this.createPeer(reviewerId, 'offerer');
    // Always one audio and one video line, sending or not, so a track can be switched on later
    // (screen share) with replaceTrack, without a new offer.
    for (const kind of ['audio', 'video'] as const) {
      peer.pc.addTransceiver(this.trackOf(kind) ?? kind, { direction: 'sendrecv' });
    }
    const offer = await peer.pc.createOffer();
    await peer.pc.setLocalDescription(offer);
    peer.offerId = newSessionId();
    this.send(reviewerId, 'offer', { sdp: offer.sdp, offer_id: peer.offerId });
  }

  private async handleSignal(signal: CallSignalDto) {
    const from = signal.sender_id;
    const payload = signal.payload as SignalPayload;
    const session = typeof payload.session === 'string' ? payload.session : null;
    if (!session) return;
    if (signal.kind === 'offer') await this.acceptOffer(from, session, payload);
    else if (signal.kind === 'answer') await this.acceptAnswer(from, session, payload);
    else await this.acceptCandidate(from, session, payload);
  }

  private async acceptOffer(from: string, session: string, payload: SignalPayload) {
    if (typeof payload.sdp !== 'string') return;
    // Each signal is handled once (the cursor moves past it): a new offer always means a new connection.
    const existing = this.peers.get(from);
    if (existing) {
      this.closePeer(existing);
      this.peers.delete(from);
    }
    const peer = this.createPeer(from, 'answerer');
    peer.remoteSession = session;
    this.publish();
    await peer.pc.setRemoteDescription({ type: 'offer', sdp: payload.sdp });
    for (const transceiver of peer.pc.getTransceivers()) {
      const kind = transceiver.receiver.track?.kind;
      if (!kind) continue;
      transceiver.direction = 'sendrecv';
      await transceiver.sender.replaceTrack(this.trackOf(kind));
    }
    const answer = await peer.pc.createAnswer();
    await peer.pc.setLocalDescription(answer);
    this.send(from, 'answer', { sdp: answer.sdp, to_session: session, offer_id: payload.offer_id });
    await this.flushCandidates(peer);
  }

  private async acceptAnswer(from: string, session: string, payload: SignalPayload) {
    const peer = this.peers.get(from);
    if (
      peer?.role !== 'offerer' ||
      payload.to_session !== this.sessionId ||
      payload.offer_id !== peer.offerId ||
      typeof payload.sdp !== 'string' ||
      peer.pc.signalingState !== 'have-local-offer'
    ) {
      return;
    }
    peer.remoteSession = session;
    await peer.pc.setRemoteDescription({ type: 'answer', sdp: payload.sdp });
    await this.flushCandidates(peer);
  }

  private async acceptCandidate(from: string, session: string, payload: SignalPayload) {
    if (!payload.candidate || typeof payload.candidate !== 'object') return;
    const candidate = payload.candidate as RTCIceCandidateInit;
    const peer = this.peers.get(from);
    if (peer && peer.remoteSession === session && peer.pc.remoteDescription) {
      await peer.pc.addIceCandidate(candidate).catch(() => {});
      return;
    }
    // Early (the description is on its way): keep it for that sender's session, and only the newest session.
    const held = this.earlyCandidates.get(from);
    if (held && held.session === session) held.candidates.push(candidate);
    else this.earlyCandidates.set(from, { session, candidates: [candidate] });
  }

  private async flushCandidates(peer: Peer) {
    const held = this.earlyCandidates.get(peer.reviewerId);
    if (!held || held.session !== peer.remoteSession) return;
    this.earlyCandidates.delete(peer.reviewerId);
    for (const candidate of held.candidates) await peer.pc.addIceCandidate(candidate).catch(() => {});
  }
}
