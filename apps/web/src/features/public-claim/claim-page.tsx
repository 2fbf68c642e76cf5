import { PublicPlaceholderPage } from '../placeholders/components/public-placeholder-page';

/** Stand-in until this page's work lands (issue 11). */
export function ClaimPage() {
  return <PublicPlaceholderPage title="Claim this job" description="This page is being built." />;
}
