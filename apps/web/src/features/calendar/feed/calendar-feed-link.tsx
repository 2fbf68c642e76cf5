export type CalendarFeedLinkProps = { installerId: number };

/** The ICS subscription link with Copy link / Reset link (issue 12). Not built yet. */
export function CalendarFeedLink(_props: CalendarFeedLinkProps) {
  return null;
}
