import { Group, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useActingCompanyId } from '../../lib/query-keys';
import { TypeAhead } from '../../lib/type-ahead';
import { AddCustomerForm } from './add-customer-form';
import { AddDealerForm } from './add-dealer-form';
import { searchParties } from './estimate-wizard.api';
import type { Party } from './previous-popups';
import { estimateWizardKeys } from './query-keys';

type PartyKind = Party['kind'];

/** Typing waits this long before it searches, so a name typed quickly is one search, not one per key. */
export const PARTY_SEARCH_DEBOUNCE_MS = 200;

/**
 * Step 1: a customer or dealer found by name (the shared type-ahead: arrows, Enter, Escape; the active
 * option announced through aria-activedescendant), or a new one added. What the user chose (the kind and
 * the search text) is a form; whether the list is open and which option is active is the type-ahead's own.
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
  const [adding, setAdding] = useState(false);
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

  function pick(o: (typeof options)[number] | null) {
    if (!o) return;
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
      <TypeAhead
        label={kind === 'customer' ? 'Search customers' : 'Search dealers'}
        value={query}
        onChange={(text) => form.setFieldValue('query', text)}
        options={options}
        optionKey={(o) => o.id}
        renderOption={(o) => o.name}
        isSearching={search.isFetching || searched !== query}
        onPick={pick}
      />
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
