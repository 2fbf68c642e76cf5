/** TanStack Query keys of the calendar link (the shape: `lib/query-keys.ts`). */
export const calendarLinkKeys = {
  all: ['calendar-link'] as const,
  /** Where the installer's link stands (connected, selection, expired). */
  connection: (companyId: number, installerId: number) =>
    ['calendar-link', companyId, 'connection', installerId] as const,
};
