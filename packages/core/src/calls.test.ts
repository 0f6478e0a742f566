import { describe, expect, it } from 'vitest';
import { callJoinPath, callStartedMessage, findCallLink, isOfferer } from './calls.ts';
import { iceServersSetting, sendCallSignalBody } from './calls-schemas.ts';

describe('isOfferer', () => {
  const early = { reviewer_id: 'b', joined_at: '2025-01-01T10:00:00.000Z' };
  const late = { reviewer_id: 'a', joined_at: '2025-01-01T10:00:05.000Z' };

  it('makes the later joiner the offerer, and exactly one of a pair', () => {
    expect(isOfferer(late, early)).toBe(true);
    expect(isOfferer(early, late)).toBe(false);
  });

  it('breaks a tie by id, still exactly one', () => {
    const x = { reviewer_id: 'x', joined_at: early.joined_at };
    expect(isOfferer(x, early)).toBe(true);
    expect(isOfferer(early, x)).toBe(false);
  });
});

describe('join link', () => {
  it('is the call page, and the chat message carries it absolute', () => {
    expect(callJoinPath('c-1')).toBe('/video-call/c-1');
    expect(callStartedMessage('https://app.example/', 'c-1')).toBe(
      'Started a video call: https://app.example/video-call/c-1',
    );
  });
});

describe('findCallLink', () => {
  const id = '7c4b5d0e-9a1f-4c2b-8e3d-1f2a3b4c5d6e';

  it('finds the call in the message a started call posts, absolute or not', () => {
    const expected = { callId: id, path: `/video-call/${id}` };
    expect(findCallLink(callStartedMessage('http://localhost:3000', id))).toEqual(expected);
    expect(findCallLink(`join here /video-call/${id.toUpperCase()} now`)).toEqual(expected);
  });

  it('is null without a call link', () => {
    expect(findCallLink('Started a video call')).toBeNull();
    expect(findCallLink('/video-call/not-an-id')).toBeNull();
  });
});

describe('sendCallSignalBody', () => {
  const to = '7c4b5d0e-9a1f-4c2b-8e3d-1f2a3b4c5d6e';

  it('takes an offer, an answer or a candidate with an object payload', () => {
    for (const kind of ['offer', 'answer', 'candidate']) {
      expect(sendCallSignalBody.safeParse({ to, kind, payload: { sdp: 'v=0' } }).success).toBe(true);
    }
  });

  it('refuses other kinds, non-object payloads and oversized ones', () => {
    expect(sendCallSignalBody.safeParse({ to, kind: 'bye', payload: {} }).success).toBe(false);
    expect(sendCallSignalBody.safeParse({ to, kind: 'offer', payload: [] }).success).toBe(false);
    expect(
      sendCallSignalBody.safeParse({ to, kind: 'offer', payload: { sdp: 'x'.repeat(64_001) } }).success,
    ).toBe(false);
  });
});

describe('iceServersSetting', () => {
  it('reads a JSON array of RTCIceServer', () => {
    const value =
      '[{"urls":"stun:stun.example:3478"},{"urls":["turn:t.example"],"username":"u","credential":"p"}]';
    expect(iceServersSetting.parse(value)).toEqual([
      { urls: 'stun:stun.example:3478' },
      { urls: ['turn:t.example'], username: 'u', credential: 'p' },
    ]);
  });

  it('refuses text that is not JSON, and JSON of another shape', () => {
    expect(iceServersSetting.safeParse('stun:stun.example').success).toBe(false);
    expect(iceServersSetting.safeParse('{"urls":"stun:x"}').success).toBe(false);
    expect(iceServersSetting.safeParse('[{"url":"stun:x"}]').success).toBe(false);
  });
});
