import { PublicPlaceholderPage } from '../placeholders/components/public-placeholder-page';

/** Stand-in until this page's work lands (issue 11). */
export function ReferralClaimPage() {
  return <PublicPlaceholderPage title="Claim this referral" description="This page is being built." />;
}
