import { companyCalls as calls } from '@app/contracts/shell.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { CompaniesService } from './companies.service';

export function registerCompaniesRoutes(app: FastifyInstance, { service }: { service: CompaniesService }) {
  registerCall(app, calls.getDealer, ({ auth, params }) => service.getDealer(auth, params.id));
  registerCall(app, calls.getInstaller, ({ auth, params }) => service.getInstaller(auth, params.id));
  registerCall(app, calls.listInstallerLocations, ({ auth, params }) =>
    service.listInstallerLocations(auth, params.id),
  );
  registerCall(app, calls.getInstallerAuth, ({ auth, params }) => service.getInstallerAuth(auth, params.id));
  registerCall(app, calls.selectCalendar, ({ auth, params, body }) =>
    service.selectCalendar(auth, params.id, body),
  );
  registerCall(app, calls.listUserAccess, ({ auth, params }) => service.listUserAccess(auth, params.id));
}
