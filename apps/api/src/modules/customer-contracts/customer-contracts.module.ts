import type { FastifyInstance } from 'fastify';
import { createStorageFromConfig, storageLinkSecret } from '../../adapters/storage/storage-from-config';
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
  /**
   * True only on the start that seeded the demo data (boot.ts): then the seeded contracts get their documents.
   * Never on later starts, so a real contract whose file went missing is not given a demo document.
   */
  demoSeeded?: boolean;
};

/** The dealer's customer contract: signing, the server-built PDF, storage and signed links (R23, P28; rows 159, 160; issue 16). */
export function registerCustomerContractsModule(
  api: FastifyInstance,
  deps: CustomerContractsModuleDeps,
): void {
  const clock = deps.clock ?? (() => new Date());
  const linkSecret = storageLinkSecret(deps.config);
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
  if (deps.demoSeeded) {
    // In the background: the seeded contracts' documents (a few PDFs) must not delay the first answer.
    api.addHook('onReady', async () => {
      void service
        .writeMissingDemoDocuments()
        .catch((error: unknown) => api.log.warn({ err: error }, 'demo contract documents were not written'));
    });
  }
}
