import type { TCustomer } from '@app/contracts/customers.contract';
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { AddCustomerForm } from '../estimate-wizard/add-customer-form';

/** Rule 130: a case-insensitive substring match on the name and the phone text. */
export function matchCustomers(customers: readonly TCustomer[], search: string): TCustomer[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...customers];
  return customers.filter(
    (c) =>
      c.customer_name.toLowerCase().includes(needle) ||
      (c.customer_phone_number ?? '').toLowerCase().includes(needle),
  );
}

/** Step 1: choose the customer (search, or Add Customer when nothing matches; rules 129–131). */
export function CustomerStep(props: {
  customers: readonly TCustomer[] | undefined;
  isLoading: boolean;
  isError: boolean;
  selectedId: number | null;
  onSelect: (customerId: number) => void;
  onCreated: (customerId: number) => void;
}) {
  const [search, setSearch] = useState('');
  const [isAdding, setIsAdding] = useState(false);
  const matches = useMemo(() => matchCustomers(props.customers ?? [], search), [props.customers, search]);
  return (
    <Stack gap="sm">
      <TextInput
        label="Search customers"
        description="Name or phone"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-autofocus
      />
      {props.isLoading && <Loader size="sm" aria-label="Loading customers" />}
      {props.isError && <Alert color="red">Could not load your customers. You can still add one.</Alert>}
      {!props.isLoading && matches.length === 0 && (
        <Text size="sm" c="dimmed">
          No customer matches “{search.trim()}”.
        </Text>
      )}
      {matches.length > 0 && (
        <ScrollArea.Autosize mah={280} type="auto">
          <Radio.Group
            label="Customer"
            value={props.selectedId ? String(props.selectedId) : null}
            onChange={(value) => props.onSelect(Number(value))}
          >
            <Stack gap={6} mt={6}>
              {matches.map((c) => (
                <Radio
                  key={c.customer_id}
                  value={String(c.customer_id)}
                  label={c.customer_name}
                  description={[c.customer_phone_number, c.customer_Email_Address]
                    .filter(Boolean)
                    .join(' · ')}
                />
              ))}
            </Stack>
          </Radio.Group>
        </ScrollArea.Autosize>
      )}
      {matches.length === 0 && !isAdding && (
        <Group>
          <Button variant="light" onClick={() => setIsAdding(true)}>
            Add Customer
          </Button>
        </Group>
      )}
      {isAdding && (
        <Paper withBorder p="sm" radius="md">
          <AddCustomerForm
            installerId={0}
            onCreated={(party) => {
              setIsAdding(false);
              setSearch('');
              props.onCreated(party.id);
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}
