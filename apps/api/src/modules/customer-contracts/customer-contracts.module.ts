import { createHmac } from 'node:crypto';
import { customerContractPaths } from '@app/contracts/customer-contracts.contract';
import type { FastifyInstance } from 'fastify';
import { createLocalStorageAdapter } from '../../adapters/storage/local-storage-adapter';
import { createS3StorageAdapter } from '../../adapters/storage/s3-storage-adapter';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createCustomerContractsRepository } from './customer-contracts.repository';
import { registerCustomerContractsRoutes } from './customer-contracts.routes';
import { createCustomerContractsService } from './customer-contracts.service';

export type CustomerContractsModuleDeps = {
  db: Db;
  config: Config;
  clock?: () => Date;
  /** Tests pass their own (e.g. S3 against a fake); otherwise chosen by config. */
  storage?: StoragePort;
};

/** The storage the config chose: local disk under DATA_DIR/files, or an S3-compatible bucket. */
export function createStorageFromConfig(config: Config, linkSecret: string, clock: () => Date): StoragePort {
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

/** The dealer's customer contract: signing, the server-built PDF, storage and signed links (R23, P28; rows 159, 160; issue 16). */
export function registerCustomerContractsModule(
  api: FastifyInstance,
  deps: CustomerContractsModuleDeps,
): void {
  const clock = deps.clock ?? (() => new Date());
  const linkSecret = createHmac('sha256', deps.config.jwtSecret).update('storage-links').digest('base64url');
  const storage = deps.storage ?? createStorageFromConfig(deps.config, linkSecret, clock);
  const repository = createCustomerContractsRepository(deps.db);
  const service = createCustomerContractsService({
    db: deps.db,
    repository,
    storage,
    signedUrlTtlSeconds: deps.config.signedUrlTtlSeconds,
    clock,
  });
  registerCustomerContractsRoutes(api, { service, storage, linkSecret, clock });
  if (deps.config.seedDemo) {
    // In the background: the seeded contracts' documents (a few PDFs) must not delay the first answer.
    api.addHook('onReady', async () => {
      void service
        .writeMissingDemoDocuments()
        .catch((error: unknown) => api.log.warn({ err: error }, 'demo contract documents were not written'));
    });
  }
}
