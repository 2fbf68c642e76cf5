import { Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActingCompanyId } from '../../lib/query-keys';
import { AddCustomerForm } from './add-customer-form';
import { AddDealerForm } from './add-dealer-form';
import { searchParties } from './estimate-wizard.api';
import type { Party } from './previous-popups';
import { estimateWizardKeys } from './query-keys';

/** Step 1: a customer or dealer found by name (a keyboard-driven combobox), or a new one added. */
export function CustomerStep(props: {
  value: Party | null;
  onChange: (p: Party | null) => void;
  installerId: number;
}) {
  const [kind, setKind] = useState<'customer' | 'dealer'>(props.value?.kind ?? 'customer');
  const [query, setQuery] = useState(props.value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [adding, setAdding] = useState(false);
  const companyId = useActingCompanyId();
  const search = useQuery({
    queryKey: estimateWizardKeys.partySearch(companyId, kind, query),
    queryFn: () => searchParties(kind, query),
  });
  const addLabel = kind === 'customer' ? 'Add new customer...' : 'Add new dealer...';
  const options = [...(search.data ?? []).slice(0, 50), { id: -1, name: addLabel }];

  function pick(index: number) {
    const o = options[index];
    if (!o) return;
    setOpen(false);
    if (o.id === -1) {
      setAdding(true);
      props.onChange(null);
      return;
    }
    setQuery(o.name);
    props.onChange({ kind, id: o.id, name: o.name });
  }

  return (
    <Stack>
      <Radio.Group
        label="Work for"
        value={kind}
        onChange={(v) => {
          setKind(v as 'customer' | 'dealer');
          setQuery('');
          setAdding(false);
          props.onChange(null);
        }}
      >
        <Group mt={4}>
          <Radio value="customer" label="Customer" />
          <Radio value="dealer" label="Dealer" />
        </Group>
      </Radio.Group>
      <div style={{ position: 'relative' }}>
        <TextInput
          label={kind === 'customer' ? 'Search customers' : 'Search dealers'}
          role="combobox"
          aria-expanded={open}
          aria-controls="party-listbox"
          aria-autocomplete="list"
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(options.length - 1, a + 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(0, a - 1));
            } else if (e.key === 'Enter' && open) {
              e.preventDefault();
              pick(active);
            } else if (e.key === 'Escape') setOpen(false);
          }}
        />
        {open && (
          <Paper
            id="party-listbox"
            role="listbox"
            withBorder
            shadow="sm"
            style={{ position: 'absolute', zIndex: 10, left: 0, right: 0, maxHeight: 200, overflowY: 'auto' }}
          >
            {options.map((o, i) => (
              <Text
                key={o.id}
                role="option"
                aria-selected={i === active}
                p="xs"
                bg={i === active ? 'var(--mantine-color-blue-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(i);
                }}
              >
                {o.name}
              </Text>
            ))}
          </Paper>
        )}
      </div>
      {props.value && (
        <Text fw={500} data-testid="party-summary">
          {props.value.kind === 'dealer' ? 'Dealer' : 'Customer'}: {props.value.name}
        </Text>
      )}
      {adding && kind === 'customer' && (
        <AddCustomerForm
          installerId={props.installerId}
          onCreated={(p) => {
            setAdding(false);
            setQuery(p.name);
            props.onChange(p);
          }}
        />
      )}
      {adding && kind === 'dealer' && (
        <AddDealerForm
          onCreated={(p) => {
            setAdding(false);
            setQuery(p.name);
            props.onChange(p);
          }}
        />
      )}
    </Stack>
  );
}
