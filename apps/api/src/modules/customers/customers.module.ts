import type { FastifyInstance } from 'fastify';
import type { AddressPort } from '../../adapters/address/address-port';
import { createLocalAddressAdapter } from '../../adapters/address/local-address-adapter';
import type { Db } from '../../db/client';
import type { CatalogService } from '../catalog/catalog.service';
import type { VehiclesService } from '../vehicles/vehicles.service';
import { createCustomersRepository } from './customers.repository';
import { registerCustomersRoutes } from './customers.routes';
import { createCustomersService } from './customers.service';

/** Customers, dealerships, team contacts, vendor preferences and ZIP completion. */
export function createCustomersModule({
  db,
  catalog,
  jobs,
  address = createLocalAddressAdapter(),
}: {
  db: Db;
  catalog: CatalogService;
  jobs: Pick<VehiclesService, 'listCustomerJobs'>;
  address?: AddressPort;
}) {
  const service = createCustomersService({
    db,
    repository: createCustomersRepository(db),
    catalog,
    address,
    jobs,
  });
  return { service, registerRoutes: (api: FastifyInstance) => registerCustomersRoutes(api, { service }) };
}
