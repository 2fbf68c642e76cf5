import type { UserType } from '@app/domain/identity/access';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { IconSearch, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type FinancialsView,
  type StateFilter,
  stateFilters,
  type TypeFilter,
  typeFilters,
} from './financial-view';

type FinancialFiltersProps = {
  view: FinancialsView;
  userType: UserType;
  onChange: (changes: Partial<FinancialsView>) => void;
};

/** A search box that applies its term on Enter or its button; the alert above the table clears it. */
function SearchBox(props: {
  label: string;
  buttonLabel: string;
  icon: typeof IconSearch;
  value: string;
  maxLength: number;
  onSearch: (term: string) => void;
}) {
  const [term, setTerm] = useState(props.value);
  const Icon = props.icon;
  return (
    <search aria-label={`${props.buttonLabel} by ${props.label.toLowerCase()}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onSearch(term.trim());
        }}
      >
        <Group gap={4} align="flex-end" wrap="nowrap">
          <TextInput
            label={props.label}
            value={term}
            onChange={(event) => setTerm(event.currentTarget.value)}
            maxLength={props.maxLength}
            leftSection={<Icon size={16} aria-hidden />}
            w={200}
          />
          <Button type="submit" variant="default" disabled={term.trim() === ''}>
            {props.buttonLabel}
          </Button>
        </Group>
      </form>
    </search>
  );
}

/**
 * The filters of R15: state (All States, Invoiced, Paid), type (All Types, Dealer, Retail; installers only),
 * the invoice-number search and the name filter. A search and a name filter each replace the other.
 */
export function FinancialFilters({ view, userType, onChange }: FinancialFiltersProps) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <NativeSelect
        label="State"
        data={[...stateFilters]}
        value={view.state}
        onChange={(event) => onChange({ state: event.currentTarget.value as StateFilter })}
        w={150}
      />
      {userType === 'installer' && (
        <NativeSelect
          label="Type"
          data={[...typeFilters]}
          value={view.type}
          onChange={(event) => onChange({ type: event.currentTarget.value as TypeFilter })}
          w={150}
        />
      )}
      {(
        [
          {
            field: 'invoice',
            other: 'name',
            label: 'Invoice number',
            button: 'Search',
            icon: IconSearch,
            max: 60,
          },
          { field: 'name', other: 'invoice', label: 'Name', button: 'Filter', icon: IconUser, max: 120 },
        ] as const
      ).map((box) => (
        <SearchBox
          key={`${box.field}-${view[box.field]}`}
          label={box.label}
          buttonLabel={box.button}
          icon={box.icon}
          value={view[box.field]}
          maxLength={box.max}
          onSearch={(term) => onChange({ [box.field]: term, [box.other]: '' })}
        />
      ))}
    </Group>
  );
}
