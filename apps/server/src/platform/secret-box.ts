import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Config, ConfigError, DATA_KEY_BYTES, dataKeyMissingMessage, parseDataKey } from './config.ts';

/**
 * Encrypts secrets kept in the database (authenticator-app TOTP seeds) with AES-256-GCM under a key
 * that lives outside it (decision 0014): a copy of the database alone does not yield them.
 *
 * Sealed text: `enc:v1:<iv>:<tag>:<ciphertext>` (base64url). The version names the algorithm and key
 * use, so a later scheme can sit beside it; anything without the prefix is a value from before.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain value; throws when the text was sealed under another key or altered. */
  open(sealed: string): string;
  isSealed(value: string): boolean;
}

const PREFIX = 'enc:v1:';
const KEY_BYTES = DATA_KEY_BYTES;
const IV_BYTES = 12;
export const DATA_KEY_FILE = 'secret.key';

export function createSecretBox(key: Buffer, purpose = 'music-review'): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`The data encryption key must be ${KEY_BYTES} bytes`);
  const aad = Buffer.from(purpose);
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return `${PREFIX}${parts.join(':')}`;
    },
    open(sealed) {
      const [iv, tag, body] = sealed.slice(PREFIX.length).split(':');
      if (!sealed.startsWith(PREFIX) || !iv || !tag || body === undefined) {
        throw new Error('Not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad);
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    isSealed: (value) => value.startsWith(PREFIX),
  };
}

/**
 * The key: DATA_ENCRYPTION_KEY when set. Unset, tests use a fresh one; a server on the embedded
 * database (or any outside production) keeps one in $DATA_DIR/secret.key (mode 0600), made at first
 * start and reused after. Production on DATABASE_URL refuses to start without it (loadConfig): its
 * server copies must share one key, and losing it would lose every enrolled authenticator.
 */
export async function loadDataKey(config: Config): Promise<Buffer> {
  if (config.DATA_ENCRYPTION_KEY) return config.DATA_ENCRYPTION_KEY;
  if (config.NODE_ENV === 'test') return randomBytes(KEY_BYTES);
  if (config.isProduction && config.DATABASE_URL) {
    throw new ConfigError(dataKeyMissingMessage);
  }
  const file = join(config.DATA_DIR, DATA_KEY_FILE);
  try {
    const key = parseDataKey(await readFile(file, 'utf8'));
    if (!key) throw new ConfigError(`Invalid data encryption key in ${file}: expected base64 of 32 bytes`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(KEY_BYTES);
  await mkdir(config.DATA_DIR, { recursive: true });
  // wx: two copies starting at once cannot both write; the loser reads the winner's key.
  try {
    await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const existing = parseDataKey(await readFile(file, 'utf8'));
    if (!existing) throw new ConfigError(`Invalid data encryption key in ${file}`);
    return existing;
  }
}
