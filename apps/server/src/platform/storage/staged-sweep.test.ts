// Database-independent: files on disk only (the PostgreSQL pass skips it; vitest.config.ts).
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalDiskDriver } from './local-driver.ts';
import { startStagedUploadSweep } from './staged-sweep.ts';
import { createUrlSigner } from './url-signer.ts';

const HOUR = 3_600_000;

describe('partial uploads under the storage temp folder', () => {
  const roots: string[] = [];
  afterEach(async () => {
    for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
  });

  async function storageWithLeftovers() {
    const root = await mkdtemp(join(tmpdir(), 'mr-staged-'));
    roots.push(root);
    const driver = createLocalDiskDriver({
      root,
      appUrl: 'http://app.test',
      signer: createUrlSigner(Buffer.alloc(32, 1)),
    });
    const tmp = join(root, 'tmp');
    await mkdir(tmp, { recursive: true });
    // A crashed upload, untouched for two hours, and one being written right now.
    await writeFile(join(tmp, 'crashed-upload'), Buffer.alloc(1024));
    const old = new Date(Date.now() - 2 * HOUR);
    await utimes(join(tmp, 'crashed-upload'), old, old);
    await writeFile(join(tmp, 'in-progress'), Buffer.alloc(10));
    return { driver, tmp };
  }

  it('removes stale staged files and keeps one still being written', async () => {
    const { driver, tmp } = await storageWithLeftovers();
    expect(await driver.sweepStaged(HOUR)).toBe(1);
    expect(await readdir(tmp)).toEqual(['in-progress']);
  });

  it('sweeps at start and then periodically, until stopped', async () => {
    const { driver, tmp } = await storageWithLeftovers();
    const sweep = startStagedUploadSweep(driver, { intervalMs: 50, maxIdleMs: HOUR });
    expect(await sweep.firstRun).toBe(1);
    expect(await readdir(tmp)).toEqual(['in-progress']);
    // A later leftover goes at the next sweep.
    const old = new Date(Date.now() - 2 * HOUR);
    await writeFile(join(tmp, 'another'), 'x');
    await utimes(join(tmp, 'another'), old, old);
    await expect.poll(() => readdir(tmp), { timeout: 2000 }).toEqual(['in-progress']);
    await sweep.stop();
  });

  it('does nothing when there is no temp folder yet', async () => {
    const root = await mkdtemp(join(tmpdir(), 'mr-staged-'));
    roots.push(root);
    const driver = createLocalDiskDriver({
      root,
      appUrl: 'http://app.test',
      signer: createUrlSigner(Buffer.alloc(32, 1)),
    });
    expect(await driver.sweepStaged(HOUR)).toBe(0);
  });
});
