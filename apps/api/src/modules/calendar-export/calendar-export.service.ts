import { EXPORT_WEEK_DAYS, weekPdfFileName } from '@app/contracts/calendar-export.contract';
import { AppError } from '@app/contracts/errors.contract';
import { addDays, listDays, toIsoDate } from '@app/domain/scheduling/dates';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import { blockedDaysRepository } from '../blocked-days/blocked-days.repository';
import type { SchedulingRepository } from '../scheduling/scheduling.repository';
import type { CalendarExportRepository, WeekCalendarRow } from './calendar-export.repository';
import { renderWeekPdf, type WeekPdfDay, type WeekPdfJob } from './week-pdf';

/** The weeks that can be exported (a start outside answers 400, not a database error). */
const EXPORT_FIRST_DAY = '1900-01-01';
const EXPORT_LAST_DAY = '2999-12-25';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The rows of one job on one day as the PDF's row: the lines worked that day, in order. */
function toJob(rows: WeekCalendarRow[]): WeekPdfJob {
  const first = rows[0] as WeekCalendarRow;
  const lines = [...new Set(rows.flatMap((r) => (r.serviceDescription ? [r.serviceDescription] : [])))];
  const customer =
    first.requestType === 'dealer'
      ? [first.dealerName, first.customerName].filter(Boolean).join(' · ')
      : (first.customerName ?? first.dealerName ?? '');
  return {
    requestId: first.requestId,
    customer: customer || '—',
    vehicle:
      [first.vehicleYear, first.vehicleMake, first.vehicleModel, first.vehicleTrim]
        .filter(Boolean)
        .join(' ') || '—',
    services: lines.length > 0 ? lines.join('; ') : first.serviceRequested || '—',
    status: capitalize(first.workStatus),
    dueDate: first.dueDate ? toIsoDate(first.dueDate) : null,
  };
}

/** Export Week (002 §2.5): the week's rows, grouped per day and job, rendered by `renderWeekPdf`. */
export function createCalendarExportService({
  db,
  repository,
  scheduling,
  clock = () => new Date(),
}: {
  db: Db;
  repository: CalendarExportRepository;
  scheduling: Pick<SchedulingRepository, 'canReadInstaller'>;
  clock?: () => Date;
}) {
  return {
    async weekPdf(
      auth: AuthContext,
      installerId: number,
      start: string,
    ): Promise<{ pdf: Buffer; fileName: string }> {
      if (start < EXPORT_FIRST_DAY || start > EXPORT_LAST_DAY) {
        throw new AppError(
          'VALIDATION_FAILED',
          `start must be between ${EXPORT_FIRST_DAY} and ${EXPORT_LAST_DAY}`,
        );
      }
      const mayRead = auth.userType === 'installer' && (await scheduling.canReadInstaller(auth, installerId));
      const installerName = mayRead ? await repository.findInstallerName(installerId) : null;
      if (installerName === null) throw new AppError('NOT_FOUND', `Installer ${installerId} does not exist`);
      const end = addDays(start, EXPORT_WEEK_DAYS - 1);
      const [rows, blocked] = await Promise.all([
        repository.listWeekRows(installerId, start, end),
        blockedDaysRepository.list(db, installerId, start, end),
      ]);
      const closed = new Map(blocked.map((b) => [b.workDate, b.reason]));
      const days: WeekPdfDay[] = listDays(start, end).map((date) => {
        const byJob = new Map<number, WeekCalendarRow[]>();
        for (const row of rows) {
          if (row.workDate !== date) continue;
          const group = byJob.get(row.requestId);
          if (group) group.push(row);
          else byJob.set(row.requestId, [row]);
        }
        return { date, closedReason: closed.get(date) ?? null, jobs: [...byJob.values()].map(toJob) };
      });
      const pdf = await renderWeekPdf({ installerName, start, end, generatedAt: clock(), days });
      return { pdf, fileName: weekPdfFileName(start, end) };
    },
  };
}
export type CalendarExportService = ReturnType<typeof createCalendarExportService>;
