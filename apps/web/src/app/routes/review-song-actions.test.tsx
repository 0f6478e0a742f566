import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeClientSession,
  makeDashboard,
  makeMe,
  makeReview,
  makeRevisionRequest,
  makeSong,
  makeSongReviews,
} from '../../test/factories';
import { apiError, json, mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { trackViewerRoutes } from '../../test/track-viewer-routes';

const song = makeSong({ id: 'song-1', title: 'Midnight Drive', artist: 'The Lights' });
const uselessMine = makeReview({
  id: 'review-mine',
  musical_score: 0,
  artist_score: 0,
  overall_score: 0,
  is_useless: true,
});
const othersUseless = makeReview({
  id: 'review-2',
  reviewer_id: 'reviewer-2',
  reviewer_name: 'Grace Hopper',
  musical_score: 0,
  artist_score: 0,
  overall_score: 0,
  is_useless: true,
});
const othersReal = makeReview({
  id: 'review-3',
  reviewer_id: 'reviewer-3',
  reviewer_name: 'Alan Turing',
  musical_score: 8,
  artist_score: 7,
  overall_score: 9,
  comment: 'Keeper',
});

type Routes = Record<string, Response | Response[] | ((r: RecordedRequest) => Response)>;

function serve(routes: Routes, { isAdmin = false } = {}) {
  return mockFetch({
    'GET /api/v1/me': json(200, makeMe({ reviewer: { is_admin: isAdmin } })),
    'GET /api/v1/songs/song-1': json(200, song),
    'GET /api/v1/songs/song-1/reviews': json(200, makeSongReviews({ hidden_count: 2 })),
    // Who else is on the song (track viewers).
    ...trackViewerRoutes('song-1'),
    ...routes,
  });
}

const open = () => renderApp({ route: '/review/song-1', session: makeClientSession() });

// The page chunks are lazy: load their module graph once up front (see review-song-page.test).
beforeAll(async () => {
  await import('./review-song-page');
});

describe('review page: mark as useless', () => {
  it('posts the mark, then shows it (not as 0 scores) with the way to write a real review', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      'GET /api/v1/songs/song-1/reviews': [
        json(200, makeSongReviews({ hidden_count: 2 })),
        json(200, makeSongReviews({ my_review: uselessMine, current: [othersUseless, othersReal] })),
      ],
      'POST /api/v1/songs/song-1/reviews/mine/useless': json(201, uselessMine),
      'GET /api/v1/review-dashboard': json(200, makeDashboard()),
    });
    open();

    await user.click(await screen.findByRole('button', { name: 'Mark as useless' }));

    // The toast, then the review itself: both say so.
    expect(await screen.findByText('Marked as useless', { selector: '[role="status"]' })).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/songs/song-1/reviews/mine/useless')).toHaveLength(1);
    const mine = screen.getByRole('region', { name: 'Your review' });
    expect(await within(mine).findByText('Marked as useless')).toBeTruthy();
    expect(within(mine).queryByLabelText('Musical score')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as useless' })).toBeNull();

    const team = screen.getByRole('list', { name: 'Team reviews' });
    const grace = within(team).getByText('Grace Hopper').closest('li') as HTMLElement;
    expect(within(grace).getByText('Marked as useless')).toBeTruthy();
    expect(within(grace).queryByText(/Musical 0/)).toBeNull();
    // The averages leave both useless marks out: only Alan's scores count.
    expect(screen.getByText('Average of 1 review: Musical 8.0 · Artist 7.0 · Overall 9.0')).toBeTruthy();

    await user.click(within(mine).getByRole('button', { name: 'Write a review instead' }));
    expect((within(mine).getByLabelText('Musical score') as HTMLInputElement).value).toBe('');
    expect(within(mine).getByRole('button', { name: 'Submit Review' })).toBeTruthy();
  });

  it('replaces the mark with a real review through the normal form', async () => {
    const user = userEvent.setup({ delay: null });
    const real = { ...uselessMine, musical_score: 6, artist_score: 5, overall_score: 7, is_useless: false };
    const server = serve({
      'GET /api/v1/songs/song-1/reviews': [
        json(200, makeSongReviews({ my_review: uselessMine })),
        json(200, makeSongReviews({ my_review: real })),
      ],
      'PUT /api/v1/songs/song-1/reviews/mine': json(200, real),
      'GET /api/v1/review-dashboard': json(200, makeDashboard()),
    });
    open();

    await user.click(await screen.findByRole('button', { name: 'Write a review instead' }));
    await user.type(screen.getByLabelText('Musical score'), '6');
    await user.type(screen.getByLabelText('Artist score'), '5');
    await user.type(screen.getByLabelText('Overall score'), '7');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Review submitted')).toBeTruthy();
    expect(server.requestsTo('PUT /api/v1/songs/song-1/reviews/mine')[0]?.body).toEqual({
      musical_score: 6,
      artist_score: 5,
      overall_score: 7,
    });
    expect(await screen.findByRole('button', { name: 'Update Review' })).toBeTruthy();
    expect(screen.queryByText('Marked as useless')).toBeNull();
  });
});

