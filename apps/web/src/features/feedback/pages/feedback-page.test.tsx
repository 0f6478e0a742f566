import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeFeedback, makeMe } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const earlier = makeFeedback({ id: 'f-0', kind: 'idea', message: 'Earlier idea', page_url: null });

function setup(routes: Parameters<typeof mockFetch>[0] = {}, route = '/feedback') {
  const server = mockFetch({
    'GET /api/v1/me': json(200, makeMe()),
    'GET /api/v1/feedback': json(200, [earlier]),
    ...routes,
  });
  const user = userEvent.setup({ delay: null });
  const utils = renderApp({ route, session: makeClientSession() });
  return { server, user, ...utils };
}

const messageBox = () => screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement;

// The page chunk is lazy: load its module graph once up front, so the first test measures rendering,
// not Vite transforming the page (slow on a busy 2-core machine).
beforeAll(async () => {
  await import('./feedback-page');
});

// Whole journeys through the app (uploads, navigation): more than the 5 s default on a busy machine.
describe('feedback page', { timeout: 15_000 }, () => {
  it('asks for a description before sending anything', async () => {
    const { server, user } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Report bugs / Send feedback' });
    await user.type(messageBox(), '   ');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please describe the bug or your idea');
    expect(server.requestsTo('POST /api/v1/feedback')).toHaveLength(0);
  });

  it('sends an idea with a screenshot and shows it first in the list', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:screenshot');
    URL.revokeObjectURL = vi.fn();
    const sent = makeFeedback({
      id: 'f-1',
      kind: 'idea',
      message: 'Keyboard shortcuts for scoring',
      screenshot_key: 'org-1/images/x/shot.png',
    });
    const { server, user } = setup({
      'POST /functions/v1/generate-presigned-url': json(200, {
        success: true,
        data: {
          presignedUrl: 'http://localhost/storage/v1/object/org-1/images/x/shot.png?sig=1',
          key: 'org-1/images/x/shot.png',
        },
      }),
      'PUT /storage/v1/object/org-1/images/x/shot.png': json(200, { Key: 'org-1/images/x/shot.png' }),
      'POST /api/v1/feedback': json(201, sent),
      'GET /api/v1/feedback': [json(200, [earlier]), json(200, [sent, earlier])],
      'POST /functions/v1/get-signed-url': json(200, {
        success: true,
        url: 'https://cdn.test/shot.png',
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      }),
    });
    await screen.findByText('Earlier idea');

    await user.click(screen.getByRole('radio', { name: 'Idea' }));
    await user.type(messageBox(), '  Keyboard shortcuts for scoring ');
    await user.upload(
      screen.getByLabelText('Attach a screenshot (PNG, JPEG or WebP)'),
      new File([PNG], 'shot.png', { type: 'image/png' }),
    );
    expect((await screen.findByRole('img', { name: 'Screenshot to send' })).getAttribute('src')).toBe(
      'blob:screenshot',
    );
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));

    expect(await screen.findByText('Thanks! Your feedback was sent.')).toBeTruthy();
    expect(server.requestsTo('POST /functions/v1/generate-presigned-url')[0]?.body).toMatchObject({
      type: 'images',
      filename: 'shot.png',
      contentType: 'image/png',
    });
    expect(server.requestsTo('POST /api/v1/feedback')[0]?.body).toEqual({
      kind: 'idea',
      message: 'Keyboard shortcuts for scoring',
      screenshot_key: 'org-1/images/x/shot.png',
      page_url: `${window.location.origin}/feedback`,
    });
    expect(messageBox().value).toBe('');
    expect(screen.queryByRole('img', { name: 'Screenshot to send' })).toBeNull();

    const list = screen.getByRole('list', { name: 'Feedback you sent' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.querySelector('p')?.textContent),
      ).toEqual(['Keyboard shortcuts for scoring', 'Earlier idea']),
    );
    expect((await within(list).findByRole('img', { name: 'Attached screenshot' })).getAttribute('src')).toBe(
      'https://cdn.test/shot.png',
    );
  });

  it('says why an attached screenshot cannot be shown when its URL is refused', async () => {
    setup({
      'GET /api/v1/feedback': json(200, [
        makeFeedback({ id: 'f-1', message: 'Broken thumb', screenshot_key: 'org-1/images/x/gone.png' }),
      ]),
      'POST /functions/v1/get-signed-url': apiError(404, 'not_found', 'File not found'),
    });
    const list = await screen.findByRole('list', { name: 'Feedback you sent' });
    expect((await within(list).findByRole('alert')).textContent).toBe(
      'Failed to get presigned URL for image or audio: 404',
    );
    expect(within(list).queryByRole('img', { name: 'Attached screenshot' })).toBeNull();
  });

  it('keeps what was typed when sending fails, and refuses a file that is not an image', async () => {
    const { user } = setup({
      'POST /api/v1/feedback': apiError(500, 'internal', 'An unexpected error occurred. Please try again.'),
    });
    await screen.findByText('Earlier idea');
    await user.upload(
      screen.getByLabelText('Attach a screenshot (PNG, JPEG or WebP)'),
      new File(['not an image'], 'notes.png', { type: 'image/png' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The screenshot must be a PNG, JPEG or WebP image',
    );

    await user.type(messageBox(), 'The waveform is blank on Safari');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('An unexpected error occurred. Please try again.')).toBeTruthy();
    expect(messageBox().value).toBe('The waveform is blank on Safari');
  });

  it('records the page the user came from through the sidebar link', async () => {
    const { server, user } = setup({ 'POST /api/v1/feedback': json(201, makeFeedback()) }, '/home');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    await user.click(within(sidebar).getByRole('link', { name: 'Report bugs / Send feedback' }));
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Broken on home');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(server.requestsTo('POST /api/v1/feedback')).toHaveLength(1));
    expect(server.requestsTo('POST /api/v1/feedback')[0]?.body).toMatchObject({
      kind: 'bug',
      page_url: `${window.location.origin}/home`,
    });
  });
});
