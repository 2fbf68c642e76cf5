import { RequestPlaceholderPage } from '../placeholders/components/placeholder-page';

/** Edit job, R22 (issue 16). Not built yet. */
export function EditJobPage() {
  return <RequestPlaceholderPage title="Edit Job" />;
}
