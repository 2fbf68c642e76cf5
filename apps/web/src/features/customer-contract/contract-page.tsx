import { RequestPlaceholderPage } from '../placeholders/components/placeholder-page';

/** The customer contract, R23 and P28 (issue 16). Not built yet. */
export function ContractPage() {
  return <RequestPlaceholderPage title="Customer Contract" />;
}
