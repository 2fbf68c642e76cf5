import { Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useActingCompanyId } from '../../lib/query-keys';
import { AddCustomerForm } from './add-customer-form';
import { AddDealerForm } from './add-dealer-form';
import { searchParties } from './estimate-wizard.api';
import type { Party } from './previous-popups';
import { estimateWizardKeys } from './query-keys';

type PartyKind = Party['kind'];

/** Typing waits this long before it searches, so a name typed quickly is one search, not one per key. */
export const PARTY_SEARCH_DEBOUNCE_MS = 200;

/**
 * Step 1: a customer or dealer found by name (a keyboard-driven combobox: arrows, Enter, Escape; the
 * active option is announced through aria-activedescendant), or a new one added. What the user chose (the
 * kind and the search text) is a form; whether the list is open and which option is active is the
 * combobox's own state.
 */
export function CustomerStep(props: {
  value: Party | null;
  onChange: (p: Party | null) => void;
  installerId: number;
}) {
  const form = useForm<{ kind: PartyKind; query: string }>({
    initialValues: { kind: props.value?.kind ?? 'customer', query: props.value?.name ?? '' },
  });
  const { kind, query } = form.values;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [adding, setAdding] = useState(false);
  const listboxId = useId();
  const companyId = useActingCompanyId();
  const [searched] = useDebouncedValue(query, PARTY_SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: estimateWizardKeys.partySearch(companyId, kind, searched),
    queryFn: () => searchParties(kind, searched),
    // The last results stay while the next search runs, so the list does not flicker.
    placeholderData: keepPreviousData,
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
    form.setFieldValue('query', o.name);
    props.onChange({ kind, id: o.id, name: o.name });
  }

  function added(party: Party) {
    setAdding(false);
    form.setFieldValue('query', party.name);
    props.onChange(party);
  }

  const optionId = (index: number) => `${listboxId}-option-${index}`;

  return (
    <Stack>
      <Radio.Group
        label="Work for"
        value={kind}
        onChange={(v) => {
          form.setValues({ kind: v as PartyKind, query: '' });
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
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={open ? optionId(active) : undefined}
          value={query}
          onChange={(e) => {
            form.setFieldValue('query', e.currentTarget.value);
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
            id={listboxId}
            role="listbox"
            withBorder
            shadow="sm"
            style={{ position: 'absolute', zIndex: 10, left: 0, right: 0, maxHeight: 200, overflowY: 'auto' }}
          >
            {options.map((o, i) => (
              <Text
                key={o.id}
                id={optionId(i)}
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
      {adding && kind === 'customer' && <AddCustomerForm installerId={props.installerId} onCreated={added} />}
      {adding && kind === 'dealer' && <AddDealerForm onCreated={added} />}
    </Stack>
  );
}
