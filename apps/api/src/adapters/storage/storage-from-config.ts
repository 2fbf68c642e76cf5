import { createHmac } from 'node:crypto';
import { customerContractPaths } from '@app/contracts/customer-contracts.contract';
import type { Config } from '../../config';
import { createLocalStorageAdapter } from './local-storage-adapter';
import { createS3StorageAdapter } from './s3-storage-adapter';
import type { StoragePort } from './storage-port';

/** The key that signs local storage links: derived from JWT_SECRET, so every API process has the same. */
export function storageLinkSecret(config: Pick<Config, 'jwtSecret'>): string {
  return createHmac('sha256', config.jwtSecret).update('storage-links').digest('base64url');
}

/**
 * The storage the config chose: local disk under DATA_DIR/files, or an S3-compatible bucket. Local links
 * open through the customer-contracts module's signed download (`/api/storage/object`), whichever module
 * stored the file.
 */
export function createStorageFromConfig(
  config: Pick<Config, 'storage' | 'publicUrl'>,
  linkSecret: string,
  clock: () => Date,
): StoragePort {
  const storage = config.storage;
  if (storage.kind === 's3') {
    return createS3StorageAdapter({
      bucket: storage.bucket,
      region: storage.region,
      endpoint: storage.endpoint,
      credentials: storage.credentials,
      prefix: storage.prefix,
    });
  }
  return createLocalStorageAdapter({
    dir: storage.dir,
    secret: linkSecret,
    downloadUrl: `${config.publicUrl}/api${customerContractPaths.storageObject}`,
    clock,
  });
}
