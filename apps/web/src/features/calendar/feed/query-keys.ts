/** TanStack Query keys of the calendar's ICS subscription link (the shape: `lib/query-keys.ts`). */
export const calendarFeedKeys = {
  all: ['calendar-feed'] as const,
  /** The installer's feed link (active, url). */
  link: (companyId: number, installerId: number) =>
    ['calendar-feed', companyId, 'link', installerId] as const,
};
