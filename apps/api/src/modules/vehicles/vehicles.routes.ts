import { vehicleCalls as calls } from '@app/contracts/vehicles.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { VehiclesService } from './vehicles.service';

export function registerVehiclesRoutes(app: FastifyInstance, { service }: { service: VehiclesService }) {
  registerCall(app, calls.decodeVin, ({ query }) => service.decodeVin(query.Id));
  registerCall(app, calls.listMakes, () => service.listMakes(null));
  registerCall(app, calls.listMakesOfYear, ({ params }) => service.listMakes(params.year));
  registerCall(app, calls.listModels, ({ params }) => service.listModels(params.yearAndMake));
  registerCall(app, calls.listTrims, ({ params, query }) =>
    service.listTrims(params.modelId, query.year ?? null),
  );
  registerCall(app, calls.listVehicleYears, ({ query }) => service.listYears(query.flow));
  registerCall(app, calls.createVehicle, ({ auth, body }) => service.createVehicle(auth, body));
  registerCall(app, calls.getVehicleByVin, ({ auth, params }) => service.getVehicleByVin(auth, params.vin));
  registerCall(app, calls.replaceVin, ({ auth, params, body }) => service.replaceVin(auth, params.vin, body));
  registerCall(app, calls.listCustomerVehicles, ({ auth, params, query }) =>
    service.listCustomerVehicles(auth, params, query.type),
  );
  registerCall(app, calls.listCustomerJobs, ({ auth, params, query }) =>
    service.listCustomerJobs(auth, params, query.type),
  );
}
