import { PublicPlaceholderPage } from '../placeholders/components/public-placeholder-page';

/** Stand-in until this page's work lands (issue 11). */
export function BenefitsPage() {
  return (
    <PublicPlaceholderPage title="Your vehicle protection options" description="This page is being built." />
  );
}
