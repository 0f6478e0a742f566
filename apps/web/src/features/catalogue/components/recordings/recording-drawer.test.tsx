import { CATALOGUE_FILE_TEXTS, CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import type { RecordingDto } from '@music-review/core/contracts/catalogue';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../../test/factories';
import { FakeXhr } from '../../../../test/fake-xhr';
import { apiError, json } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render';
import { makePayeeRow, makeRecording, makeRecordingRow, rows, uuid } from '../../test/catalogue-fixtures';
import { giveGridAHeight, serveCatalogue } from '../../test/catalogue-test-helpers';

type Audio = NonNullable<NonNullable<RecordingDto['master_file']>['audio']>;

const ID = uuid(1);
const RECORDING = `/api/v1/catalogue/recordings/${ID}`;
const recording = makeRecording({ id: ID, title: 'Golden Hour', genre: 'Pop', row_version: 3 });

function serve(routes: Parameters<typeof serveCatalogue>[0] = {}) {
  return serveCatalogue({
    'GET /api/v1/catalogue/recordings': rows([makeRecordingRow({ id: ID })]),
    [`GET ${RECORDING}`]: json(200, recording),
    ...routes,
  });
}

const openDrawer = async () => {
  const view = renderApp({ route: `/catalogue?recording=${ID}`, session: makeClientSession() });
  const drawer = await screen.findByRole('dialog', { name: 'Golden Hour' });
  await within(drawer).findByRole('textbox', { name: 'Title' });
  return { ...view, drawer: within(drawer) };
};

beforeAll(async () => {
  await import('../../pages/catalogue-page');
});
beforeEach(() => giveGridAHeight());

describe('Recording drawer', () => {
  it('shows every field, checks a code as it is typed, and saves only the changes with the version read', async () => {
    const user = userEvent.setup({ delay: null });
    const saved = makeRecording({ ...recording, genre: 'Jazz', isrc: 'GBABC2500009', row_version: 4 });
    const server = serve({ [`PATCH ${RECORDING}`]: json(200, saved) });
    const { drawer } = await openDrawer();

    expect((drawer.getByRole('textbox', { name: 'Display artist' }) as HTMLInputElement).value).toBe('Sunny');
    expect((drawer.getByRole('textbox', { name: 'Duration' }) as HTMLInputElement).value).toBe('3:25');
    expect((drawer.getByRole('textbox', { name: 'P-line owner' }) as HTMLInputElement).value).toBe(
      'Midnight Records',
    );
    expect(drawer.getByRole('link', { name: 'Sunny: person page' }).getAttribute('href')).toBe(
      `/artists-writers/${uuid(501)}`,
    );
    expect((drawer.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    const isrc = drawer.getByRole('textbox', { name: 'ISRC' });
    await user.clear(isrc);
    await user.type(isrc, 'GB-ABC-25');
    expect(await drawer.findByText(MUSIC_CODE_MESSAGES.isrcLength)).toBeTruthy();
    expect(isrc.getAttribute('aria-invalid')).toBe('true');
    await user.click(drawer.getByRole('button', { name: 'Save' }));
    expect(server.requestsTo(`PATCH ${RECORDING}`)).toHaveLength(0);

    await user.type(isrc, '-00009');
    await waitFor(() => expect(drawer.queryByText(MUSIC_CODE_MESSAGES.isrcLength)).toBeNull());
    const genre = drawer.getByRole('textbox', { name: 'Genre' });
    await user.clear(genre);
    await user.type(genre, 'Jazz');
    await user.click(drawer.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(server.requestsTo(`PATCH ${RECORDING}`)).toHaveLength(1));
    expect(server.requestsTo(`PATCH ${RECORDING}`)[0]!.body).toEqual({
      isrc: 'GBABC2500009',
      genre: 'Jazz',
      row_version: 3,
    });
    expect(await screen.findByText('Recording saved')).toBeTruthy();
    await waitFor(() =>
      expect((drawer.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true),
    );
  }, 15_000);

  it('shows the server’s message beside the field it names (an ISRC another recording uses)', async () => {
    const user = userEvent.setup({ delay: null });
    const taken = CATALOGUE_MESSAGES.isrcTaken('Neon Rain');
    serve({ [`PATCH ${RECORDING}`]: apiError(409, 'conflict', taken, {}, { isrc: taken }) });
    const { drawer } = await openDrawer();
    const isrc = drawer.getByRole('textbox', { name: 'ISRC' });
    await user.clear(isrc);
    await user.type(isrc, 'GBABC2500007');
    await user.click(drawer.getByRole('button', { name: 'Save' }));
    const message = await drawer.findByText(taken);
    expect(isrc.getAttribute('aria-describedby')).toBe(message.id);
    expect(drawer.queryByText(CATALOGUE_MESSAGES.changedSinceRead)).toBeNull();
  });

  it('on a 409 says the record changed, and Reload takes the new version keeping what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const theirs = makeRecording({ ...recording, p_line_owner: 'Their Owner', row_version: 5 });
    const mine = makeRecording({ ...theirs, genre: 'Jazz', row_version: 6 });
    const server = serve({
      [`GET ${RECORDING}`]: [json(200, recording), json(200, theirs)],
      [`PATCH ${RECORDING}`]: [
        apiError(409, 'conflict', CATALOGUE_MESSAGES.changedSinceRead),
        json(200, mine),
      ],
    });
    const { drawer } = await openDrawer();
    const genre = drawer.getByRole('textbox', { name: 'Genre' });
    await user.clear(genre);
    await user.type(genre, 'Jazz');
    await user.click(drawer.getByRole('button', { name: 'Save' }));

    expect(await drawer.findByText(CATALOGUE_MESSAGES.changedSinceRead)).toBeTruthy();
    expect((drawer.getByRole('textbox', { name: 'Genre' }) as HTMLInputElement).value).toBe('Jazz');

    await user.click(drawer.getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect((drawer.getByRole('textbox', { name: 'P-line owner' }) as HTMLInputElement).value).toBe(
        'Their Owner',
      ),
    );
    expect((drawer.getByRole('textbox', { name: 'Genre' }) as HTMLInputElement).value).toBe('Jazz');
    expect(drawer.queryByText(CATALOGUE_MESSAGES.changedSinceRead)).toBeNull();

    await user.click(drawer.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requestsTo(`PATCH ${RECORDING}`)).toHaveLength(2));
    expect(server.requestsTo(`PATCH ${RECORDING}`)[1]!.body).toEqual({ genre: 'Jazz', row_version: 5 });
  });

  it('edits the master split with a live total, refusing one that does not reach 100%', async () => {
    const user = userEvent.setup({ delay: null });
    const payee = makePayeeRow({ id: uuid(601), name: 'Sunny Music Ltd' });
    const server = serve({
      'GET /api/v1/payees': rows([payee]),
      [`PUT ${RECORDING}/splits`]: json(200, {
        ...recording,
        row_version: 4,
        master_splits: [{ payee_id: uuid(601), name: 'Sunny Music Ltd', share: 100 }],
      }),
    });
    const { drawer } = await openDrawer();
    const splits = within(drawer.getByRole('region', { name: 'Master splits' }));
    expect(splits.getByText('No master split yet.')).toBeTruthy();

    await user.click(splits.getByRole('button', { name: 'Add payee' }));
    await user.type(splits.getByRole('combobox', { name: 'Payee 1' }), 'Sunny');
    await user.click(await splits.findByRole('option', { name: /Sunny Music Ltd/ }));
    const share = splits.getByRole('textbox', { name: 'Share (%) of payee 1' });
    await user.type(share, '60');
    expect(splits.getByText(/Total: 60%/)).toBeTruthy();
    expect(await splits.findByText(MUSIC_CODE_MESSAGES.sharesTotal(60))).toBeTruthy();
    await user.click(drawer.getByRole('button', { name: 'Save' }));
    expect(server.requestsTo(`PUT ${RECORDING}/splits`)).toHaveLength(0);

    await user.clear(share);
    await user.type(share, '100');
    expect(splits.getByText(/Total: 100%/)).toBeTruthy();
    await user.click(drawer.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requestsTo(`PUT ${RECORDING}/splits`)).toHaveLength(1));
    expect(server.requestsTo(`PUT ${RECORDING}/splits`)[0]!.body).toEqual({
      splits: [{ payee_id: uuid(601), share: 100 }],
      row_version: 3,
    });
    // Only the split changed: no PATCH of the fields.
    expect(server.requestsTo(`PATCH ${RECORDING}`)).toHaveLength(0);
  });

  it('assigns an ISRC to a recording without one and shows it', async () => {
    const user = userEvent.setup({ delay: null });
    const bare = makeRecording({ ...recording, isrc: null });
    serve({
      [`GET ${RECORDING}`]: json(200, bare),
      [`POST ${RECORDING}/assign-isrc`]: json(200, { ...bare, isrc: 'GBABC2500002', row_version: 4 }),
    });
    const { drawer } = await openDrawer();
    await user.click(drawer.getByRole('button', { name: 'Assign ISRC' }));
    await waitFor(() =>
      expect((drawer.getByRole('textbox', { name: 'ISRC' }) as HTMLInputElement).value).toBe('GBABC2500002'),
    );
    expect(await screen.findByText('Assigned ISRC GBABC2500002')).toBeTruthy();
    expect(drawer.queryByRole('button', { name: 'Assign ISRC' })).toBeNull();
  });

  it('says why an ISRC cannot be assigned, with the way to the settings', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      [`GET ${RECORDING}`]: json(200, makeRecording({ ...recording, isrc: null })),
      [`POST ${RECORDING}/assign-isrc`]: apiError(400, 'bad_request', CATALOGUE_MESSAGES.noIsrcPrefix),
    });
    const { drawer } = await openDrawer();
    await user.click(drawer.getByRole('button', { name: 'Assign ISRC' }));
    expect(await drawer.findByText(CATALOGUE_MESSAGES.noIsrcPrefix)).toBeTruthy();
    expect(drawer.getByRole('link', { name: 'Open catalogue settings' }).getAttribute('href')).toBe(
      '/catalogue?panel=settings',
    );
  });

  it('shows the lineage of a signed demo, linked to its signed song', async () => {
    serve({
      [`GET ${RECORDING}`]: json(200, makeRecording({ ...recording, origin: 'demo', song_id: 'song-7' })),
      [`GET ${RECORDING}/lineage`]: json(200, {
        song: {
          id: 'song-7',
          title: 'Golden Hour (demo)',
          artist: 'Sunny',
          submitted_at: '2025-01-10T10:00:00.000Z',
        },
        averages: { musical: 8, artist: 7.5, overall: 8.25, reviews: 4 },
        decision: { status: 'signed', decided_at: '2025-01-20T10:00:00.000Z' },
        contracts: [
          {
            id: 'contract-1',
            title: 'Recording agreement',
            status: 'signed',
            signers: [{ name: 'Sunny', signed_at: '2025-01-25T10:00:00.000Z' }],
          },
        ],
      }),
    });
    const { drawer } = await openDrawer();
    const lineage = within(drawer.getByRole('region', { name: 'Lineage' }));
    expect((await lineage.findByRole('link', { name: 'Golden Hour (demo)' })).getAttribute('href')).toBe(
      '/signed-songs/song-7',
    );
    expect(lineage.getByText('4 reviews: musical 8.0, artist 7.5, overall 8.3')).toBeTruthy();
    expect(lineage.getByRole('link', { name: 'Recording agreement' }).getAttribute('href')).toBe(
      '/signed-songs/song-7/contracts',
    );
    expect(lineage.getByText(/^Signed on/)).toBeTruthy();
  });

  it('closes on Escape, back to the grid', async () => {
    const user = userEvent.setup({ delay: null });
    serve();
    const { location } = await openDrawer();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/catalogue');
  });

  describe('Master', () => {
    const MASTER = `${RECORDING}/master`;
    const KEY = `org-1/assets/recording_${ID}_master_0123456789ab/golden.wav`;
    const stereo24: Audio = { format: 'wav', bit_depth: 24, sample_rate: 48_000, channels: 2 };
    const withMaster = (audio: Audio | null = stereo24, rowVersion = 4) =>
      makeRecording({
        ...recording,
        audio_master_key: KEY,
        master_file: {
          source: 'recording',
          key: KEY,
          filename: 'golden.wav',
          url: 'https://files.example.com/golden.wav',
          audio,
        },
        row_version: rowVersion,
      });
    const masterSection = (drawer: Awaited<ReturnType<typeof openDrawer>>['drawer']) =>
      within(drawer.getByRole('region', { name: 'Master' }));

    beforeEach(() => FakeXhr.install());

    it('shows its master as format, bit depth, rate and channels, and removes it after asking', async () => {
      const user = userEvent.setup({ delay: null });
      const server = serve({
        [`GET ${RECORDING}`]: json(200, withMaster()),
        [`DELETE ${MASTER}`]: json(200, makeRecording({ ...recording, row_version: 5 })),
      });
      const { drawer } = await openDrawer();
      const master = masterSection(drawer);
      expect(master.getByText('WAV · 24-bit · 48 kHz · stereo')).toBeTruthy();
      expect(master.getByText('golden.wav')).toBeTruthy();
      expect(master.getByRole('link', { name: 'Download master' }).getAttribute('href')).toBe(
        'https://files.example.com/golden.wav',
      );
      expect(master.queryByText(CATALOGUE_FILE_TEXTS.notStereo)).toBeNull();

      await user.click(master.getByRole('button', { name: 'Remove master' }));
      await user.click(master.getByRole('button', { name: 'Cancel' }));
      expect(server.requestsTo(`DELETE ${MASTER}`)).toHaveLength(0);
      await user.click(master.getByRole('button', { name: 'Remove master' }));
      await user.click(master.getByRole('button', { name: 'Remove' }));
      expect(await master.findByText('No master yet.')).toBeTruthy();
      expect(server.requestsTo(`DELETE ${MASTER}`)).toHaveLength(1);
      expect(master.queryByRole('button', { name: 'Remove master' })).toBeNull();
    });

    it('uploads a master, says why an 8-bit file is refused, and flags a mono one', async () => {
      const reason = 'The master is 8-bit; it must be at least 16-bit.';
      const presigned = {
        key: KEY,
        upload_url: 'https://storage.example.com/put/master',
        content_type: 'audio/aiff',
      };
      const server = serve({
        [`POST ${MASTER}/presign`]: json(200, presigned),
        [`POST ${MASTER}`]: [
          apiError(415, 'unsupported_media_type', reason, {}, { key: reason }),
          json(200, withMaster({ format: 'aiff', bit_depth: 16, sample_rate: 44_100, channels: 1 })),
        ],
      });
      const { drawer } = await openDrawer();
      const master = masterSection(drawer);
      expect(master.getByText('No master yet.')).toBeTruthy();
      const user = userEvent.setup({ delay: null });
      // No type from the browser, as for many AIFF files: the extension says which.
      await user.upload(master.getByLabelText('Master file'), new File(['lofi'], 'lofi.aif'));
      const alert = await master.findByRole('alert');
      expect(alert.textContent).toBe(`The file was not accepted. ${reason}`);
      expect(server.requestsTo(`POST ${MASTER}/presign`)[0]!.body).toEqual({
        filename: 'lofi.aif',
        content_type: 'audio/aiff',
        size_bytes: 4,
      });
      expect(FakeXhr.sent[0]?.url).toBe(presigned.upload_url);

      await user.upload(master.getByLabelText('Master file'), new File(['mono'], 'mono.aif'));
      expect(await master.findByText('AIFF · 16-bit · 44.1 kHz · mono')).toBeTruthy();
      expect(master.getByText(CATALOGUE_FILE_TEXTS.notStereo)).toBeTruthy();
      expect(master.queryByRole('alert')).toBeNull();
      expect(await screen.findByText('Master saved')).toBeTruthy();
    });

    it('shows its signed song’s master, and keeps its facts when an answer does not read the file', async () => {
      const user = userEvent.setup({ delay: null });
      const fromSong = (audio: Audio | null, changes: Partial<ReturnType<typeof makeRecording>>) =>
        makeRecording({
          ...recording,
          isrc: null,
          song_id: 'song-7',
          master_file: {
            source: 'song',
            key: 'org-1/assets/song-7_master_1/m.wav',
            filename: 'm.wav',
            url: null,
            audio,
          },
          ...changes,
        });
      serve({
        [`GET ${RECORDING}`]: json(200, fromSong(stereo24, {})),
        [`GET ${RECORDING}/lineage`]: json(200, {
          song: null,
          averages: { musical: null, artist: null, overall: null, reviews: 0 },
          decision: null,
          contracts: [],
        }),
        [`POST ${RECORDING}/assign-isrc`]: json(
          200,
          fromSong(null, { isrc: 'GBABC2500002', row_version: 4 }),
        ),
      });
      const { drawer } = await openDrawer();
      const master = masterSection(drawer);
      expect(master.getByText(CATALOGUE_FILE_TEXTS.masterFromSong)).toBeTruthy();
      expect(master.queryByRole('button', { name: 'Remove master' })).toBeNull();
      await user.click(drawer.getByRole('button', { name: 'Assign ISRC' }));
      expect(await screen.findByText('Assigned ISRC GBABC2500002')).toBeTruthy();
      expect(master.getByText('WAV · 24-bit · 48 kHz · stereo')).toBeTruthy();
    });
  });
});
