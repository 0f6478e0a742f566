import { describe, expect, it } from 'vitest';
import {
  isNotificationType,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  notificationTarget,
} from './notifications.ts';

describe('notificationTarget (spec section 4)', () => {
  it('sends a review request to the song’s review page', () => {
    expect(notificationTarget('review_request', 'song-1')).toEqual({ path: '/review/song-1' });
  });

  it('sends a new track to the overview', () => {
    expect(notificationTarget('track_added', 'song-1')).toEqual({ path: '/overview' });
    expect(notificationTarget('track_added', null)).toEqual({ path: '/overview' });
  });

  it('sends a confirmed metadata form to the song in Signed Songs, then to the metadata page', () => {
    expect(notificationTarget('metadata_form_confirmed', 'song-1')).toEqual({
      path: '/signed-songs?songId=song-1',
      nextPath: '/signed-songs/metadata',
    });
  });

  it.each([
    'campaign_task_assigned',
    'campaign_task_deadline_3days',
    'campaign_task_deadline_1day',
    'campaign_task_deadline_today',
  ])('sends %s to the song’s marketing tab', (type) => {
    expect(notificationTarget(type, 'song-1')).toEqual({ path: '/signed-songs/song-1/marketing' });
  });

  it('opens the messages panel on a mention’s conversation', () => {
    expect(notificationTarget('mention', null, 'conv-1')).toEqual({ path: '/?chat=conv-1' });
    expect(notificationTarget('mention', 'song-1', 'a/b')).toEqual({ path: '/?chat=a%2Fb' });
    expect(notificationTarget('mention', 'song-1')).toBeNull();
  });

  it('escapes the song id and has no target for an unknown type or a missing song', () => {
    expect(notificationTarget('review_request', 'a/b')).toEqual({ path: '/review/a%2Fb' });
    expect(notificationTarget('review_request', null)).toBeNull();
    expect(notificationTarget('something_else', 'song-1')).toBeNull();
  });
});

describe('notification types', () => {
  it('has a label for every type and recognises only those', () => {
    for (const type of NOTIFICATION_TYPES) {
      expect(NOTIFICATION_TYPE_LABELS[type]).toBeTruthy();
      expect(isNotificationType(type)).toBe(true);
    }
    expect(isNotificationType('toString')).toBe(false);
  });
});
