import { PublicPlaceholderPage } from '../placeholders/components/public-placeholder-page';

/** Stand-in until this page's work lands (issue 11). */
export function ReferralsPage() {
  return <PublicPlaceholderPage title="Referrals" description="This page is being built." />;
}
