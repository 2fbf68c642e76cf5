/**
 * PUT /requestimates/requestbyID/?Id=: the whole request. It asks for one change at a time (a state, the review
 * score, the deposit, the start date, or a note) and runs it through the same transition or schedule code as
 * the dedicated calls; the echoed fields must match the row (lifecycle.request-update.ts).
 */
import { AppError } from '@app/contracts/errors.contract';
import type {
  TActionInput,
  TLifecycleAction,
  TRequestUpdateBody,
  TRequestUpdateReply,
  TTransitionResult,
} from '@app/contracts/lifecycle.contract';
import type { IsoDate } from '@app/domain/scheduling/dates';
import { toIsoDate } from '@app/domain/scheduling/dates';
import { decideTransition, type RequestState } from '@app/domain/service-requests/request-status';
import { dollarsToCents } from '@app/domain/shared/money';
import { normalizeVin } from '@app/domain/vehicles/vin';
import type { AuthContext } from '../../platform/security/auth-context';
import { chooseSchedulingAction } from './lifecycle.actions';
import type { LifecycleContext, Loaded } from './lifecycle.context';
import type { Perform } from './lifecycle.perform';
import { listChangedEchoedFields } from './lifecycle.request-update';
import type { Schedule } from './lifecycle.schedule';

export function createRequestUpdate(
  { db, repository, loadContext }: LifecycleContext,
  { performInTx }: Perform,
  { setScheduleInTx }: Schedule,
) {
  return {
    /** PUT /requestimates/requestbyID/?Id=: the whole request; see ZRequestUpdateBody for what may change. */
    async updateRequest(
      auth: AuthContext,
      requestId: number,
      body: TRequestUpdateBody,
    ): Promise<TRequestUpdateReply> {
      return db.transaction(async (tx) => {
        const loaded = await loadContext(tx, auth, requestId, true);
        const { row } = loaded;
        if (body.requestId !== undefined && body.requestId !== requestId) {
          throw new AppError(
            'VALIDATION_FAILED',
            `requestId ${body.requestId} does not match Id ${requestId}`,
          );
        }
        const changed = listChangedEchoedFields(body, row);
        if (changed.length > 0) {
          throw new AppError(
            'VALIDATION_FAILED',
            `These fields cannot be changed by this call: ${changed.join(', ')}`,
            {
              details: changed.map((field) => ({
                field: `body.${field}`,
                message: 'cannot be changed here',
              })),
            },
          );
        }
        const state = pickAlias(body.currentState, body.current_state, 'currentState');
        const deposit = pickAlias(body.depositAmount, body.deposit_amount, 'depositAmount');
        const note = pickAlias(body.notes, body.note_text, 'notes');
        const assignedTo = body.installerId ?? (body.assignedTo ? body.assignedTo : undefined);

        // Which single change was asked for.
        const input: TActionInput = {};
        let action: TLifecycleAction | null = null;
        const asked: string[] = [];
        if (state !== undefined && state !== row.currentState) {
          action = chooseActionForState(loaded, auth, state);
          asked.push(`currentState ${state}`);
        } else if (body.reviewScore != null && body.reviewScore !== row.reviewScore) {
          action = 'review';
          asked.push('reviewScore');
        }
        if (body.reviewScore != null) input.reviewScore = body.reviewScore;
        if (deposit !== undefined) {
          const cents = dollarsToCents(deposit);
          if (!cents.ok || cents.cents !== row.depositAmountCents) {
            if (action) asked.push('depositAmount');
            else action = 'setDeposit';
            input.depositAmount = deposit;
          }
        }
        const usesStartDate = action === 'accept' || action === 'claim' || action === 'book';
        if (body.startDate !== undefined) input.startDate = body.startDate;
        let moveTo: IsoDate | null = null;
        if (body.startDate !== undefined && !usesStartDate) {
          const current = await repository.findSchedule(tx, requestId);
          if (!current || toIsoDate(current.startDate) !== body.startDate) {
            if (action) asked.push('startDate');
            else moveTo = body.startDate;
          }
        }
        if (asked.length > 1) {
          throw new AppError('VALIDATION_FAILED', `Change one thing at a time: ${asked.join(', ')}`);
        }
        if (body.vin != null && normalizeVin(body.vin) !== normalizeVin(row.vin ?? '')) {
          if (action !== 'checkIn') {
            throw new AppError(
              'VALIDATION_FAILED',
              'The VIN changes only at CHECK IN (currentState received)',
            );
          }
          input.vin = body.vin;
        } else if (action === 'checkIn' && body.vin != null) {
          input.vin = body.vin;
        }
        const currentAssigned = row.assignedInstallerId ?? 0;
        if (assignedTo !== undefined && assignedTo !== currentAssigned) {
          if (action !== 'assign') {
            throw new AppError(
              'VALIDATION_FAILED',
              'assignedTo changes only by ASSIGN (currentState scheduled)',
            );
          }
        }
        if (action === 'assign' && assignedTo !== undefined) input.installerId = assignedTo;

        let noteAdded = false;
        if (
          note !== undefined &&
          note.trim().length > 0 &&
          note !== (await repository.findLatestNote(tx, requestId))
        ) {
          const edit = decideTransition('editJob', { actor: loaded.actor, request: loaded.request });
          if (!edit.ok) throw new AppError(edit.reason, edit.message);
          await repository.insertNote(tx, {
            requestId,
            noteText: note,
            noteDate: loaded.now,
            userId: auth.userId,
            userType: auth.userType,
            createdAt: loaded.now,
          });
          noteAdded = true;
        }

        let transition: TTransitionResult | null = null;
        let version = row.version;
        let currentState = row.currentState as RequestState;
        if (action) {
          transition = await performInTx(tx, auth, requestId, action, input);
          version = transition.version;
          currentState = transition.currentState;
        } else if (moveTo) {
          const moved = await setScheduleInTx(tx, auth, {
            requestId,
            installerId: auth.companyId,
            startDate: moveTo,
          });
          version = moved.version;
        } else if (noteAdded) {
          version = row.version + 1;
          await repository.updateRequest(tx, requestId, { updatedAt: loaded.now }, version);
        }
        return {
          success: true,
          message:
            transition?.message ??
            (moveTo ? 'Schedule updated.' : noteAdded ? 'Note added.' : 'Nothing to change.'),
          requestId,
          currentState,
          current_state: currentState,
          version,
          transition,
          scheduleMoved: moveTo !== null,
          noteAdded,
        };
      });
    },
  };
}

function pickAlias<T>(a: T | undefined, b: T | undefined, name: string): T | undefined {
  if (a !== undefined && b !== undefined && a !== b) {
    throw new AppError('VALIDATION_FAILED', `${name} is given twice with different values`);
  }
  return a ?? b;
}

/** The action behind a currentState change of the generic update. */
function chooseActionForState(loaded: Loaded, auth: AuthContext, state: RequestState): TLifecycleAction {
  switch (state) {
    case 'answered':
      return 'accept';
    case 'scheduled':
      return chooseSchedulingAction(loaded, auth);
    case 'received':
      return 'checkIn';
    case 'started':
      throw new AppError(
        'VALIDATION_FAILED',
        'Work starts with START SERVICE: PUT /requestServiceState/{requestId} (serviceId, serviceState started)',
      );
    case 'finished':
      return loaded.row.requestType === 'installer' && loaded.row.currentState === 'new'
        ? 'completeEstimate'
        : 'completeJob';
    case 'collected':
      return 'deliver';
    case 'reviewed':
      return 'review';
    case 'deleted':
      return 'delete';
    case 'new':
      return 'reschedule';
  }
}
