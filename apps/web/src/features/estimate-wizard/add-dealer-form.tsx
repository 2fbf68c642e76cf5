import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { errorText } from '../request-wizard/error-text';
import { type DealerDraft, dealerResolver } from './customer-forms';
import { completeZip, createDealer } from './estimate-wizard.api';
import type { Party } from './previous-popups';

const emptyDealer: DealerDraft = {
  name: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip: '',
};

/** 'Add new dealer...' (001 §5): every field required; a known ZIP fills city and state. */
export function AddDealerForm(props: { onCreated: (p: Party) => void }) {
  const form = useForm<DealerDraft>({
    initialValues: emptyDealer,
    validate: dealerResolver,
    validateInputOnChange: true,
  });
  const save = useMutation({
    mutationFn: (draft: DealerDraft) => createDealer(draft),
    onSuccess: (reply, draft) =>
      props.onCreated({ kind: 'dealer', id: reply.dealerId, name: draft.name.trim() }),
  });
  const error = save.isError ? `Failed to create dealer: ${errorText(save.error)}` : null;
  const valid = form.isValid();
  async function fillFromZip(zip: string) {
    if (zip.trim().length < 5) return;
    try {
      const found = await completeZip(zip.trim());
      form.setValues((d) => ({ city: d.city || found.city, state: d.state || found.state }));
    } catch {
      // An unknown ZIP leaves city and state to the user.
    }
  }
  return (
    <Stack gap="xs" aria-label="New dealer">
      <Title order={5}>New dealer</Title>
      <TextInput label="Dealer name" {...form.getInputProps('name')} />
      <TextInput label="E-mail" {...form.getInputProps('email')} />
      <TextInput label="Phone" {...form.getInputProps('phone')} />
      <TextInput label="Address" {...form.getInputProps('address')} />
      <TextInput
        label="ZIP"
        {...form.getInputProps('zip')}
        onBlur={(e) => void fillFromZip(e.currentTarget.value)}
      />
      <Group grow>
        <TextInput label="City" {...form.getInputProps('city')} />
        <TextInput label="State" maxLength={2} {...form.getInputProps('state')} />
      </Group>
      {error && <Alert color="red">{error}</Alert>}
      <Button
        onClick={() => form.onSubmit((draft) => save.mutate(draft))()}
        loading={save.isPending}
        disabled={!valid}
      >
        Save dealer
      </Button>
    </Stack>
  );
}
