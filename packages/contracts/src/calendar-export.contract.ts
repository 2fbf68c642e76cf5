import { z } from 'zod';
import { calendarMessages } from './calendar.contract';
import { defineCall } from './call.contract';
import { ZDayInput } from './wire-dates.contract';

/**
 * Export Week (002 §2.5, §9; M134, M141; issue 12; decision 024): the week's calendar as an A4 PDF built on
 * the server, named with the week's dates. Access is the calendar's (row 64): the installer itself, another
 * location of its group or a granted company (ASSIST included: it only reads); 404 otherwise.
 */
export const calendarExportPaths = {
  weekPdf: '/installerCalendars/:installerId/week.pdf',
} as const;

/** The screen's messages, word for word (002 §5, §8). */
export const calendarExportMessages = {
  /** M141 */
  weekViewOnly: calendarMessages.exportWeekOnly,
  /** M134 */
  failed: 'Error generating PDF export. Please try again.',
} as const;

/** Days in an exported week (the start day and the six after it). */
export const EXPORT_WEEK_DAYS = 7;

/** 'calendar-week-2026-11-23-to-2026-11-29.pdf' */
export function weekPdfFileName(start: string, end: string): string {
  return `calendar-week-${start}-to-${end}.pdf`;
}

const MAX_DB_ID = 2_147_483_647;

export const ZWeekPdfParams = z.object({ installerId: z.coerce.number().int().positive().max(MAX_DB_ID) });
export const ZWeekPdfQuery = z.object({
  /** The week's first day (the screen's week start); the PDF covers it and the six days after. */
  start: ZDayInput,
});
export type TWeekPdfQuery = z.infer<typeof ZWeekPdfQuery>;

export const calendarExportCalls = {
  weekPdf: defineCall({
    operationId: 'exportCalendarWeekPdf',
    method: 'GET',
    path: calendarExportPaths.weekPdf,
    params: ZWeekPdfParams,
    query: ZWeekPdfQuery,
    reply: z.string().describe('application/pdf'),
    errors: ['NOT_FOUND'],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'Export Week: the week’s calendar as an A4 PDF (002 §2.5)',
    description:
      'One row per job and day from start through start + 6 (date, job, customer, vehicle, services, status, due date); closed days and empty days are listed too. Page numbers and a repeated header row on every page. Sent as an attachment named calendar-week-{start}-to-{end}.pdf. A missing or unreadable start answers 400.',
    tags: ['calendar'],
  }),
};
