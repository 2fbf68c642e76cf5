import type { TSessionUser } from '@app/contracts/auth.contract';
import { Loader, Select, Text } from '@mantine/core';
import type { StoredCompany } from '../../../lib/session-store';
import { companyTitle } from '../../../lib/session-store';
import { useSwitchCompany } from '../hooks/use-switch-company';
import { useUserAccess } from '../hooks/use-user-access';

type CompanySwitcherProps = { user: TSessionUser; company: StoredCompany };

/** The company title, or a company dropdown when the user may reach two or more companies (002 §2.3). */
export function CompanySwitcher({ user, company }: CompanySwitcherProps) {
  const access = useUserAccess(user.userId);
  const switchCompany = useSwitchCompany();
  const entries = access.data ?? [];
  const title = companyTitle(company);

  if (entries.length < 2) {
    return (
      <Text fw={600} truncate="end" title={title} style={{ minWidth: 0 }}>
        {title}
      </Text>
    );
  }

  const selected = entries.find((entry) => entry.company_id === user.companyId);
  return (
    <Select
      aria-label="Company"
      data={entries.map((entry) => ({ value: String(entry.company_id), label: entry.company_name }))}
      value={selected ? String(selected.company_id) : null}
      placeholder={title}
      allowDeselect={false}
      disabled={switchCompany.isPending}
      rightSection={switchCompany.isPending ? <Loader size="xs" aria-label="Switching company" /> : undefined}
      onChange={(value) => {
        const entry = entries.find((candidate) => String(candidate.company_id) === value);
        if (entry && entry.company_id !== user.companyId) switchCompany.mutate(entry);
      }}
      w={{ base: 180, sm: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
