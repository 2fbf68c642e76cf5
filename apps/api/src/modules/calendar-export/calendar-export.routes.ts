import { calendarExportCalls as calls } from '@app/contracts/calendar-export.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { CalendarExportService } from './calendar-export.service';

/** Export Week: the PDF as an attachment named with the week's dates. */
export function registerCalendarExportRoutes(
  app: FastifyInstance,
  { service }: { service: CalendarExportService },
) {
  registerCall(app, calls.weekPdf, async ({ auth, params, query, reply }) => {
    const { pdf, fileName } = await service.weekPdf(auth, params.installerId, query.start);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
