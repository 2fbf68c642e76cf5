/** POST /requestState: a client's history record, deduplicated against the server's own. */
import { AppError } from '@app/contracts/errors.contract';
import type { TRequestStateBody, TRequestStateReply } from '@app/contracts/lifecycle.contract';
import { listRelationships } from '@app/domain/service-requests/request-status';
import type { AuthContext } from '../../platform/security/auth-context';
import type { LifecycleContext } from './lifecycle.context';
import { historyKey } from './lifecycle.plan';

/** A client history record within this many ms of the server's own identical record is the same event. */
export const HISTORY_DEDUPE_WINDOW_MS = 5 * 60_000;

export function createStateRecords({ db, repository, loadContext }: LifecycleContext) {
  return {
    /** POST /requestState: a client's history record, deduplicated against the server's own. */
    async recordState(auth: AuthContext, body: TRequestStateBody): Promise<TRequestStateReply> {
      return db.transaction(async (tx) => {
        const loaded = await loadContext(tx, auth, body.requestId, false);
        if (listRelationships(loaded.actor, loaded.request).length === 0) {
          throw new AppError('FORBIDDEN', `You have no part in request ${body.requestId}`);
        }
        const serviceId = body.serviceId ?? null;
        if (serviceId !== null && !loaded.services.some((s) => s.id === serviceId)) {
          throw new AppError(
            'VALIDATION_FAILED',
            `Service ${serviceId} is not a service of request ${body.requestId}`,
          );
        }
        const key = historyKey(body.requestStatus, body.stateDate, serviceId);
        const exact = await repository.findHistoryByKey(tx, body.requestId, key);
        if (exact !== null) return { success: true, duplicate: true, id: exact };
        const near = await repository.findHistoryNear(
          tx,
          body.requestId,
          body.requestStatus,
          serviceId,
          new Date(body.stateDate.getTime() - HISTORY_DEDUPE_WINDOW_MS),
          new Date(body.stateDate.getTime() + HISTORY_DEDUPE_WINDOW_MS),
        );
        if (near !== null) return { success: true, duplicate: true, id: near };
        const [id] = await repository.insertHistory(tx, [
          {
            requestId: body.requestId,
            stateDate: body.stateDate,
            requestStatus: body.requestStatus,
            requestServiceId: serviceId,
            changedByUserId: auth.userId,
            changedByUserType: auth.userType,
            clientKey: key,
            createdAt: loaded.now,
          },
        ]);
        if (id !== undefined) return { success: true, duplicate: false, id };
        // A concurrent post of the same record won the unique key.
        const raced = await repository.findHistoryByKey(tx, body.requestId, key);
        return { success: true, duplicate: true, id: raced ?? 0 };
      });
    },
  };
}
