import { AppError } from '@app/contracts/errors.contract';
import { notesRequiredMessage, type TServiceLineInput } from '@app/contracts/request-creation.contract';
import { isVehicleSize } from '@app/domain/vehicles/vehicle-size';
import type { AuthContext } from '../../platform/security/auth-context';
import { type RequestCreationContext, toCreatedLine, toServiceLine } from './request-creation.context';
import { createLinePricer, type PricingScope, toWireTotals } from './request-pricing';

/** What is added to an existing request: a service line (totals recomputed), a note, an offer. */
export function createRequestAdditions(deps: RequestCreationContext) {
  const { db, repository, catalog, matching, clock, applyTotals, lineValues, planInstallerCalendar } = deps;

  return {
    /**
     * POST /requestService (row 73): one line, priced from the catalog; the request's totals are recomputed
     * from all its lines in the same transaction (the request row is locked, so concurrent posts add up).
     */
    async addService(auth: AuthContext, body: TServiceLineInput & { requestId: number }) {
      return db.transaction(async (tx) => {
        const locked = await repository.lockRequest(tx, body.requestId);
        const request = locked?.request;
        const isCreator =
          locked &&
          request &&
          (auth.userType === 'dealer'
            ? request.requestType === 'dealer' &&
              request.requestorDealerId === auth.companyId &&
              locked.creatorInstallerId === null
            : request.assignedInstallerId === auth.companyId &&
              (request.requestorInstallerId === auth.companyId ||
                locked.creatorInstallerId === auth.companyId));
        if (!locked || !request || request.deletedAt || !isCreator) {
          throw new AppError('NOT_FOUND', `Request ${body.requestId} was not found`);
        }
        const editable = auth.userType === 'dealer' ? ['new'] : ['new', 'scheduled'];
        if (!editable.includes(request.currentState) || locked.hasStartedLines) {
          throw new AppError(
            'INVALID_TRANSITION',
            `Cannot add a service to request ${request.id} in state ${request.currentState}`,
          );
        }
        const isDealerWork = request.requestType === 'dealer';
        const installer = request.assignedInstallerId
          ? await repository.findInstaller(tx, request.assignedInstallerId)
          : null;
        const taxRateBps = isDealerWork ? 0 : (installer?.taxRateBps ?? 0);
        const existingRows = await repository.listLines(tx, request.id);
        const includes = await catalog.listInclusions(
          existingRows.map((r) => r.masterServiceId).filter((id): id is number => id !== null),
          tx,
        );
        const scope: PricingScope = {
          caller: auth.userType,
          requestType: isDealerWork ? 'dealer' : 'installer',
          size: isVehicleSize(request.vehicleSize) ? request.vehicleSize : 'M',
          trimId: locked.trimId,
          dealerId: request.dealerId ?? request.requestorDealerId,
          installerId: request.assignedInstallerId,
        };
        const pricer = createLinePricer({ catalog, matching, conn: tx });
        const selection = await pricer.priceAndSelect(
          scope,
          [body],
          existingRows.map((r) => toServiceLine(r, includes)),
        );
        await repository.deleteLines(tx, selection.removedLineIds);
        const nextPosition = existingRows.reduce((max, r) => Math.max(max, r.position + 1), 0);
        const [inserted] = await repository.insertLines(
          tx,
          lineValues(request.id, selection.added, nextPosition),
        );
        if (!inserted) throw new Error('service line insert returned no row');
        const lines = await repository.listLines(tx, request.id);
        const { totals, serviceRequested } = await applyTotals(tx, request, lines, taxRateBps);
        if (auth.userType === 'installer') await planInstallerCalendar(tx, request, lines);
        return {
          ...toCreatedLine(inserted),
          success: true as const,
          requestId: request.id,
          removedLineIds: selection.removedLineIds,
          totals: toWireTotals(totals, serviceRequested),
        };
      });
    },

    /** POST /requestnotes/ (row 72): a non-empty note by a party of the request. */
    async addNote(auth: AuthContext, body: { requestId: number; noteText: string }) {
      const text = body.noteText.trim();
      return db.transaction(async (tx) => {
        const locked = await repository.lockRequest(tx, body.requestId);
        const request = locked?.request;
        const isParty =
          request &&
          (auth.userType === 'dealer'
            ? request.requestorDealerId === auth.companyId
            : request.assignedInstallerId === auth.companyId ||
              request.requestorInstallerId === auth.companyId);
        if (!request || request.deletedAt || !isParty) {
          throw new AppError('NOT_FOUND', `Request ${body.requestId} was not found`);
        }
        // After the access check: a request of another company is not found, whatever the note says.
        if (!text) throw new AppError('VALIDATION_FAILED', notesRequiredMessage);
        const noteId = await repository.insertNote(tx, {
          requestId: request.id,
          noteText: text,
          userId: auth.userId,
          userType: auth.userType,
          at: clock(),
        });
        return { success: true as const, noteId, requestId: request.id };
      });
    },

    /**
     * POST /requestoffered (row 74), idempotent per request and installer. An installer records its own offer on
     * its estimate (offered) or job (scheduled); a dealer offers its new request to an eligible specialist.
     */
    async addOffer(
      auth: AuthContext,
      body: {
        requestId: number;
        installerId: number;
        currentStatus: 'offered' | 'scheduled';
        startDate?: Date | null;
        endDate?: Date | null;
      },
    ) {
      return db.transaction(async (tx) => {
        const locked = await repository.lockRequest(tx, body.requestId);
        const request = locked?.request;
        if (!request || request.deletedAt)
          throw new AppError('NOT_FOUND', `Request ${body.requestId} was not found`);
        if (auth.userType === 'installer') {
          if (body.installerId !== auth.companyId || request.assignedInstallerId !== auth.companyId) {
            throw new AppError('NOT_FOUND', `Request ${body.requestId} was not found`);
          }
          const expected = request.currentState === 'scheduled' ? 'scheduled' : 'offered';
          if (body.currentStatus !== expected) {
            throw new AppError(
              'INVALID_TRANSITION',
              `The offer of a ${request.currentState} request is ${expected}`,
            );
          }
        } else {
          if (request.requestorDealerId !== auth.companyId || request.requestType !== 'dealer') {
            throw new AppError('NOT_FOUND', `Request ${body.requestId} was not found`);
          }
          if (request.currentState !== 'new' || body.currentStatus !== 'offered') {
            throw new AppError('INVALID_TRANSITION', 'A dealer offers new requests only (status offered)');
          }
          const categories = [
            ...new Set((await repository.listLines(tx, request.id)).map((l) => l.serviceCategory)),
          ];
          if (!(await matching.isEligible(auth.companyId, body.installerId, categories, tx))) {
            throw new AppError(
              'FORBIDDEN',
              `Specialist ${body.installerId} does not take this work from your dealership`,
            );
          }
        }
        const { offer, created } = await repository.upsertOffer(tx, {
          requestId: request.id,
          installerId: body.installerId,
          status: body.currentStatus,
          startDate: body.startDate ?? request.availableDate,
          endDate: body.endDate ?? null,
        });
        if (created && request.offerState === null) {
          await repository.updateRequest(tx, request.id, { offerState: body.currentStatus });
        }
        return {
          success: true as const,
          offerId: offer.id,
          requestId: request.id,
          installerId: offer.installerId,
          currentStatus: offer.currentStatus,
          created,
        };
      });
    },
  };
}
