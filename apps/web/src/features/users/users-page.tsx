import { PlaceholderPage } from '../placeholders/components/placeholder-page';

/** User management, R20 (issue 15). Not built yet. */
export function UsersPage() {
  return <PlaceholderPage title="User Management" />;
}
