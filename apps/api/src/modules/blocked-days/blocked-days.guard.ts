import { blockedDaysMessages as m } from '@app/contracts/blocked-days.contract';
import { AppError } from '@app/contracts/errors.contract';
import type { IsoDate } from '@app/domain/scheduling/dates';
import type { Db, Tx } from '../../db/client';
import { blockedDaysRepository as repository } from './blocked-days.repository';

/**
 * How the rest of the API honours blocked days (row 66, decision 024): availability and the drop-off picker
 * read them as closed days; bookings, schedules and claims are refused (409) when the job's work days
 * include one. Each is one indexed read, in the caller's transaction; a booking's check first takes the
 * days' locks that blocking a day takes too (blockedDaysRepository.lockDays).
 */

/** The installer's blocked days in [from, to] ('YYYY-MM-DD'), as the domain's closed days. */
export async function listClosedDays(
  conn: Db | Tx,
  installerId: number,
  from: string,
  to: string,
): Promise<IsoDate[]> {
  const rows = await repository.list(conn, installerId, from, to);
  return rows.map((r) => r.workDate as IsoDate);
}

/**
 * 409 when any of the job's work days is blocked for the installer: `booking` for BOOK JOB, claims,
 * /schedule/ and the wizards' bookings; `dropOff` for the installer wizard's drop-off date.
 */
export async function assertDaysOpen(
  conn: Db | Tx,
  installerId: number,
  days: readonly string[],
  kind: 'booking' | 'dropOff' = 'booking',
): Promise<void> {
  // A booking holds the days until it commits, so a concurrent block of one of them waits and then sees it.
  if (kind === 'booking') await repository.lockDays(conn, installerId, days);
  const [first, ...others] = await repository.findAmong(conn, installerId, days);
  if (!first) return;
  const message = kind === 'dropOff' ? m.dropOffOnBlockedDay : m.bookingOnBlockedDay;
  throw new AppError('CONFLICT', message(first.workDate, first.reason), {
    details: { blockedDays: [first, ...others].map((d) => d.workDate) },
  });
}
