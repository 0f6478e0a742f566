/**
 * Helpers for integration tests that store files: a server with its own temporary data folder, and
 * the browser's PUT to a presigned upload URL.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PresignedUploadDto } from '@music-review/core/assets';
import { authHeader } from './api-helpers.ts';
import { createTestServer, type TestServer } from './harness.ts';

/** A test server storing files in a fresh temporary folder (mr-<name>-…), removed again by close(). */
export async function createFileTestServer(name: string): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `mr-${name}-`));
  const server = await createTestServer({ DATA_DIR: dataDir });
  return {
    ...server,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The path and query of a storage URL (signed GET or PUT), for app.inject. */
export function storagePath(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** PUTs the bytes to a presigned upload URL as the browser does (with the content type it was signed for). */
export function putPresigned(
  server: TestServer,
  presign: Pick<PresignedUploadDto, 'upload_url' | 'content_type'>,
  body: Buffer,
) {
  return server.app.inject({
    method: 'PUT',
    url: storagePath(presign.upload_url),
    headers: { 'content-type': presign.content_type },
    payload: body,
  });
}

/** A request as a signed-in member, with a JSON payload when one is given. */
export function injectAs(
  server: TestServer,
  who: { token: string },
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    headers: authHeader(who.token),
    ...(payload ? { payload } : {}),
  });
}
