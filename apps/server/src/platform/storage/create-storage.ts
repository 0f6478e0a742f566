import { join } from 'node:path';
import { type Config, ConfigError } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { StorageDriver } from './driver.ts';
import { createLocalDiskDriver, type LocalDiskDriver } from './local-driver.ts';
import type { UploadLimits } from './upload-rules.ts';
import { createUrlSigner, loadStorageSecret } from './url-signer.ts';

export interface Storage {
  driver: StorageDriver;
  /** The local driver when files are on disk: the app then serves and verifies its own URLs. */
  local: LocalDiskDriver | null;
  limits: UploadLimits;
  uploadUrlTtlSeconds: number;
}

/** S3 when S3_BUCKET is set, else local disk under $DATA_DIR/storage. */
export async function createStorage(config: Config, database: Database): Promise<Storage> {
  const limits: UploadLimits = {
    audio: config.STORAGE_MAX_AUDIO_BYTES,
    image: config.STORAGE_MAX_IMAGE_BYTES,
    waveform: config.STORAGE_MAX_WAVEFORM_BYTES,
    document: config.STORAGE_MAX_DOCUMENT_BYTES,
    file: config.STORAGE_MAX_FILE_BYTES,
  };
  const common = { limits, uploadUrlTtlSeconds: config.STORAGE_UPLOAD_URL_TTL_SECONDS };
  if (config.S3_BUCKET) {
    if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
      // Half a key pair would fall back to the SDK's own credential chain without a word.
      throw new ConfigError(
        'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
      );
    }
    // Loaded only when used: the SDK is large, and it warns about Node 20 on every load.
    const { createS3Driver } = await import('./s3-driver.ts');
    const driver = createS3Driver({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
    return { driver, local: null, ...common };
  }
  const signer = createUrlSigner(await loadStorageSecret(database));
  const local = createLocalDiskDriver({
    root: join(config.DATA_DIR, 'storage'),
    appUrl: config.appUrl,
    signer,
  });
  return { driver: local, local, ...common };
}
