import type { PressPhotoFileDto, PublicQuestionnaireDto } from '@music-review/core/marketing';
import { EMPTY_QUESTIONNAIRE } from '@music-review/core/marketing';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../../test/fake-xhr';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const TOKEN = 'mk-tok';
const base = `/api/v1/public/marketing-forms/${TOKEN}`;
const studio: PressPhotoFileDto = {
  key: 'org-1/assets/form-1/press-aa11-studio.png',
  filename: 'studio.png',
  size_bytes: 2048,
  content_type: 'image/png',
  url: '/storage/v1/object/studio?sig=1',
};
const questionnaire = (files: PressPhotoFileDto[] = []): PublicQuestionnaireDto => ({
  label_name: 'Northern Lights Records',
  song_title: 'Paper Moons',
  artist: 'Ivy Lane',
  status: 'draft',
  data: EMPTY_QUESTIONNAIRE,
  press_photo_files: files,
  updated_at: '2026-05-01T10:00:00.000Z',
  expires_at: '2026-06-01T10:00:00.000Z',
});
const open = () => renderApp({ route: `/marketing/${TOKEN}`, session: null });
const fileInput = () => screen.getByLabelText('Press photo files') as HTMLInputElement;
const image = (name: string, type: string) => new File([new Uint8Array(1000)], name, { type });

beforeAll(async () => {
  await import('./marketing-form-page');
});
beforeEach(() => FakeXhr.install({ isManual: true }));

describe('marketing questionnaire: uploaded press photos', () => {
  it('uploads several photos, each with its own progress, refuses a GIF, shows thumbnails and removes one after asking', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const server = mockFetch({
      [`GET ${base}`]: json(200, questionnaire([studio])),
      [`POST ${base}/photos/upload-url`]: (request) => {
        const body = request.body as { filename: string; content_type: string };
        return json(200, {
          key: `org-1/assets/form-1/press-bb22-${body.filename}`,
          upload_url: `/storage/v1/object/put-${body.filename}`,
          content_type: body.content_type,
        });
      },
      [`POST ${base}/photos/confirm`]: (request) => {
        const { key } = request.body as { key: string };
        const filename = key.split('/').pop()!.replace('press-bb22-', '');
        return json(201, {
          key,
          filename,
          size_bytes: 1000,
          content_type: 'image/jpeg',
          url: `/storage/v1/object/get-${filename}`,
        });
      },
      [`DELETE ${base}/photos`]: json(204, null),
    });
    open();

    // What was uploaded before shows as a thumbnail.
    const uploaded = await screen.findByRole('list', { name: 'Uploaded photos' });
    expect(within(uploaded).getByRole('img', { name: 'studio.png' }).getAttribute('src')).toBe(studio.url);
    expect(fileInput().accept).toContain('image/webp');
    expect(fileInput().multiple).toBe(true);

    await user.upload(fileInput(), [
      image('live.jpg', 'image/jpeg'),
      image('portrait.webp', 'image/webp'),
      image('anim.gif', 'image/gif'),
    ]);
    // The GIF never leaves the browser; the two photos upload side by side.
    expect((await screen.findByText('anim.gif was not uploaded.')).parentElement?.textContent).toContain(
      'Press photos must be JPEG, PNG or WebP images.',
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const [live, portrait] = FakeXhr.sent as [FakeXhr, FakeXhr];
    expect(live.url).toBe('/storage/v1/object/put-live.jpg');
    expect(live.headers['content-type']).toBe('image/jpeg');
    expect(portrait.headers['content-type']).toBe('image/webp');
    expect(server.requestsTo(`POST ${base}/photos/upload-url`)[0]?.body).toEqual({
      filename: 'live.jpg',
      content_type: 'image/jpeg',
      size_bytes: 1000,
    });
    live.progress(0.4);
    portrait.progress(0.75);
    // Each bar shows its own upload's progress once React has rendered the events (the bars may
    // already be there at 0: wait for the values, not only for the bars).
    await waitFor(() => {
      expect(
        screen.getByRole('progressbar', { name: 'Uploading live.jpg' }).getAttribute('aria-valuenow'),
      ).toBe('40');
      expect(
        screen.getByRole('progressbar', { name: 'Uploading portrait.webp' }).getAttribute('aria-valuenow'),
      ).toBe('75');
    });

    // Submitting waits for the uploads.
    await user.click(screen.getByRole('button', { name: 'Submit questionnaire' }));
    expect(await screen.findByText('Wait for the photo uploads to finish, then submit.')).toBeTruthy();
    expect(server.requestsTo(`POST ${base}/submit`)).toHaveLength(0);

    live.respond(200);
    portrait.respond(200);
    await waitFor(() =>
      expect(
        within(uploaded)
          .getAllByRole('img')
          .map((img) => img.getAttribute('alt')),
      ).toEqual(['studio.png', 'live.jpg', 'portrait.webp']),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(server.requestsTo(`POST ${base}/photos/confirm`).map((r) => r.body)).toEqual([
      { key: 'org-1/assets/form-1/press-bb22-live.jpg' },
      { key: 'org-1/assets/form-1/press-bb22-portrait.webp' },
    ]);

    // Removing asks once more; Keep leaves it, Remove deletes it.
    await user.click(screen.getByRole('button', { name: 'Remove studio.png' }));
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(server.requestsTo(`DELETE ${base}/photos`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove studio.png' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(uploaded).queryByRole('img', { name: 'studio.png' })).toBeNull());
    expect(server.requestsTo(`DELETE ${base}/photos`)[0]?.path).toBe(
      `${base}/photos?key=${encodeURIComponent(studio.key)}`,
    );
  });

  it("shows the server's refusal of a file, and the dead-link page when the link was used meanwhile", async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      [`GET ${base}`]: json(200, questionnaire()),
      [`POST ${base}/photos/upload-url`]: [
        json(200, { key: 'k1', upload_url: '/storage/v1/object/put-1', content_type: 'image/png' }),
        apiError(410, 'link_used', PUBLIC_LINK_MESSAGES.used),
      ],
      [`POST ${base}/photos/confirm`]: apiError(
        415,
        'unsupported_media_type',
        'The file is not a supported image (PNG, JPEG or WebP).',
      ),
    });
    open();

    await user.upload(await waitFor(fileInput), image('fake.png', 'image/png'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(200);
    const refusal = await screen.findByText('fake.png was not uploaded.');
    expect(refusal.parentElement?.textContent).toContain(
      'The file is not a supported image (PNG, JPEG or WebP).',
    );
    expect(screen.queryByRole('list', { name: 'Uploaded photos' })).toBeNull();

    await user.upload(fileInput(), image('late.png', 'image/png'));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link can’t be used' })).toBeTruthy();
    expect(screen.getByText(PUBLIC_LINK_MESSAGES.used)).toBeTruthy();
  });
});
