import { editJobCalls as calls } from '@app/contracts/edit-job.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { EditJobService } from './edit-job.service';

/** Row 158 and the screen's read (issue 16). */
export function registerEditJobRoutes(app: FastifyInstance, { service }: { service: EditJobService }) {
  registerCall(app, calls.editContext, ({ auth, params }) => service.getContext(auth, params.requestId));
  registerCall(app, calls.updateTransaction, ({ auth, params, body }) =>
    service.updateTransaction(auth, params.requestId, body),
  );
}
