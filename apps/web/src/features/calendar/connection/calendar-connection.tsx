/** A calendar entry that has no external appointment yet (its job has no event id). */
export type UnsyncedEntry = { requestId: number; serviceId: number | null };

export type CalendarConnectionProps = {
  installerId: number;
  /** The period's entries that need sync (002 §2.5 'Sync All to Calendar (n services)'). */
  unsynced: UnsyncedEntry[];
  /** Called after a connect, select, disconnect or sync changed what the calendar shows. */
  onChanged: () => void;
};

/**
 * Quick actions of the calendar screen: Connect / Disconnect, the 'Select Your Business Calendar' picker
 * (P20), the return from authorisation, and Sync All (issue 12). Not built yet.
 */
export function CalendarConnection(_props: CalendarConnectionProps) {
  return null;
}
