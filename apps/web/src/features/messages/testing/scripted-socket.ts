import type { ChangeMessage, RealtimeSocketEvent, ServerMessage } from '@music-review/core/realtime';
import { act } from '@testing-library/react';

type Listener = (event: RealtimeSocketEvent) => void;

/**
 * A WebSocket stand-in that plays a friendly realtime server: it opens, accepts the token and
 * confirms every subscription; a test then pushes changes with `change()`. Install it with
 * `vi.stubGlobal('WebSocket', ScriptedSocket)` before rendering.
 */
export class ScriptedSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: ScriptedSocket[] = [];

  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  private readonly listeners = new Map<string, Listener[]>();

  constructor(readonly url: string) {
    ScriptedSocket.all.push(this);
    setTimeout(() => {
      this.readyState = 1;
      this.emit('open', {});
    }, 0);
  }

  static reset() {
    ScriptedSocket.all = [];
  }

  static latest(): ScriptedSocket {
    const socket = ScriptedSocket.all.at(-1);
    if (!socket) throw new Error('no socket yet');
    return socket;
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  send(data: string) {
    const message = JSON.parse(data) as Record<string, unknown>;
    this.sent.push(message);
    if (message.type === 'auth') {
      queueMicrotask(() =>
        this.receive({ type: 'auth_ok', reviewer_id: 'reviewer-1', organization_id: 'org-1' }),
      );
    } else if (message.type === 'subscribe') {
      const { topic, ref } = message as { topic: string; ref: string };
      queueMicrotask(() => this.receive({ type: 'subscribed', topic, ref }));
    }
  }

  close() {
    this.readyState = 3;
  }

  /** Topics subscribed and not unsubscribed since. */
  topics(): string[] {
    const topics = new Set<string>();
    for (const message of this.sent) {
      if (message.type === 'subscribe') topics.add(message.topic as string);
      if (message.type === 'unsubscribe') topics.delete(message.topic as string);
    }
    return [...topics];
  }

  /** Confirms a topic again, as after a reconnect. */
  resubscribed(topic: string) {
    act(() => this.receive({ type: 'subscribed', topic, ref: 'again' }));
  }

  /** Pushes a change as the server would. */
  change(change: Omit<ChangeMessage, 'type' | 'organization_id'> & { organization_id?: string }) {
    act(() => this.receive({ type: 'change', organization_id: 'org-1', ...change }));
  }

  private receive(message: ServerMessage) {
    this.emit('message', { data: JSON.stringify(message) });
  }

  private emit(type: string, event: RealtimeSocketEvent) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}
