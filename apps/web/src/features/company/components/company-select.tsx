import type { TCompanyAccessEntry as AccessEntry } from '@app/contracts/shell.contract';
import { Loader, Select } from '@mantine/core';

type CompanySelectProps = {
  entries: readonly AccessEntry[];
  selectedId: number;
  placeholder: string;
  isSwitching: boolean;
  onSelect: (entry: AccessEntry) => void;
};

/**
 * The company dropdown of the top bar, for users who may reach two or more companies. Its own module: the
 * dropdown's code (combobox, popover, floating positioning) loads only for them (issue 17).
 */
export function CompanySelect({
  entries,
  selectedId,
  placeholder,
  isSwitching,
  onSelect,
}: CompanySelectProps) {
  const selected = entries.find((entry) => entry.company_id === selectedId);
  return (
    <Select
      aria-label="Company"
      data={entries.map((entry) => ({ value: String(entry.company_id), label: entry.company_name }))}
      value={selected ? String(selected.company_id) : null}
      placeholder={placeholder}
      allowDeselect={false}
      disabled={isSwitching}
      rightSection={isSwitching ? <Loader size="xs" aria-label="Switching company" /> : undefined}
      onChange={(value) => {
        const entry = entries.find((candidate) => String(candidate.company_id) === value);
        if (entry && entry.company_id !== selectedId) onSelect(entry);
      }}
      w={{ base: 180, sm: 260 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
