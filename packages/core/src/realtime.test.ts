import { describe, expect, it } from 'vitest';
import {
  isRealtimeTable,
  parseServerMessage,
  parseTopic,
  RECONNECT_BACKOFF,
  reconnectDelay,
} from './realtime.ts';
import { clientMessageSchema } from './realtime-schemas.ts';

describe('reconnectDelay', () => {
  it('doubles from 500 ms with up to half of each step as jitter', () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(1, () => 0)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(4000);
  });

  it('never waits more than 30 s, however many attempts failed', () => {
    for (const attempt of [6, 7, 20, 1000, Number.MAX_SAFE_INTEGER]) {
      expect(reconnectDelay(attempt, () => 1)).toBe(RECONNECT_BACKOFF.maxMs);
      expect(reconnectDelay(attempt, () => 0)).toBe(RECONNECT_BACKOFF.maxMs / 2);
    }
  });

  it('spreads clients out', () => {
    const delays = new Set(Array.from({ length: 50 }, () => reconnectDelay(4)));
    expect(delays.size).toBeGreaterThan(10);
  });
});

describe('client messages', () => {
  it('accepts the four messages', () => {
    for (const message of [
      { type: 'auth', token: 'a.b.c' },
      { type: 'subscribe', topic: 'table:notifications', ref: '1' },
      { type: 'subscribe', topic: 'conversation:3f1c2a4e-0000-4000-8000-000000000000', ref: 'r' },
      { type: 'unsubscribe', topic: 'table:songs' },
      { type: 'ping', ref: 'p1' },
    ]) {
      expect(clientMessageSchema.safeParse(message).success).toBe(true);
    }
  });

  it('rejects anything else', () => {
    for (const message of [
      null,
      'auth',
      { type: 'auth' },
      { type: 'auth', token: '' },
      { type: 'subscribe', topic: 'notifications', ref: '1' },
      { type: 'subscribe', topic: 'table:notifications' },
      { type: 'subscribe', topic: 'table:a b', ref: '1' },
      { type: 'subscribe', topic: 'table:x', ref: 'r'.repeat(65) },
      { type: 'ping' },
      { type: 'change', topic: 'table:songs' },
    ]) {
      expect(clientMessageSchema.safeParse(message).success).toBe(false);
    }
  });
});

describe('topics', () => {
  it('splits kind and argument', () => {
    expect(parseTopic('table:user_presence')).toEqual({ kind: 'table', arg: 'user_presence' });
    expect(parseTopic('table:')).toBeNull();
    expect(parseTopic('Table:songs')).toBeNull();
    expect(parseTopic(':songs')).toBeNull();
  });

  it('knows the announced tables only', () => {
    expect(isRealtimeTable('notifications')).toBe(true);
    expect(isRealtimeTable('users')).toBe(false);
    expect(isRealtimeTable('constructor')).toBe(false);
  });
});

describe('parseServerMessage', () => {
  it('reads known messages and ignores the rest', () => {
    expect(parseServerMessage('{"type":"pong","ref":"1"}')).toEqual({ type: 'pong', ref: '1' });
    expect(parseServerMessage('{"type":"unknown"}')).toBeNull();
    expect(parseServerMessage('null')).toBeNull();
    expect(parseServerMessage('not json')).toBeNull();
  });
});
