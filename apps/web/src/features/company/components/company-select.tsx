import type { TCompanyAccessEntry as AccessEntry } from '@app/contracts/shell.contract';
import { Loader, NativeSelect } from '@mantine/core';

type CompanySelectProps = {
  entries: readonly AccessEntry[];
  selectedId: number;
  placeholder: string;
  isSwitching: boolean;
  onSelect: (entry: AccessEntry) => void;
};

/**
 * The company dropdown of the top bar, for users who may reach two or more companies. A native select: the
 * phone's own picker, the keyboard and screen readers handle it, and it costs the list screen no combobox,
 * popover or floating-positioning code (issue 17: the installer ADMIN's first download stays ≤ 200 KB).
 */
export function CompanySelect({
  entries,
  selectedId,
  placeholder,
  isSwitching,
  onSelect,
}: CompanySelectProps) {
  const selected = entries.find((entry) => entry.company_id === selectedId);
  const options = entries.map((entry) => ({ value: String(entry.company_id), label: entry.company_name }));
  return (
    <NativeSelect
      aria-label="Company"
      data={selected ? options : [{ value: '', label: placeholder, disabled: true }, ...options]}
      value={selected ? String(selected.company_id) : ''}
      disabled={isSwitching}
      rightSection={isSwitching ? <Loader size="xs" aria-label="Switching company" /> : undefined}
      onChange={(event) => {
        const entry = entries.find((candidate) => String(candidate.company_id) === event.currentTarget.value);
        if (entry && entry.company_id !== selectedId) onSelect(entry);
      }}
      w={{ base: 180, sm: 260 }}
    />
  );
}
