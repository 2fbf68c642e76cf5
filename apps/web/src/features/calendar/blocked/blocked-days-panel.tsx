export type BlockedDaysPanelProps = {
  installerId: number;
  /** The period shown, 'YYYY-MM-DD' (both included). */
  from: string;
  to: string;
  /** Called after a day was blocked or unblocked. */
  onChanged: () => void;
};

/** Blocked days of the calendar screen: block a day (holiday, training), unblock it (issue 12). Not built yet. */
export function BlockedDaysPanel(_props: BlockedDaysPanelProps) {
  return null;
}
