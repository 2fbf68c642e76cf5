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
  // Rows 55 and 56 (getInstallerAuth, selectCalendar) are served by the calendar-link module (issue 12).
  registerCall(app, calls.listUserAccess, ({ auth, params }) => service.listUserAccess(auth, params.id));
}
