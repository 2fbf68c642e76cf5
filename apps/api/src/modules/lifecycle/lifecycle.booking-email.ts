/** GET /sendemailb/{requestId}: the booking e-mail, at most once per version of the request. */
import { AppError } from '@app/contracts/errors.contract';
import type { TBookingEmailReply } from '@app/contracts/lifecycle.contract';
import { toIsoDate } from '@app/domain/scheduling/dates';
import { computeBookingDates } from '@app/domain/scheduling/job-dates';
import { findPerformerId } from '@app/domain/service-requests/request-status';
import type { AuthContext } from '../../platform/security/auth-context';
import type { LifecycleContext } from './lifecycle.context';
import { enqueueBookingEmail } from './lifecycle.notifications';

export function createBookingEmail({ db, repository, loadContext }: LifecycleContext) {
  return {
    /** GET /sendemailb/{requestId}: the booking e-mail, at most once per version of the request. */
    async sendBookingEmail(auth: AuthContext, requestId: number): Promise<TBookingEmailReply> {
      return db.transaction(async (tx) => {
        const loaded = await loadContext(tx, auth, requestId, true);
        const { row } = loaded;
        if (auth.access === 'ASSIST')
          throw new AppError('FORBIDDEN', 'ASSIST access is read-only: cannot send e-mail');
        if (auth.userType !== 'installer' || findPerformerId(loaded.request) !== auth.companyId) {
          throw new AppError(
            'FORBIDDEN',
            `Installer ${auth.companyId} is not doing the work of this request`,
          );
        }
        if (!['scheduled', 'received', 'started'].includes(row.currentState)) {
          throw new AppError(
            'INVALID_TRANSITION',
            `Cannot send the booking e-mail of a request in state ${row.currentState}`,
          );
        }
        const schedule = await repository.findSchedule(tx, requestId);
        if (!schedule) throw new AppError('INVALID_TRANSITION', `Request ${requestId} has no schedule`);
        const startDate = toIsoDate(schedule.startDate);
        const sent = await enqueueBookingEmail(tx, loaded, {
          installerName: loaded.callerInstaller?.name ?? 'Your specialist',
          schedule: {
            startDate,
            endDate: computeBookingDates({
              requestType: loaded.request.requestType,
              startDate,
              durationDays: loaded.request.durationDays ?? null,
            }).endDate,
          },
          version: row.version,
        });
        return sent
          ? { success: true, message: 'Booking e-mail queued.' }
          : { success: false, message: 'No e-mail address on file for this job.' };
      });
    },
  };
}
