import { calendarLinkCalls as calls } from '@app/contracts/calendar-link.contract';
import { companyCalls } from '@app/contracts/shell.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { CalendarLinkService } from './calendar-link.service';

export function registerCalendarLinkRoutes(
  app: FastifyInstance,
  { service }: { service: CalendarLinkService },
) {
  // Rows 55 and 56 (described with the company calls in shell.contract.ts).
  registerCall(app, companyCalls.getInstallerAuth, ({ auth, params }) =>
    service.installerAuth(auth, params.id),
  );
  registerCall(app, companyCalls.selectCalendar, ({ auth, params, body }) =>
    service.updateLocation(auth, params.id, body),
  );
  // Rows 67 and 68 (convention 16: both give the consent URL).
  registerCall(app, calls.authRequest, ({ auth }) => service.authUrl(auth, auth.companyId));
  registerCall(app, calls.auth, ({ auth, params }) => service.authUrl(auth, params.installerId));
  registerCall(app, calls.callback, async ({ query, reply }) => {
    const { location } = await service.callback(query);
    return reply.redirect(location, 302);
  });
  registerCall(app, calls.select, ({ auth, body }) =>
    service.select(auth, body.installerId, body.calendarId),
  );
  registerCall(app, calls.connection, ({ auth, params }) => service.connection(auth, params.installerId));
  registerCall(app, calls.disconnect, ({ auth, params }) => service.disconnect(auth, params.installerId));
  registerCall(app, calls.addAppt, ({ auth, body }) => service.addAppt(auth, body));
  registerCall(app, calls.delAppt, ({ auth, body }) => service.delAppt(auth, body));
  registerCall(app, calls.readAppt, ({ auth, params }) => service.readAppt(auth, params.requestId));
}
