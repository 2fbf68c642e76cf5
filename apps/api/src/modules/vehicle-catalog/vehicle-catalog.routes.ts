import { vehicleCatalogCalls as calls } from '@app/contracts/vehicle-catalog.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { VehicleCatalogService } from './vehicle-catalog.service';

export function registerVehicleCatalogRoutes(
  app: FastifyInstance,
  { service }: { service: VehicleCatalogService },
) {
  registerCall(app, calls.listVehicleCatalog, ({ auth, params }) =>
    service.listCatalog(auth, params.installerId),
  );
  registerCall(app, calls.listTrimOverrides, ({ auth, params }) => service.listTrimOverrides(auth, params));
  registerCall(app, calls.getModelOverrides, ({ auth, params }) => service.getModelOverrides(auth, params));
  registerCall(app, calls.setTrimOverride, ({ auth, body }) => service.setTrimOverride(auth, body));
  registerCall(app, calls.setModelOverride, ({ auth, body }) => service.setModelOverride(auth, body));
  registerCall(app, calls.deleteTrimOverride, ({ auth, params }) =>
    service.deleteOverride(auth, params.overrideId),
  );
  registerCall(app, calls.addVehicle, ({ auth, body }) => service.addVehicle(auth, body));
}
