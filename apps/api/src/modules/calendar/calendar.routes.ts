import { calendarCalls as calls } from '@app/contracts/calendar.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { CalendarService } from './calendar.service';

export function registerCalendarRoutes(app: FastifyInstance, { service }: { service: CalendarService }) {
  registerCall(app, calls.period, ({ auth, params, query }) =>
    service.getPeriod(auth, params.installerId, query),
  );
  registerCall(app, calls.progress, ({ auth, params }) => service.syncRequest(auth, params.requestId));
  // Rows 62 and 63 share row 64's template: the parameter named installerId holds the request id.
  registerCall(app, calls.syncRequestDays, ({ auth, params }) =>
    service.syncRequest(auth, params.installerId),
  );
  registerCall(app, calls.removeRequestDays, ({ auth, params }) =>
    service.removeRequest(auth, params.installerId),
  );
}
