import { generateWaveform } from '@music-review/core/waveform';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeMe, makeSong } from '../../../test/factories';
import { FakeXhr } from '../../../test/fake-xhr';
import { apiError, json, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import type { CreateSongBody } from '../api/create-song';

// ---------- Fakes the browser has and jsdom lacks ----------

/** Web Audio and a worker that run the real waveform maths on one second of a sine. */
function installAudioDecoding() {
  class FakeAudioContext {
    async decodeAudioData() {
      const samples = Float32Array.from({ length: 8000 }, (_, i) => Math.sin(i / 10));
      return { numberOfChannels: 1, sampleRate: 8000, duration: 61, getChannelData: () => samples };
    }
    close() {
      return Promise.resolve();
    }
  }
  class FakeWorker {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: (() => void) | null = null;
    postMessage(request: { channels: Float32Array[]; sampleRate: number }) {
      const waveform = generateWaveform(request.channels, request.sampleRate);
      setTimeout(() => this.onmessage?.({ data: { ok: true, waveform } }), 0);
    }
    terminate() {}
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('Worker', FakeWorker);
}

// ---------- Files ----------

const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const chunk = (id: string, data: number[]) => [
  ...ascii(id),
  ...le32(data.length),
  ...data,
  ...(data.length % 2 ? [0] : []),
];

/** A small WAV file, with LIST/INFO tags when given. */
function wavFile(name: string, tags: { title?: string; artist?: string } = {}) {
  const info: number[] = [];
  if (tags.title) info.push(...chunk('INAM', [...ascii(tags.title), 0]));
  if (tags.artist) info.push(...chunk('IART', [...ascii(tags.artist), 0]));
  const body = [
    ...ascii('WAVE'),
    ...chunk('fmt ', [1, 0, 1, 0, ...le32(8000), ...le32(16000), 2, 0, 16, 0]),
    ...(info.length ? chunk('LIST', [...ascii('INFO'), ...info]) : []),
    ...chunk('data', new Array(256).fill(0)),
  ];
  return new File([Uint8Array.from([...ascii('RIFF'), ...le32(body.length), ...body])], name, {
    type: 'audio/wav',
  });
}

// ---------- Server ----------

const me = makeMe();
const PLAN_LIMIT = 'Your plan allows 25 tracks. Upgrade your plan to add more.';

const presign = (request: RecordedRequest) => {
  const { type, id, filename } = request.body as { type: string; id: string; filename: string };
  return json(200, {
    success: true,
    data: {
      presignedUrl: `https://storage.test/put/${type}/${id}/${filename}`,
      key: `org-1/${type}/${id}/${filename}`,
    },
  });
};

const created = (request: RecordedRequest) => {
  const body = request.body as CreateSongBody;
  return json(201, makeSong({ id: body.id, title: body.title, artist: body.artist }));
};

function serve(routes: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
  return mockFetch({
    'GET /api/v1/me': json(200, me),
    'POST /functions/v1/generate-presigned-url': presign,
    'POST /api/v1/songs': created,
    'GET /api/v1/review-dashboard': json(200, {}),
    ...routes,
  });
}

// ---------- Helpers ----------

const ids = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
];

beforeAll(async () => {
  await import('./add-tracks-page');
});

beforeEach(() => {
  FakeXhr.install();
  let n = 0;
  vi.spyOn(crypto, 'randomUUID').mockImplementation(
    () => ids[n++ % ids.length] as `${string}-${string}-${string}-${string}-${string}`,
  );
});

async function open() {
  const user = userEvent.setup({ delay: null });
  const view = renderApp({ route: '/add-tracks', session: makeClientSession() });
  await screen.findByRole('heading', { level: 1, name: 'Add Tracks' });
  const choose = async (...files: File[]) => user.upload(screen.getByLabelText('Audio files'), files);
  return { user, view, choose };
}

const row = (fileName: string) => within(screen.getByRole('region', { name: fileName }));
const findRow = async (fileName: string) => within(await screen.findByRole('region', { name: fileName }));
const inputValue = (element: HTMLElement) => (element as HTMLInputElement).value;

// ---------- Tests ----------

describe('Add Tracks page', () => {
  it('prefills title and artist from "Artist - Title" file names, else the name, and from tags first', async () => {
    serve();
    const { choose } = await open();
    await choose(
      wavFile('The Lights - Midnight Drive.wav'),
      wavFile('rough_mix_v2.wav'),
      wavFile('Someone - Something.wav', { title: 'Tagged Title', artist: 'Tagged Artist' }),
    );

    const first = await findRow('The Lights - Midnight Drive.wav');
    expect(inputValue(first.getByLabelText('Title'))).toBe('Midnight Drive');
    expect(inputValue(first.getByLabelText('Artist'))).toBe('The Lights');
    expect(inputValue(first.getByLabelText('Submitter email'))).toBe('');
    expect(first.getByText(/KB$/)).toBeTruthy();

    expect(inputValue(row('rough_mix_v2.wav').getByLabelText('Title'))).toBe('rough_mix_v2');
    expect(inputValue(row('rough_mix_v2.wav').getByLabelText('Artist'))).toBe('');

    expect(inputValue(row('Someone - Something.wav').getByLabelText('Title'))).toBe('Tagged Title');
    expect(inputValue(row('Someone - Something.wav').getByLabelText('Artist'))).toBe('Tagged Artist');
  });

  it('reads "Add Track" for one file and "Add Tracks" for several', async () => {
    serve();
    const { user, choose } = await open();
    expect(screen.queryByRole('button', { name: /^Add Track/ })).toBeNull();

    await choose(wavFile('one.wav'));
    expect(await screen.findByRole('button', { name: 'Add Track' })).toBeTruthy();

    await choose(wavFile('two.wav'));
    expect(await screen.findByRole('button', { name: 'Add Tracks' })).toBeTruthy();

    await user.click(row('one.wav').getByRole('button', { name: 'Remove one.wav' }));
    expect(screen.getByRole('button', { name: 'Add Track' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'one.wav' })).toBeNull();
  });

  it('shows the field errors next to the fields, keeps the typed text and sends nothing', async () => {
    const server = serve();
    const { user, choose } = await open();
    await choose(wavFile('first.wav'), wavFile('Band - second.wav'));
    const first = await findRow('first.wav');
    const second = row('Band - second.wav');

    await user.clear(first.getByLabelText('Title'));
    await user.type(first.getByLabelText('Submitter email'), 'keep@label.test');
    await user.clear(second.getByLabelText('Artist'));
    await user.type(second.getByLabelText('Submitter email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add Tracks' }));

    expect(first.getByText('Please enter a title')).toBeTruthy();
    expect(first.getByText('Please enter an artist')).toBeTruthy(); // 'first.wav' gives no artist
    expect(second.getByText('Please enter an artist')).toBeTruthy();
    expect(second.getByText('Please enter a valid email address')).toBeTruthy();
    expect(second.queryByText('Please enter a title')).toBeNull();

    expect(inputValue(first.getByLabelText('Submitter email'))).toBe('keep@label.test');
    expect(inputValue(second.getByLabelText('Title'))).toBe('second');
    expect(inputValue(second.getByLabelText('Submitter email'))).toBe('not-an-email');
    expect(document.activeElement).toBe(first.getByLabelText('Title'));
    expect(first.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(server.requestsTo('POST /functions/v1/generate-presigned-url')).toHaveLength(0);
    expect(FakeXhr.sent).toHaveLength(0);

    await user.type(first.getByLabelText('Title'), 'Fixed');
    expect(first.queryByText('Please enter a title')).toBeNull();
  });

  it('uploads the audio with progress and the waveform, posts the song with the presigned keys, and links to it', async () => {
    installAudioDecoding();
    FakeXhr.isManual = true;
    const server = serve();
    const { user, choose, view } = await open();
    view.queryClient.setQueryData(['review', 'dashboard'], {});
    await choose(wavFile('The Lights - Midnight Drive.wav'));
    const track = await findRow('The Lights - Midnight Drive.wav');
    await user.type(track.getByLabelText('Submitter email'), 'demo@artist.test');
    await user.click(screen.getByRole('button', { name: 'Add Track' }));

    // The audio upload reports its progress.
    await waitFor(() => expect(FakeXhr.sent.some((x) => x.url.includes('/audio/'))).toBe(true));
    const audio = FakeXhr.sent.find((x) => x.url.includes('/audio/'))!;
    act(() => audio.progress(0.5));
    const bar = track.getByRole('progressbar', { name: 'Upload of The Lights - Midnight Drive.wav' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');

    // Meanwhile the waveform was generated and goes up as JSON beside it.
    await waitFor(() => expect(FakeXhr.sent.some((x) => x.url.includes('/waveforms/'))).toBe(true));
    const waveform = FakeXhr.sent.find((x) => x.url.includes('/waveforms/'))!;
    act(() => waveform.respond(200));
    act(() => audio.respond(200));

    expect(await track.findByText('Track added')).toBeTruthy();
    const id = ids[0]!;
    expect(audio.method).toBe('PUT');
    expect(audio.url).toBe(`https://storage.test/put/audio/${id}/The Lights - Midnight Drive.wav`);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(waveform.headers['content-type']).toBe('application/json');
    const json = JSON.parse(await waveform.body!.text());
    expect(json).toMatchObject({ version: 1, bits: 8, sample_rate: 8000 });
    expect(json.data.length).toBeGreaterThan(0);

    expect(server.requestsTo('POST /functions/v1/generate-presigned-url').map((r) => r.body)).toEqual(
      expect.arrayContaining([
        {
          orgName: 'Midnight Records',
          type: 'audio',
          id,
          filename: 'The Lights - Midnight Drive.wav',
          contentType: 'audio/wav',
        },
        {
          orgName: 'Midnight Records',
          type: 'waveforms',
          id,
          filename: 'The Lights - Midnight Drive.json',
          contentType: 'application/json',
        },
      ]),
    );
    expect(server.requestsTo('POST /api/v1/songs')[0]?.body).toEqual({
      id,
      title: 'Midnight Drive',
      artist: 'The Lights',
      submission_source: 'demo@artist.test',
      audio_file_key: `org-1/audio/${id}/The Lights - Midnight Drive.wav`,
      waveform_file_key: `org-1/waveforms/${id}/The Lights - Midnight Drive.json`,
    });

    expect(track.getByRole('link', { name: 'Review it' }).getAttribute('href')).toBe(`/review/${id}`);
    expect(track.getByText(/ · 1:01$/)).toBeTruthy(); // size · the decoded duration
    expect(track.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Review Dashboard' }).getAttribute('href')).toBe(
      '/review-dashboard',
    );
    expect(screen.queryByRole('button', { name: /^Add Track/ })).toBeNull();
    // The dashboard refetches; one toast, and the live region says so.
    expect(view.queryClient.getQueryState(['review', 'dashboard'])?.isInvalidated).toBe(true);
    await waitFor(() => expect(screen.getAllByText('Track added')).toHaveLength(3));
  });

  it('adds several, two at a time, without waveforms when the browser cannot decode them', async () => {
    FakeXhr.isManual = true;
    const server = serve();
    const { user, choose } = await open();
    await choose(wavFile('A - One.wav'), wavFile('B - Two.wav'), wavFile('C - Three.wav'));
    await findRow('C - Three.wav');
    await user.click(screen.getByRole('button', { name: 'Add Tracks' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(row('C - Three.wav').getByText('Waiting to upload…')).toBeTruthy();
    act(() => FakeXhr.sent[0]!.respond(200));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    act(() => {
      FakeXhr.sent[1]!.respond(200);
      FakeXhr.sent[2]!.respond(200);
    });

    for (const name of ['A - One.wav', 'B - Two.wav', 'C - Three.wav']) {
      expect(await row(name).findByText('Track added')).toBeTruthy();
      expect(row(name).getByText(/No waveform yet/)).toBeTruthy();
    }
    const bodies = server.requestsTo('POST /api/v1/songs').map((r) => r.body as CreateSongBody);
    expect(bodies.map((b) => b.title).sort()).toEqual(['One', 'Three', 'Two']);
    expect(bodies.every((b) => b.waveform_file_key === undefined)).toBe(true);
    expect(await screen.findByText('Tracks added')).toBeTruthy();
  });

  it('shows a plan limit refusal prominently, stops the rest and keeps the rows', async () => {
    const server = serve({ 'POST /api/v1/songs': apiError(403, 'plan_limit_reached', PLAN_LIMIT) });
    const { user, choose } = await open();
    await choose(wavFile('A - One.wav'), wavFile('B - Two.wav'), wavFile('C - Three.wav'));
    const third = await findRow('C - Three.wav');
    await user.clear(third.getByLabelText('Title'));
    await user.type(third.getByLabelText('Title'), 'Typed title');
    await user.click(screen.getByRole('button', { name: 'Add Tracks' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(PLAN_LIMIT)).toBeTruthy();
    expect(within(alert).getByText('Plan limit reached')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add Tracks' }).hasAttribute('disabled')).toBe(false),
    );

    // The third never started; every row stays with what was typed.
    const audioPresigns = server
      .requestsTo('POST /functions/v1/generate-presigned-url')
      .filter((r) => (r.body as { type: string }).type === 'audio');
    expect(audioPresigns.map((r) => (r.body as { filename: string }).filename)).not.toContain(
      'C - Three.wav',
    );
    expect(inputValue(third.getByLabelText('Title'))).toBe('Typed title');
    expect(inputValue(row('A - One.wav').getByLabelText('Title'))).toBe('One');
    expect(screen.queryByText('Track added')).toBeNull();
  });

  it('shows the server’s message on the row and retries without uploading the audio again', async () => {
    const server = serve({
      'POST /api/v1/songs': [apiError(500, 'internal', 'Something went wrong. Please try again.'), created],
    });
    const { user, choose } = await open();
    await choose(wavFile('Band - Song.wav'));
    await findRow('Band - Song.wav');
    await user.click(screen.getByRole('button', { name: 'Add Track' }));

    expect(await row('Band - Song.wav').findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(inputValue(row('Band - Song.wav').getByLabelText('Title'))).toBe('Song');
    await user.click(screen.getByRole('button', { name: 'Add Track' }));
    expect(await row('Band - Song.wav').findByText('Track added')).toBeTruthy();
    expect(FakeXhr.sent.filter((x) => x.url.includes('/audio/'))).toHaveLength(1);
    expect(server.requestsTo('POST /api/v1/songs')).toHaveLength(2);
  });

  it('refuses files that are not audio or too large, naming them', async () => {
    serve();
    await open();
    const pdf = new File(['%PDF-1.7'], 'notes.pdf', { type: 'application/pdf' });
    const fake = new File(['<!doctype html><html></html>'], 'fake.mp3', { type: 'audio/mpeg' });
    const huge = wavFile('huge.wav');
    Object.defineProperty(huge, 'size', { value: 301 * 1024 * 1024 });
    const zone = screen.getByRole('region', { name: 'Drag and drop audio files here' });
    fireEvent.drop(zone, {
      dataTransfer: { files: [pdf, fake, huge, wavFile('fine.wav')], types: ['Files'] },
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('notes.pdf is not a supported audio file');
    expect(alert.textContent).toContain('fake.mp3 is not a supported audio file');
    expect(alert.textContent).toContain('huge.wav is larger than 300 MB.');
    expect(await screen.findByRole('region', { name: 'fine.wav' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'notes.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Track' })).toBeTruthy();
  });
});
