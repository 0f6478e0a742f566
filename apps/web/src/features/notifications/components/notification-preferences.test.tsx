import { NOTIFICATION_TYPE_LABELS, NOTIFICATION_TYPES } from '@music-review/core/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { NotificationPreferences } from './notification-preferences';

const preferences = (emailed: string[] = []) => ({
  preferences: NOTIFICATION_TYPES.map((type) => ({
    type,
    label: NOTIFICATION_TYPE_LABELS[type],
    email: emailed.includes(type),
  })),
});

const switchOf = (label: string) =>
  within(screen.getByRole('group', { name: label })).getByRole('switch', { name: 'Email me' });

describe('NotificationPreferences', () => {
  it('lists every type with an "Email me" switch showing the stored choice', async () => {
    mockFetch({ 'GET /api/v1/notification-preferences': json(200, preferences(['review_request'])) });
    renderWithProviders(<NotificationPreferences />);
    expect(await screen.findByRole('group', { name: 'Review requests' })).toBeTruthy();
    expect(screen.getAllByRole('switch', { name: 'Email me' })).toHaveLength(NOTIFICATION_TYPES.length);
    expect(switchOf('Review requests').getAttribute('aria-checked')).toBe('true');
    expect(switchOf('New tracks added').getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('group', { name: 'Campaign task due today' })).toBeTruthy();
  });

  it('is a list of one item per type, each item holding its named group (a list holds only items)', async () => {
    mockFetch({ 'GET /api/v1/notification-preferences': json(200, preferences()) });
    renderWithProviders(<NotificationPreferences />);
    await screen.findByRole('group', { name: 'Review requests' });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(NOTIFICATION_TYPES.length);
    expect(
      within(items[0]!).getByRole('group', { name: NOTIFICATION_TYPE_LABELS[NOTIFICATION_TYPES[0]] }),
    ).toBeTruthy();
  });

  it('saves a switch and shows the answer', async () => {
    const server = mockFetch({
      'GET /api/v1/notification-preferences': json(200, preferences()),
      'PUT /api/v1/notification-preferences': json(200, preferences(['track_added'])),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<NotificationPreferences />);
    await screen.findByRole('group', { name: 'New tracks added' });
    await user.click(switchOf('New tracks added'));
    await waitFor(() => expect(switchOf('New tracks added').getAttribute('aria-checked')).toBe('true'));
    expect(server.requestsTo('PUT /api/v1/notification-preferences')[0]?.body).toEqual({
      preferences: [{ type: 'track_added', email: true }],
    });
  });

  it('keeps the choice as it was and says why when saving fails', async () => {
    mockFetch({
      'GET /api/v1/notification-preferences': json(200, preferences()),
      'PUT /api/v1/notification-preferences': apiError(
        500,
        'internal',
        'An unexpected error occurred. Please try again.',
      ),
    });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<NotificationPreferences />);
    await screen.findByRole('group', { name: 'Review requests' });
    await user.click(switchOf('Review requests'));
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeTruthy();
    expect(switchOf('Review requests').getAttribute('aria-checked')).toBe('false');
  });
});
