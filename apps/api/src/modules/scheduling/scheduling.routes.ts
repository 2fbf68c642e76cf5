import { schedulingCalls as calls } from '@app/contracts/scheduling.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { SchedulingService } from './scheduling.service';

export function registerSchedulingRoutes(app: FastifyInstance, { service }: { service: SchedulingService }) {
  registerCall(app, calls.availability, ({ auth, params, query }) =>
    service.getAvailability(auth, params.installerId, params.requestId, query.checkDate),
  );
  registerCall(app, calls.availabilitySummary, ({ auth, params, query }) =>
    service.getAvailabilitySummary(auth, params.installerId, query),
  );
  // Decision 6: PUT and POST do the same.
  registerCall(app, calls.setSchedule, ({ auth, body }) => service.setSchedule(auth, body));
  registerCall(app, calls.setSchedulePost, ({ auth, body }) => service.setSchedule(auth, body));
  registerCall(app, calls.installerGroup, ({ auth, params }) =>
    service.listGroupCandidates(auth, params.installerId),
  );
  registerCall(app, calls.installerCalendars, ({ auth, params }) =>
    service.listInstallerCalendar(auth, params.installerId),
  );
}