describe('review page: request revision', () => {
  it('creates the link, shows it with copy, expiry and the address it was mailed to', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      'POST /api/v1/songs/song-1/revision-requests': [
        apiError(500, 'internal_error', 'Something went wrong. Please try again.'),
        json(201, makeRevisionRequest({ mailed_to: 'demo@artist.test' })),
      ],
    });
    open();

    await user.click(await screen.findByRole('button', { name: 'Request revision' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a revision' });
    await user.type(within(dialog).getByLabelText('Message to the artist'), 'Shorter intro, please.');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    // A failure stays in the dialog and keeps the message.
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Something went wrong. Please try again.',
    );
    const message = within(dialog).getByLabelText('Message to the artist') as HTMLTextAreaElement;
    expect(message.value).toBe('Shorter intro, please.');

    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const created = await screen.findByRole('dialog', { name: 'Revision link created' });
    const link = within(created).getByLabelText('Upload link') as HTMLInputElement;
    const expected = `${window.location.origin}/artist/upload-revision/token-abc`;
    expect(link.value).toBe(expected);
    expect(link.readOnly).toBe(true);
    expect(within(created).getByText('Emailed to demo@artist.test')).toBeTruthy();
    expect(within(created).getByText(/^Expires /)).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/songs/song-1/revision-requests')[1]?.body).toEqual({
      message: 'Shorter intro, please.',
    });

    await user.click(within(created).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(expected);

    await user.click(within(created).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says to send the link yourself when no submitter email is known', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve({
      'POST /api/v1/songs/song-1/revision-requests': json(201, makeRevisionRequest({ mailed_to: null })),
    });
    open();

    await user.click(await screen.findByRole('button', { name: 'Request revision' }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const created = await screen.findByRole('dialog', { name: 'Revision link created' });
    expect(
      within(created).getByText('No submitter email is known: send this link to the artist yourself.'),
    ).toBeTruthy();
    expect(within(created).queryByText(/^Emailed to/)).toBeNull();
    // No message typed: none is sent.
    expect(server.requestsTo('POST /api/v1/songs/song-1/revision-requests')[0]?.body).toEqual({});
  });
});

describe('review page: sign and pass', () => {
  it('lets an admin sign after confirming, then opens the signed song', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve(
      {
        'POST /api/v1/songs/song-1/sign': json(200, { ...song, status: 'signed' }),
        // The signed song page's own data is not under test here.
        'GET /api/v1/signed-songs/song-1': apiError(404, 'not_found', 'Signed song not found'),
      },
      { isAdmin: true },
    );
    const view = open();

    await user.click(await screen.findByRole('button', { name: 'Sign' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign “Midnight Drive”?' });
    expect(server.requestsTo('POST /api/v1/songs/song-1/sign')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sign song' }));

    expect(await screen.findByText('Song signed')).toBeTruthy();
    await waitFor(() => expect(view.location()).toBe('/signed-songs/song-1'));
    expect(server.requestsTo('POST /api/v1/songs/song-1/sign')).toHaveLength(1);
    // Stop before the next page loads its own data: that page is not under test here.
    view.unmount();
  });

  it('lets an admin pass after confirming, and cancelling sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve(
      {
        'POST /api/v1/songs/song-1/pass': json(200, { ...song, status: 'passed' }),
        'GET /api/v1/review-dashboard': json(200, makeDashboard()),
      },
      { isAdmin: true },
    );
    const view = open();

    await user.click(await screen.findByRole('button', { name: 'Pass' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Pass on “Midnight Drive”?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requestsTo('POST /api/v1/songs/song-1/pass')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Pass' }));
    const dialog = screen.getByRole('dialog', { name: 'Pass on “Midnight Drive”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pass song' }));

    expect(await screen.findByText('Song passed')).toBeTruthy();
    await waitFor(() => expect(view.location()).toBe('/review-dashboard'));
    expect(server.requestsTo('POST /api/v1/songs/song-1/pass')).toHaveLength(1);
    view.unmount();
  });

  it('shows no Sign or Pass to a member who is not an admin', async () => {
    serve({});
    open();
    expect(await screen.findByRole('button', { name: 'Request revision' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pass' })).toBeNull();
  });

  it('shows a decided song’s status and no Sign, Pass or Mark as useless', async () => {
    serve({ 'GET /api/v1/songs/song-1': json(200, { ...song, status: 'signed' }) }, { isAdmin: true });
    open();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Midnight Drive' });
    expect(within(heading.parentElement as HTMLElement).getByText('Signed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as useless' })).toBeNull();
  });
});
