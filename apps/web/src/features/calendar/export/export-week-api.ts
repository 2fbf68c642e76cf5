import {
  calendarExportCalls,
  EXPORT_WEEK_DAYS,
  weekPdfFileName,
} from '@app/contracts/calendar-export.contract';
import { addDays } from '@app/domain/scheduling/dates';
import { buildPath } from '../../../lib/api-client';
import { fetchDocument } from '../../../lib/fetch-document';

/** The week's PDF (Export Week) and the name it is saved under: calendar-week-{start}-to-{end}.pdf. */
export async function downloadWeekPdf(installerId: number, start: string) {
  const blob = await fetchDocument(buildPath(calendarExportCalls.weekPdf.path, { installerId }), { start });
  return { blob, fileName: weekPdfFileName(start, addDays(start, EXPORT_WEEK_DAYS - 1)) };
}
