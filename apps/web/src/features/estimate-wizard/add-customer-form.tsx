import { Alert, Button, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { errorText } from '../request-wizard/error-text';
import { type CustomerDraft, customerResolver } from './customer-forms';
import { createCustomer } from './estimate-wizard.api';
import type { Party } from './previous-popups';

const emptyCustomer: CustomerDraft = { name: '', phone: '', email: '', address: '' };

/** 'Add new customer...' (001 §5): Save stays disabled until the contract's rules hold. */
export function AddCustomerForm(props: { installerId: number; onCreated: (p: Party) => void }) {
  const form = useForm<CustomerDraft>({
    initialValues: emptyCustomer,
    validate: customerResolver,
    validateInputOnChange: true,
  });
  const save = useMutation({
    mutationFn: (draft: CustomerDraft) => createCustomer(draft, props.installerId),
    onSuccess: (reply, draft) =>
      props.onCreated({ kind: 'customer', id: reply.customerId, name: draft.name.trim() }),
  });
  const error = save.isError ? errorText(save.error) : null;
  const valid = form.isValid();
  return (
    <Stack gap="xs" aria-label="New customer">
      <Title order={5}>New customer</Title>
      <TextInput label="Full name" {...form.getInputProps('name')} />
      <TextInput label="Phone" {...form.getInputProps('phone')} />
      <TextInput label="E-mail" {...form.getInputProps('email')} />
      <TextInput label="Address" {...form.getInputProps('address')} />
      {error && <Alert color="red">{error}</Alert>}
      <Button
        onClick={() => form.onSubmit((draft) => save.mutate(draft))()}
        loading={save.isPending}
        disabled={!valid}
      >
        Save customer
      </Button>
    </Stack>
  );
}
