import { PlaceholderPage } from '../placeholders/components/placeholder-page';

/** Customers and dealerships, R19 and P26 (issue 15). Not built yet. */
export function CustomersPage() {
  return <PlaceholderPage title="Customers" />;
}
