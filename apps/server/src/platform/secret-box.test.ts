// Database-independent: encryption only (the PostgreSQL pass skips it; vitest.config.ts).
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { createSecretBox, DATA_KEY_FILE, loadDataKey } from './secret-box.ts';

describe('createSecretBox', () => {
  it('seals with a version prefix, differently each time, and opens with the same key only', () => {
    const box = createSecretBox(randomBytes(32));
    const a = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^enc:v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(a).not.toContain('JBSWY3DP');
    expect(a).not.toBe(b);
    expect(box.isSealed(a)).toBe(true);
    expect(box.isSealed('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe(false);
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');

    expect(() => createSecretBox(randomBytes(32)).open(a)).toThrow();
    const tampered = `${a.slice(0, -2)}${a.endsWith('A') ? 'B' : 'A'}${a.slice(-1)}`;
    expect(() => box.open(tampered)).toThrow();
  });
});

describe('loadDataKey', () => {
  it('uses DATA_ENCRYPTION_KEY when set', async () => {
    const key = randomBytes(32);
    const config = loadConfig({ NODE_ENV: 'development', DATA_ENCRYPTION_KEY: key.toString('base64') });
    expect(await loadDataKey(config)).toEqual(key);
  });

  it('makes $DATA_DIR/secret.key (mode 0600) at first start and reuses it after', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mr-key-'));
    const config = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.test:25', DATA_DIR: dir });
    const first = await loadDataKey(config);
    expect(first).toHaveLength(32);
    const file = join(dir, DATA_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toEqual(first);
    expect(await loadDataKey(config)).toEqual(first);
  });

  it('refuses a damaged key file rather than making a new key', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mr-key-'));
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, DATA_KEY_FILE), 'short\n');
    await expect(loadDataKey(loadConfig({ DATA_DIR: dir }))).rejects.toThrow(ConfigError);
  });
});
