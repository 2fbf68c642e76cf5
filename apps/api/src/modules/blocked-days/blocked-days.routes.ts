import { blockedDaysCalls as calls } from '@app/contracts/blocked-days.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { BlockedDaysService } from './blocked-days.service';

/** Row 66 and our POST / DELETE (decision 024). */
export function registerBlockedDaysRoutes(
  app: FastifyInstance,
  { service }: { service: BlockedDaysService },
) {
  registerCall(app, calls.list, ({ auth, params, query }) => service.list(auth, params.id, query));
  registerCall(app, calls.block, async ({ auth, params, body, reply }) => {
    const { day, created } = await service.block(auth, params.id, body);
    reply.status(created ? 201 : 200);
    return day;
  });
  registerCall(app, calls.unblock, ({ auth, params }) => service.unblock(auth, params.id, params.workDate));
}
