import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch } from '../../test/fetch-mock';
import { type ApiClient, createApiClient } from '../api-client';
import {
  getImageUrl,
  getSignedUrl,
  IMAGE_URL_FAILED,
  INVALID_PRESIGN_RESPONSE,
  PRESIGN_FAILED,
  parseSignedUrlResponse,
  shouldRefreshSignedUrl,
} from './signed-url';

const api = createApiClient({ getAccessToken: () => 'token', refreshSession: async () => null });

describe('signed URLs', () => {
  it('accepts success with a url and reads expiresAt', () => {
    expect(
      parseSignedUrlResponse({
        success: true,
        url: 'https://x/a.mp3',
        expiresAt: '2025-01-01T01:00:00.000Z',
      }),
    ).toEqual({ url: 'https://x/a.mp3', expiresAt: Date.parse('2025-01-01T01:00:00.000Z') });
  });

  it.each([
    [{ success: false, url: 'https://x/a.mp3' }],
    [{ success: true }],
    [{ success: true, url: '' }],
    [null],
  ])('refuses %j with the spec message', (body) => {
    expect(() => parseSignedUrlResponse(body)).toThrow(INVALID_PRESIGN_RESPONSE);
  });

  it('refreshes only when fewer than 5 minutes remain', () => {
    const now = 1_000_000;
    expect(shouldRefreshSignedUrl(now + 5 * 60_000, now)).toBe(false);
    expect(shouldRefreshSignedUrl(now + 5 * 60_000 - 1, now)).toBe(true);
    expect(shouldRefreshSignedUrl(now - 1, now)).toBe(true);
    expect(shouldRefreshSignedUrl(Number.NaN, now)).toBe(false);
  });

  it("throws 'Failed to get presigned URL for image or audio' with the status, and keeps the status", async () => {
    mockFetch({ 'POST /functions/v1/get-signed-url': apiError(404, 'not_found', 'File not found') });
    const error = await getSignedUrl(api, 'org-1/audio/x/a.mp3').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(`${PRESIGN_FAILED}: 404`);
    expect(PRESIGN_FAILED).toBe('Failed to get presigned URL for image or audio');
    // The waveform loader reads the status to tell a missing file from other failures.
    expect((error as { status?: number }).status).toBe(404);
  });

  it('still says the response is invalid when the service answers 200 without a url', async () => {
    mockFetch({ 'POST /functions/v1/get-signed-url': json(200, { success: false }) });
    await expect(getSignedUrl(api, 'k')).rejects.toThrow(INVALID_PRESIGN_RESPONSE);
  });

  it('an image URL keeps the error text, and says "Failed to get image URL" when there is none', async () => {
    mockFetch({ 'POST /functions/v1/get-signed-url': apiError(403, 'forbidden', 'Nope') });
    await expect(getImageUrl(api, 'org-1/images/x/a.png')).rejects.toThrow(`${PRESIGN_FAILED}: 403`);
    mockFetch({
      'POST /functions/v1/get-signed-url': json(200, { success: true, url: 'https://cdn.test/a.png' }),
    });
    expect((await getImageUrl(api, 'org-1/images/x/a.png')).url).toBe('https://cdn.test/a.png');
    const silent = {
      call: () => Promise.reject(new Error('')),
    } as unknown as ApiClient;
    await expect(getImageUrl(silent, 'k')).rejects.toThrow(IMAGE_URL_FAILED);
    expect(IMAGE_URL_FAILED).toBe('Failed to get image URL');
  });
});
