import type { TSessionUser } from '@app/contracts/auth.contract';
import { Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { StoredCompany } from '../../../lib/session-store';
import { companyTitle } from '../../../lib/session-store';
import { useSwitchCompany } from '../hooks/use-switch-company';
import { useUserAccess } from '../hooks/use-user-access';

type CompanySwitcherProps = { user: TSessionUser; company: StoredCompany };

// The dropdown's code loads only for users who may reach two or more companies (issue 17).
const CompanySelect = lazy(async () => ({ default: (await import('./company-select')).CompanySelect }));

function CompanyTitle({ title }: { title: string }) {
  return (
    <Text fw={600} truncate="end" title={title} style={{ minWidth: 0 }}>
      {title}
    </Text>
  );
}

/** The company title, or a company dropdown when the user may reach two or more companies (002 §2.3). */
export function CompanySwitcher({ user, company }: CompanySwitcherProps) {
  const access = useUserAccess(user.userId);
  const switchCompany = useSwitchCompany();
  const entries = access.data ?? [];
  const title = companyTitle(company);

  if (entries.length < 2) return <CompanyTitle title={title} />;
  return (
    <Suspense fallback={<CompanyTitle title={title} />}>
      <CompanySelect
        entries={entries}
        selectedId={user.companyId}
        placeholder={title}
        isSwitching={switchCompany.isPending}
        onSelect={(entry) => switchCompany.mutate(entry)}
      />
    </Suspense>
  );
}
