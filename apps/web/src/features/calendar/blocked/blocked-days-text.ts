/** Wording of the blocked-days panel (ours: the spec names the feature, not its words; decision 024). */
export const blockedDaysText = {
  title: 'Blocked days',
  hint: 'Close the shop on a day (holiday, training): no work can be booked on it.',
  dayLabel: 'Day to block',
  dayPlaceholder: 'Pick a day',
  chooseDay: 'Choose a day to block',
  reasonLabel: 'Reason (optional)',
  reasonPlaceholder: 'Holiday, training…',
  blockButton: 'Block day',
  unblockButton: 'Unblock',
  unblockLabel: (day: string) => `Unblock ${day}`,
  confirmTitle: 'Unblock this day?',
  confirmBody: (day: string) => `Work can be booked on ${day} again.`,
  cancel: 'Cancel',
  blocked: (day: string) => `${day} is blocked.`,
  unblocked: (day: string) => `${day} is open again.`,
  blockFailed: 'Failed to block the day. Please try again.',
  unblockFailed: 'Failed to unblock the day. Please try again.',
  loading: 'Loading blocked days…',
  loadFailed: 'Failed to load blocked days.',
  retry: 'Retry',
  empty: 'No blocked days in this period or later.',
  noReason: 'No reason given',
  inPeriod: 'This period',
} as const;

const dayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'Thu, Dec 3, 2026' for '2026-12-03'. */
export function formatBlockedDay(day: string): string {
  return dayFormat.format(new Date(`${day}T12:00:00Z`));
}
