/** TanStack Query keys of the calendar screen (the shape: `lib/query-keys.ts`). */
export const calendarKeys = {
  all: ['calendar'] as const,
  ofCompany: (companyId: number) => ['calendar', companyId] as const,
  /** The period read (row 65) of one installer location. */
  period: (companyId: number, installerId: number, from: string, to: string) =>
    ['calendar', companyId, 'period', installerId, { from, to }] as const,
  /** The job detail modal's reads (P21): the full request, its services, its notes. */
  job: (companyId: number, requestId: number, part: 'request' | 'services' | 'notes') =>
    ['calendar', companyId, 'job', requestId, part] as const,
};
