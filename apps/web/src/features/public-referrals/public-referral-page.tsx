import { PublicPlaceholderPage } from '../placeholders/components/public-placeholder-page';

/** Stand-in until this page's work lands (issue 11). */
export function PublicReferralPage() {
  return <PublicPlaceholderPage title="Refer a customer" description="This page is being built." />;
}
