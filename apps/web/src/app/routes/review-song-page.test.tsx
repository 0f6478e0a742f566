import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession, makeMe, makeReview, makeSong, makeSongReviews } from '../../test/factories';
import { apiError, json, mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { trackViewerRoutes } from '../../test/track-viewer-routes';

const me = makeMe();
const song = makeSong({
  id: 'song-1',
  title: 'Midnight Drive',
  artist: 'The Lights',
  current_version_number: 2,
});
const mine = makeReview({
  id: 'review-mine',
  musical_score: 7,
  artist_score: 6,
  overall_score: 8,
  comment: 'Great hook',
});
const others = [
  makeReview({
    id: 'review-2',
    reviewer_id: 'reviewer-2',
    reviewer_name: 'Grace Hopper',
    comment: 'Strong chorus',
    song_version_number: 2,
  }),
];
const earlier = [
  makeReview({
    id: 'review-old',
    reviewer_id: 'reviewer-3',
    reviewer_name: 'Alan Turing',
    comment: 'Too long',
    song_version_number: 1,
  }),
];

function serve(routes: Record<string, Response | Response[] | ((r: RecordedRequest) => Response)>) {
  return mockFetch({
    'GET /api/v1/me': json(200, me),
    // Who else is on the song (track viewers).
    ...trackViewerRoutes('song-1'),
    ...routes,
  });
}

const open = () => renderApp({ route: '/review/song-1', session: makeClientSession() });

// The page chunks are lazy: load their module graph once up front, so the first test's 1 s wait
// measures rendering, not Vite transforming the player and its dependencies.
beforeAll(async () => {
  await import('./review-song-page');
});

describe('review page', () => {
  it('hides the artist and the others’ reviews until the user submits, then shows them', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      'GET /api/v1/songs/song-1': json(200, { ...song, artist: null }),
      'GET /api/v1/songs/song-1/reviews': [
        json(200, makeSongReviews({ current_version_number: 2, hidden_count: 2, earlier })),
        json(200, makeSongReviews({ current_version_number: 2, my_review: mine, current: others, earlier })),
      ],
      'PUT /api/v1/songs/song-1/reviews/mine': json(201, mine),
      'GET /api/v1/review-dashboard': json(200, {}),
    });
    open();

    expect(await screen.findByRole('heading', { level: 1, name: 'Midnight Drive' })).toBeTruthy();
    expect(screen.getByText('Revision v2')).toBeTruthy();
    expect(screen.queryByText('The Lights')).toBeNull();
    expect(screen.getByText('2 reviews hidden until you submit yours')).toBeTruthy();
    expect(screen.queryByText('Strong chorus')).toBeNull();
    const earlierList = screen.getByRole('list', { name: 'Earlier versions' });
    expect(within(earlierList).getByText('Too long')).toBeTruthy();

    await user.type(screen.getByLabelText('Musical score'), '7');
    await user.type(screen.getByLabelText('Artist score'), '6');
    await user.type(screen.getByLabelText('Overall score'), '8');
    await user.type(screen.getByLabelText('Comment'), 'Great hook');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Review submitted')).toBeTruthy();
    expect(server.requestsTo('PUT /api/v1/songs/song-1/reviews/mine')[0]?.body).toEqual({
      musical_score: 7,
      artist_score: 6,
      overall_score: 8,
      comment: 'Great hook',
    });
    const team = await screen.findByRole('list', { name: 'Team reviews' });
    expect(within(team).getByText('Strong chorus')).toBeTruthy();
    expect(screen.queryByText(/hidden until you submit yours/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Update Review' })).toBeTruthy();
  });

  it('requires all three scores from 1 to 10', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      'GET /api/v1/songs/song-1': json(200, song),
      'GET /api/v1/songs/song-1/reviews': json(200, makeSongReviews()),
    });
    open();
    await user.type(await screen.findByLabelText('Musical score'), '7');
    await user.type(screen.getByLabelText('Artist score'), '11');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give all three scores from 1 to 10');
    expect(server.requestsTo('PUT /api/v1/songs/song-1/reviews/mine')).toHaveLength(0);
    expect((screen.getByLabelText('Musical score') as HTMLInputElement).value).toBe('7');
  });

  it('keeps the typed values and shows the server message on failure', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/v1/songs/song-1': json(200, song),
      'GET /api/v1/songs/song-1/reviews': json(200, makeSongReviews()),
      'PUT /api/v1/songs/song-1/reviews/mine': apiError(409, 'conflict', 'The song has a newer version'),
    });
    open();
    await user.type(await screen.findByLabelText('Musical score'), '5');
    await user.type(screen.getByLabelText('Artist score'), '5');
    await user.type(screen.getByLabelText('Overall score'), '5');
    await user.type(screen.getByLabelText('Comment'), 'Keep me');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The song has a newer version');
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('Keep me');
    expect((screen.getByLabelText('Overall score') as HTMLInputElement).value).toBe('5');
  });

  it('prefills an existing review, shows the artist, and updates it', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      'GET /api/v1/songs/song-1': json(200, { ...song, reviewed_by_me: true }),
      'GET /api/v1/songs/song-1/reviews': json(200, makeSongReviews({ my_review: mine, current: others })),
      'PUT /api/v1/songs/song-1/reviews/mine': json(200, { ...mine, overall_score: 9 }),
      'GET /api/v1/review-dashboard': json(200, {}),
    });
    open();
    expect(await screen.findByText('The Lights')).toBeTruthy();
    const overall = screen.getByLabelText('Overall score') as HTMLInputElement;
    expect(overall.value).toBe('8');
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('Great hook');
    await user.clear(overall);
    await user.type(overall, '9');
    await user.click(screen.getByRole('button', { name: 'Update Review' }));
    expect(await screen.findByText('Review updated')).toBeTruthy();
    await waitFor(() =>
      expect(server.requestsTo('PUT /api/v1/songs/song-1/reviews/mine')[0]?.body).toMatchObject({
        overall_score: 9,
      }),
    );
  });

  it('says it is on the song, shows who else is, and has the song’s chat folded below', async () => {
    const server = serve({
      'GET /api/v1/songs/song-1': json(200, song),
      'GET /api/v1/songs/song-1/reviews': json(200, makeSongReviews()),
      'GET /api/v1/songs/song-1/viewers': json(200, [
        {
          reviewer_id: 'reviewer-1',
          name: 'Ada Lovelace',
          avatar_url: null,
          avatar_key: null,
          page: 'review',
          last_activity: '2025-03-14T12:00:00.000Z',
        },
        {
          reviewer_id: 'reviewer-2',
          name: 'Grace Hopper',
          avatar_url: null,
          avatar_key: null,
          page: 'review',
          last_activity: '2025-03-14T12:00:00.000Z',
        },
      ]),
    });
    const view = open();
    const viewers = await screen.findByRole('list', { name: 'Also viewing' });
    // Everyone but the member.
    expect(
      within(viewers)
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label')),
    ).toEqual(['Grace Hopper (Review)']);
    expect(server.requestsTo('PUT /api/v1/songs/song-1/viewers')[0]?.body).toEqual({ page: 'review' });
    // jsdom's 1024 px leave no room beside the review: the chat waits folded below it.
    expect(screen.getByRole('button', { name: 'Song chat' }).getAttribute('aria-expanded')).toBe('false');

    view.unmount();
    expect(server.requestsTo('DELETE /api/v1/songs/song-1/viewers')).toHaveLength(1);
  });

  it('shows Song not found for a missing song or one of another label', async () => {
    serve({
      'GET /api/v1/songs/song-1': apiError(404, 'not_found', 'Song not found'),
      'GET /api/v1/songs/song-1/reviews': apiError(404, 'not_found', 'Song not found'),
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Song not found' })).toBeTruthy();
  });
});
