import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fake-xhr';
import { isAbortError, putWithProgress, UPLOAD_NETWORK_MESSAGE, UploadError } from './put-with-progress';

const body = new Blob([new Uint8Array(100)], { type: 'audio/wav' });

/** The one request sent so far. */
async function sent(): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  return FakeXhr.sent[0]!;
}

beforeEach(() => FakeXhr.install({ isManual: true }));

describe('putWithProgress', () => {
  it('PUTs the body with the signed Content-Type and reports the fraction sent, then 1', async () => {
    const onProgress = vi.fn();
    const done = putWithProgress('https://store/put/a.wav', body, 'audio/wav', { onProgress });
    const xhr = await sent();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('https://store/put/a.wav');
    expect(xhr.headers['content-type']).toBe('audio/wav');
    expect(xhr.body).toBe(body);
    xhr.progress(0.25);
    xhr.respond(200);
    await done;
    expect(onProgress.mock.calls).toEqual([[0.25], [1]]);
  });

  it('rejects with the store’s own message when it answers in the API’s shape, else a generic one', async () => {
    const refused = putWithProgress('https://store/put/a.wav', body, 'audio/wav');
    (await sent()).respond(
      403,
      JSON.stringify({ error: { code: 'signature_mismatch', message: 'This upload link is not valid.' } }),
    );
    const error = await refused.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({
      code: 'signature_mismatch',
      message: 'This upload link is not valid.',
      status: 403,
      isNetworkError: false,
    });

    FakeXhr.sent = [];
    const s3 = putWithProgress('https://store/put/a.wav', body, 'audio/wav');
    (await sent()).respond(500, '<Error><Code>InternalError</Code></Error>');
    await expect(s3).rejects.toMatchObject({
      code: 'upload_failed',
      message: 'The upload failed (500). Please try again.',
      status: 500,
    });
  });

  it('rejects with a network UploadError (status 0) when no answer comes', async () => {
    const lost = putWithProgress('https://store/put/a.wav', body, 'audio/wav');
    (await sent()).failNetwork();
    await expect(lost).rejects.toMatchObject({
      name: 'UploadError',
      message: UPLOAD_NETWORK_MESSAGE,
      status: 0,
      isNetworkError: true,
    });
  });

  it('aborts the request with its signal, and sends nothing when already aborted', async () => {
    const controller = new AbortController();
    const upload = putWithProgress('https://store/put/a.wav', body, 'audio/wav', {
      signal: controller.signal,
    });
    const xhr = await sent();
    controller.abort();
    const error = await upload.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(xhr.isDone).toBe(true);

    FakeXhr.sent = [];
    const late = await putWithProgress('https://store/put/b.wav', body, 'audio/wav', {
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(isAbortError(late)).toBe(true);
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
