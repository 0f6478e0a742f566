import { describe, expect, it } from 'vitest';
import { effectivePresenceStatus, isPresenceStatus, PRESENCE_ONLINE_WINDOW_MS } from './presence.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('effectivePresenceStatus (online = status online, last seen within 5 minutes)', () => {
  it('keeps online and away while the last heartbeat is recent', () => {
    expect(effectivePresenceStatus('online', ago(30_000), NOW)).toBe('online');
    expect(effectivePresenceStatus('away', ago(30_000), NOW)).toBe('away');
    expect(effectivePresenceStatus('online', ago(PRESENCE_ONLINE_WINDOW_MS), NOW)).toBe('online');
  });

  it('is offline once the last heartbeat is older than 5 minutes, or never came', () => {
    expect(effectivePresenceStatus('online', ago(PRESENCE_ONLINE_WINDOW_MS + 1), NOW)).toBe('offline');
    expect(effectivePresenceStatus('away', ago(10 * 60_000), NOW)).toBe('offline');
    expect(effectivePresenceStatus('online', null, NOW)).toBe('offline');
    expect(effectivePresenceStatus('offline', ago(0), NOW)).toBe('offline');
  });

  it('knows the three statuses', () => {
    expect(['online', 'away', 'offline'].every(isPresenceStatus)).toBe(true);
    expect(isPresenceStatus('busy')).toBe(false);
  });
});
