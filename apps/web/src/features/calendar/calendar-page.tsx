import { PlaceholderPage } from '../placeholders/components/placeholder-page';

/** The installer's capacity calendar, R14 (issue 12). Not built yet. */
export function CalendarPage() {
  return <PlaceholderPage title="Calendar" />;
}
