/** The transition calls that name their action (claim, offer, service state, complete, transfer) and the buttons. */
import { AppError } from '@app/contracts/errors.contract';
import type {
  TActionInput,
  TActionsQuery,
  TActionsReply,
  TLifecycleAction,
} from '@app/contracts/lifecycle.contract';
import type { IsoDate } from '@app/domain/scheduling/dates';
import {
  type ActionInput,
  listActionButtons,
  listRelationships,
  needsInvoiceWarningOnDelete,
} from '@app/domain/service-requests/request-status';
import type { ServiceState } from '@app/domain/service-requests/service-status';
import { isValidVin, normalizeVin } from '@app/domain/vehicles/vin';
import type { AuthContext } from '../../platform/security/auth-context';
import type { LifecycleContext, Loaded } from './lifecycle.context';
import type { Perform } from './lifecycle.perform';

export function createActionCalls({ db, loadContext }: LifecycleContext, { perform }: Perform) {
  return {
    /** POST /dashboard/claim/{requestId}: claim and book an open request in one step. */
    async claim(auth: AuthContext, requestId: number, body: { installerId: number; startDate: IsoDate }) {
      if (auth.userType !== 'installer') throw new AppError('FORBIDDEN', 'Only specialists claim jobs');
      // Checked once the request is found visible, so a foreign id answers 404 whatever the body.
      const claimForCaller = () => {
        if (body.installerId !== auth.companyId) {
          throw new AppError(
            'FORBIDDEN',
            `Installer ${auth.companyId} cannot claim for installer ${body.installerId}`,
          );
        }
        return 'claim' as const;
      };
      return perform(auth, requestId, claimForCaller, { startDate: body.startDate });
    },

    /** PUT /requestOffered/{requestId} and PUT /requestoffered/state/{requestId}. */
    async changeOffer(
      auth: AuthContext,
      requestId: number,
      body: {
        status: 'accepted' | 'rejected' | 'offered' | 'scheduled';
        startDate?: IsoDate;
        installerId?: number;
      },
    ) {
      const input: TActionInput = { startDate: body.startDate, installerId: body.installerId };
      switch (body.status) {
        case 'accepted':
          return perform(auth, requestId, 'accept', input);
        case 'rejected':
          return perform(auth, requestId, 'reject');
        case 'offered':
          return perform(auth, requestId, 'reschedule');
        case 'scheduled':
          return perform(auth, requestId, (loaded) => chooseSchedulingAction(loaded, auth), input);
      }
    },

    /** PUT /requestServiceState/{requestId}: START SERVICE / FINISH SERVICE. */
    async changeServiceState(
      auth: AuthContext,
      requestId: number,
      body: {
        serviceId: number;
        serviceState: 'started' | 'finished';
        serviceDate?: Date;
        materials?: string | null;
        template?: string | null;
      },
    ) {
      return perform(auth, requestId, body.serviceState === 'started' ? 'startService' : 'finishService', {
        serviceId: body.serviceId,
        serviceDate: body.serviceDate,
        materials: body.materials,
        template: body.template,
      });
    },

    /** PUT /requestAllService/{requestId}: COMPLETE JOB (JOB COMPLETED on an estimate still new). */
    async completeAllServices(auth: AuthContext, requestId: number) {
      return perform(auth, requestId, (loaded) =>
        loaded.row.requestType === 'installer' && loaded.row.currentState === 'new'
          ? 'completeEstimate'
          : 'completeJob',
      );
    },

    /** POST /transfer/internal and POST /transfer. */
    async transfer(
      auth: AuthContext,
      input: { requestId: number; fromInstaller?: number; toInstaller: number },
    ) {
      if (auth.userType !== 'installer') throw new AppError('FORBIDDEN', 'Only specialists transfer jobs');
      // Checked once the request is found visible, so a foreign id answers 404 whatever the body.
      const transferOwnJob = () => {
        if (input.fromInstaller !== undefined && input.fromInstaller !== auth.companyId) {
          throw new AppError(
            'FORBIDDEN',
            `Installer ${auth.companyId} cannot transfer jobs of installer ${input.fromInstaller}`,
          );
        }
        return 'transfer' as const;
      };
      const result = await perform(auth, input.requestId, transferOwnJob, { toInstaller: input.toInstaller });
      return {
        success: true,
        message: result.message,
        requestId: result.requestId,
        assignedTo: result.assignedTo,
      };
    },

    /** GET /requestimates/{requestId}/actions: the buttons the server will accept, for this caller. */
    async listActions(auth: AuthContext, requestId: number, query: TActionsQuery): Promise<TActionsReply> {
      const loaded = await loadContext(db, auth, requestId, false);
      if (listRelationships(loaded.actor, loaded.request).length === 0) {
        throw new AppError('FORBIDDEN', `You have no part in request ${requestId}`);
      }
      const service =
        query.serviceId !== undefined ? loaded.services.find((s) => s.id === query.serviceId) : undefined;
      if (query.serviceId !== undefined && !service) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Service ${query.serviceId} is not a service of request ${requestId}`,
        );
      }
      const input: ActionInput = {};
      if (query.vin !== undefined) {
        input.vin = normalizeVin(query.vin);
        input.isVinValid = isValidVin(input.vin);
      }
      if (query.reviewScore !== undefined) input.reviewScore = query.reviewScore;
      if (query.toInstaller !== undefined) input.toInstallerId = query.toInstaller;
      const buttons = listActionButtons({
        actor: loaded.actor,
        request: loaded.request,
        service: service
          ? { serviceId: service.id, serviceState: service.serviceState as ServiceState }
          : undefined,
        input,
        today: loaded.today,
      });
      return {
        requestId,
        currentState: loaded.request.currentState,
        version: loaded.row.version,
        actions: buttons.map((b) => b.action),
        buttons,
        needsInvoiceWarningOnDelete: needsInvoiceWarningOnDelete(loaded.request),
      };
    },
  };
}

/** 'scheduled': the dealer ASSIGNs; an installer claims an open request or books its job. */
export function chooseSchedulingAction(loaded: Loaded, auth: AuthContext): TLifecycleAction {
  if (auth.userType === 'dealer') return 'assign';
  return loaded.row.requestType === 'dealer' && loaded.row.assignedInstallerId === null ? 'claim' : 'book';
}
