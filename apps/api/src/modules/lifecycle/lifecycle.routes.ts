import { AppError } from '@app/contracts/errors.contract';
import {
  actionBodySchemas,
  lifecycleCalls as calls,
  resolveActionName,
  type TActionInput,
} from '@app/contracts/lifecycle.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { LifecycleService } from './lifecycle.service';

export function registerLifecycleRoutes(app: FastifyInstance, { service }: { service: LifecycleService }) {
  registerCall(app, calls.action, ({ auth, params, body }) => {
    const action = resolveActionName(params.action);
    if (!action) {
      throw new AppError('VALIDATION_FAILED', `Unknown action: ${params.action}`, {
        details: [{ field: 'params.action', message: 'unknown action' }],
      });
    }
    const parsed = actionBodySchemas[action].safeParse(body ?? {});
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({
        field: ['body', ...issue.path.map(String)].join('.'),
        message: issue.message,
      }));
      throw new AppError('VALIDATION_FAILED', `${details[0]?.field}: ${details[0]?.message}`, { details });
    }
    return service.perform(auth, params.requestId, action, parsed.data as TActionInput);
  });

  registerCall(app, calls.actions, ({ auth, params, query }) =>
    service.listActions(auth, params.requestId, query),
  );

  registerCall(app, calls.updateRequest, ({ auth, query, body }) =>
    service.updateRequest(auth, query.Id, body),
  );

  registerCall(app, calls.changeOffer, ({ auth, params, body }) => {
    const status = body.currentStatus ?? body.offerState;
    if (!status) {
      throw new AppError('VALIDATION_FAILED', 'body.currentStatus: Required', {
        details: [{ field: 'body.currentStatus', message: 'Required' }],
      });
    }
    return service.changeOffer(auth, params.id, {
      status,
      startDate: body.startDate,
      installerId: body.installerId,
    });
  });

  registerCall(app, calls.serviceState, ({ auth, params, body }) =>
    service.changeServiceState(auth, params.requestId, body),
  );

  registerCall(app, calls.allServices, ({ auth, params }) =>
    service.completeAllServices(auth, params.requestId),
  );

  registerCall(app, calls.requestState, ({ auth, body }) => service.recordState(auth, body));

  registerCall(app, calls.claim, ({ auth, params, body }) =>
    service.claim(auth, params.requestId, { installerId: body.installerId, startDate: body.startDate }),
  );

  registerCall(app, calls.transferInternal, ({ auth, body }) => service.transfer(auth, body));
  registerCall(app, calls.transfer, ({ auth, body }) => service.transfer(auth, body));

  registerCall(app, calls.bookingEmail, ({ auth, params }) =>
    service.sendBookingEmail(auth, params.requestId),
  );
}
