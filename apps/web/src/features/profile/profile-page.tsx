import { PlaceholderPage } from '../placeholders/components/placeholder-page';

/** The installer's profile, R21 (issue 15). Not built yet. */
export function ProfilePage() {
  return <PlaceholderPage title="Profile Settings" />;
}
