import {
  BLOCKED_RANGE_MAX_DAYS,
  blockedDaysMessages as m,
  type TBlockedDay,
  type TBlockedDaysQuery,
} from '@app/contracts/blocked-days.contract';
import { AppError } from '@app/contracts/errors.contract';
import { addDays, diffDays, toIsoDate } from '@app/domain/scheduling/dates';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import type { SchedulingRepository } from '../scheduling/scheduling.repository';
import { type BlockedDayRow, blockedDaysRepository as repository } from './blocked-days.repository';

function toWire(row: BlockedDayRow): TBlockedDay {
  return {
    installerId: row.installerId,
    workDate: row.workDate,
    work_date: row.workDate,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Row 66 and our writes (decision 024). Access is the calendar's (row 64): the installer itself, another
 * location of its group or a granted company; anyone else, and an installer that does not exist, get 404.
 * ASSIST is refused the writes by the guard (effect 'write').
 */
export function createBlockedDaysService({
  db,
  scheduling,
  clock = () => new Date(),
}: {
  db: Db;
  scheduling: Pick<SchedulingRepository, 'canReadInstaller' | 'findCapacity'>;
  clock?: () => Date;
}) {
  async function requireCalendarAccess(auth: AuthContext, installerId: number): Promise<void> {
    const mayRead = auth.userType === 'installer' && (await scheduling.canReadInstaller(auth, installerId));
    const found = mayRead ? await scheduling.findCapacity(installerId) : null;
    if (!found) throw new AppError('NOT_FOUND', `Installer ${installerId} does not exist`);
  }

  return {
    async list(auth: AuthContext, installerId: number, query: TBlockedDaysQuery): Promise<TBlockedDay[]> {
      const from = query.from ?? toIsoDate(clock());
      const to = query.to ?? null;
      if (to !== null && to < from) throw new AppError('VALIDATION_FAILED', m.toBeforeFrom);
      if (to !== null && diffDays(from, to) + 1 > BLOCKED_RANGE_MAX_DAYS) {
        throw new AppError('VALIDATION_FAILED', m.rangeTooLong);
      }
      await requireCalendarAccess(auth, installerId);
      return (await repository.list(db, installerId, from, to)).map(toWire);
    },

    /**
     * Blocks a day. Yesterday (UTC) is still accepted: it is today in every zone west of UTC. A day with
     * pending, booked or started work answers 409 naming the jobs; the check and the insert run in one
     * transaction, under the day's lock that bookings take too (so a booking onto the day at the same
     * moment either commits first and is named here, or waits and is refused).
     */
    async block(
      auth: AuthContext,
      installerId: number,
      body: { workDate: string; reason: string },
    ): Promise<{ day: TBlockedDay; created: boolean }> {
      await requireCalendarAccess(auth, installerId);
      const now = clock();
      if (body.workDate < addDays(toIsoDate(now), -1)) {
        throw new AppError('VALIDATION_FAILED', m.pastDay(body.workDate));
      }
      return db.transaction(async (tx) => {
        await repository.lockDays(tx, installerId, [body.workDate]);
        const jobs = await repository.listCommittedJobs(tx, installerId, body.workDate);
        if (jobs.length > 0) {
          throw new AppError('CONFLICT', m.dayHasWork(body.workDate, jobs), {
            details: { requestIds: jobs },
          });
        }
        const { row, created } = await repository.upsert(tx, {
          installerId,
          workDate: body.workDate,
          reason: body.reason,
          now,
        });
        return { day: toWire(row), created };
      });
    },

    async unblock(auth: AuthContext, installerId: number, workDate: string) {
      await requireCalendarAccess(auth, installerId);
      const removed = await repository.remove(db, installerId, workDate);
      return { success: true as const, workDate, removed };
    },
  };
}
export type BlockedDaysService = ReturnType<typeof createBlockedDaysService>;
