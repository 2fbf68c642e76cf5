import type { FastifyInstance } from 'fastify';
import { createStorageFromConfig, storageLinkSecret } from '../../adapters/storage/storage-from-config';
import { type DocumentModuleDeps, writeDemoFilesWhenReady } from '../../platform/module-wiring';
import { createCustomerContractsRepository } from './customer-contracts.repository';
import { registerCustomerContractsRoutes } from './customer-contracts.routes';
import { createCustomerContractsService } from './customer-contracts.service';

/** The dealer's customer contract: signing, the server-built PDF, storage and signed links (R23, P28; rows 159, 160; issue 16). */
export function registerCustomerContractsModule(api: FastifyInstance, deps: DocumentModuleDeps): void {
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
  writeDemoFilesWhenReady(
    api,
    deps,
    () => service.writeMissingDemoDocuments(),
    'demo contract documents were not written',
  );
}
