import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession, makeDashboard, makeMe, makeReviewCard } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const me = makeMe();

function serve(dashboard: Response) {
  return mockFetch({
    'GET /api/v1/me': json(200, me),
    'GET /api/v1/review-dashboard': dashboard,
  });
}

const pendingCard = makeReviewCard({
  id: 'song-1',
  title: 'Midnight Drive',
  // The server sends no artist before a review; a leak here must still not show on a pending card.
  artist: 'Secret Artist',
  deadline_badge: '3 days left',
  current_version_number: 2,
  review_count: 1,
});
const reviewedCard = makeReviewCard({
  id: 'song-2',
  title: 'Neon Rain',
  artist: 'The Lights',
  reviewed_by_me: true,
  review_count: 3,
  averages: { musical: 7.5, artist: 7, overall: 8 },
  has_sixty_percent_reviews: true,
  deadline_badge: '2 days left',
});

const card = (title: string) => screen.getByRole('article', { name: title });

// The page chunks are lazy: load their module graph once up front, so the first test's 1 s wait
// measures rendering, not Vite transforming the player and its dependencies.
beforeAll(async () => {
  await import('./review-dashboard-page');
});

describe('Review Dashboard', () => {
  it('opens on Pending Reviews with its count, and shows a pending card', async () => {
    serve(json(200, makeDashboard({ pending: [pendingCard], reviewed: [reviewedCard], pending_count: 1 })));
    renderApp({ route: '/review-dashboard', session: makeClientSession() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Review Dashboard' })).toBeTruthy();
    expect(screen.getByText('Manage and track song reviews for your organization')).toBeTruthy();
    const tabs = within(screen.getByRole('tablist'));
    const pendingTab = await tabs.findByRole('tab', { name: /^Pending Reviews\s*1$/ });
    expect(pendingTab.getAttribute('aria-selected')).toBe('true');
    expect(tabs.getByRole('tab', { name: 'My Reviews' }).getAttribute('aria-selected')).toBe('false');

    const pending = within(card('Midnight Drive'));
    // The card's title is the heading right under the page's (no level skipped).
    expect(pending.getByRole('heading', { level: 2, name: 'Midnight Drive' })).toBeTruthy();
    expect(pending.getByText('Revision v2')).toBeTruthy();
    expect(pending.getByText('3 days left')).toBeTruthy();
    expect(pending.getByText('1 review')).toBeTruthy();
    expect(pending.queryByText('Reviewed')).toBeNull();
    expect(pending.queryByText('Secret Artist')).toBeNull();
    expect(pending.queryByText(/^Musical/)).toBeNull();
    const link = pending.getByRole('link', { name: 'Review This Song' });
    expect(link.getAttribute('href')).toBe('/review/song-1');
    expect(pending.getByRole('slider', { name: 'Seek Midnight Drive' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Neon Rain' })).toBeNull();
  });

  it('shows reviewed songs under My Reviews with artist, averages and markers', async () => {
    const user = userEvent.setup({ delay: null });
    serve(json(200, makeDashboard({ pending: [], reviewed: [reviewedCard], pending_count: 0 })));
    renderApp({ route: '/review-dashboard', session: makeClientSession() });

    await user.click(await screen.findByRole('tab', { name: 'My Reviews' }));
    const reviewed = within(card('Neon Rain'));
    expect(reviewed.getByText('The Lights')).toBeTruthy();
    expect(reviewed.getByText('Reviewed')).toBeTruthy();
    expect(reviewed.getByText('Ready for decision')).toBeTruthy();
    expect(reviewed.getByText('3 reviews')).toBeTruthy();
    expect(reviewed.getByText('Musical 7.5 · Artist 7.0 · Overall 8.0')).toBeTruthy();
    expect(reviewed.queryByText('2 days left')).toBeNull();
    expect(reviewed.queryByRole('link', { name: 'Review This Song' })).toBeNull();
  });

  it('pages My Reviews with Show more while the server says there are more, following its cursor', async () => {
    const user = userEvent.setup({ delay: null });
    const reviewedN = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) =>
        makeReviewCard({
          id: `r-${from + i}`,
          title: `Reviewed ${from + i}`,
          artist: 'A',
          reviewed_by_me: true,
        }),
      );
    const server = mockFetch({
      'GET /api/v1/me': json(200, me),
      'GET /api/v1/review-dashboard': json(
        200,
        makeDashboard({ reviewed: reviewedN(0, 5), reviewed_has_more: true, reviewed_next_cursor: 'c-5' }),
      ),
      'GET /api/v1/review-dashboard/reviewed?cursor=c-5': json(200, {
        reviewed: reviewedN(5, 10),
        has_more: true,
        next_cursor: 'c-10',
      }),
      'GET /api/v1/review-dashboard/reviewed?cursor=c-10': json(200, {
        reviewed: reviewedN(10, 12),
        has_more: false,
        next_cursor: null,
      }),
    });
    renderApp({ route: '/review-dashboard', session: makeClientSession() });

    await user.click(await screen.findByRole('tab', { name: 'My Reviews' }));
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(screen.getByText('Showing your 5 latest reviews.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Reviewed 9' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Reviewed 11' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    // The end of the list: no more button, and each page was asked for once.
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.getByText('All 12 of your reviews are shown.')).toBeTruthy();
    expect(server.requestsTo('GET /api/v1/review-dashboard/reviewed?cursor=c-5')).toHaveLength(1);
    expect(server.requestsTo('GET /api/v1/review-dashboard/reviewed?cursor=c-10')).toHaveLength(1);
  }, 15_000);

  it('says so when the next page of My Reviews fails, and lets the reader try again', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      'GET /api/v1/me': json(200, me),
      'GET /api/v1/review-dashboard': json(
        200,
        makeDashboard({ reviewed: [reviewedCard], reviewed_has_more: true, reviewed_next_cursor: 'c-1' }),
      ),
      'GET /api/v1/review-dashboard/reviewed?cursor=c-1': [
        apiError(500, 'internal', 'The server had a problem'),
        json(200, {
          reviewed: [{ ...reviewedCard, id: 'song-9', title: 'Later' }],
          has_more: false,
          next_cursor: null,
        }),
      ],
    });
    renderApp({ route: '/review-dashboard', session: makeClientSession() });
    await user.click(await screen.findByRole('tab', { name: 'My Reviews' }));
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The server had a problem');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('article', { name: 'Later' })).toBeTruthy();
  });

  it('marks a pending song as useless from its card, which then moves to My Reviews', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      'GET /api/v1/me': json(200, me),
      'GET /api/v1/review-dashboard': [
        json(200, makeDashboard({ pending: [pendingCard], pending_count: 1 })),
        json(200, makeDashboard({ reviewed: [{ ...pendingCard, reviewed_by_me: true }], pending_count: 0 })),
      ],
      'POST /api/v1/songs/song-1/reviews/mine/useless': json(201, {}),
    });
    renderApp({ route: '/review-dashboard', session: makeClientSession() });

    await user.click(
      await within(await screen.findByRole('article', { name: 'Midnight Drive' })).findByRole('button', {
        name: 'Mark as useless',
      }),
    );

    expect(await screen.findByText('Marked as useless')).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/songs/song-1/reviews/mine/useless')).toHaveLength(1);
    expect(await screen.findByText('No pending songs to review')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'My Reviews' }));
    expect(within(card('Midnight Drive')).queryByRole('button', { name: 'Mark as useless' })).toBeNull();
  });

  it('shows the empty states with the spec texts', async () => {
    const user = userEvent.setup({ delay: null });
    serve(json(200, makeDashboard()));
    renderApp({ route: '/review-dashboard', session: makeClientSession() });

    expect(await screen.findByText('No pending songs to review')).toBeTruthy();
    expect(screen.getByText('All caught up! Check back later for new submissions.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'My Reviews' }));
    expect(screen.getByText('No songs reviewed yet')).toBeTruthy();
    expect(screen.getByText('Start reviewing songs to see them appear here.')).toBeTruthy();
  });

  it('shows the load error in a red box', async () => {
    serve(apiError(403, 'forbidden', 'You are not a member of this label'));
    renderApp({ route: '/review-dashboard', session: makeClientSession() });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You are not a member of this label');
  });

  it("falls back to 'Failed to load songs' when the error has no message", async () => {
    serve(apiError(404, 'not_found', ''));
    renderApp({ route: '/review-dashboard', session: makeClientSession() });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load songs');
  });
});
