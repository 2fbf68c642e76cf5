import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createCatalogModule } from '../catalog/catalog.module';
import { createCustomersModule } from '../customers/customers.module';
import { createMatchingModule } from '../matching/matching.module';
import { createVehiclesModule } from '../vehicles/vehicles.module';
import { createRequestCreationRepository } from './request-creation.repository';
import { registerRequestCreationRoutes } from './request-creation.routes';
import { createRequestCreationService } from './request-creation.service';

/** The five modules of work entering the product, wired service to service; nothing registered yet. */
export function createCreationModules({ db, config, clock }: { db: Db; config: Config; clock: () => Date }) {
  const matching = createMatchingModule({ db });
  const catalog = createCatalogModule({ db, matching: matching.service });
  const vehicles = createVehiclesModule({ db, config, clock });
  const customers = createCustomersModule({ db, catalog: catalog.service, jobs: vehicles.service });
  /** What createRequestCreationService needs (tests replace one part to inject a failure). */
  const serviceDeps = {
    db,
    repository: createRequestCreationRepository(db),
    catalog: catalog.service,
    matching: matching.service,
    vehicles: vehicles.service,
    clock,
    publicUrl: config.publicUrl,
  };
  return { matching, catalog, vehicles, customers, serviceDeps };
}

/**
 * How work enters the product (issue 6): vehicles and VIN, catalog reads, customers and dealerships, matching
 * and request creation. One call in app.ts registers the five modules, wired service to service.
 */
export function registerCreationModules(
  api: FastifyInstance,
  { db, config, clock }: { db: Db; config: Config; clock: () => Date },
) {
  const { matching, catalog, vehicles, customers, serviceDeps } = createCreationModules({
    db,
    config,
    clock,
  });
  const service = createRequestCreationService(serviceDeps);
  matching.registerRoutes(api);
  catalog.registerRoutes(api);
  vehicles.registerRoutes(api);
  customers.registerRoutes(api);
  registerRequestCreationRoutes(api, { service });
  // Open the offline VIN decoder (and unpack its data on a first start) before the first decode needs it.
  const { decoder } = vehicles;
  if (config.env !== 'test' && 'warmUp' in decoder && decoder.warmUp) {
    const warmUp = decoder.warmUp;
    api.addHook('onReady', async () => {
      void warmUp().catch((error: unknown) => api.log.warn({ err: error }, 'VIN decoder warm-up failed'));
    });
  }
  return { service, vinDecoder: vehicles.decoder, serviceDeps };
}
