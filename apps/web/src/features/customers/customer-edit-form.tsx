import type { TCustomer } from '@app/contracts/customers.contract';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { type CustomerDraft, customerResolver } from '../estimate-wizard/customer-forms';
import { errorText } from '../request-wizard/error-text';
import { updateCustomer } from './customers-api';
import { UsAddressField } from './us-address-field';

/**
 * The customer found (002 §2.9, rule 103): full name, phone (10 digits), e-mail required, address optional;
 * validation on every change; UPDATE CUSTOMER only while the form is valid (row 126).
 */
export function CustomerEditForm(props: {
  record: TCustomer;
  isReadOnly: boolean;
  actions: React.ReactNode;
  onSaved: (message: string) => void;
}) {
  const { record } = props;
  const form = useForm<CustomerDraft>({
    initialValues: {
      name: record.customer_name,
      phone: record.customer_phone_number ?? '',
      email: record.customer_Email_Address ?? '',
      address: record.customer_address ?? '',
    },
    validate: customerResolver,
    validateInputOnChange: true,
  });
  const save = useMutation({
    mutationFn: (draft: CustomerDraft) => updateCustomer(record, draft),
    onSuccess: (reply) => {
      form.reset();
      props.onSaved(reply.message);
    },
  });
  return (
    <form onSubmit={form.onSubmit((draft) => save.mutate(draft))} aria-label="Customer">
      <Stack gap="sm">
        <TextInput label="Full name" required readOnly={props.isReadOnly} {...form.getInputProps('name')} />
        <TextInput
          label="Phone"
          required
          inputMode="tel"
          readOnly={props.isReadOnly}
          {...form.getInputProps('phone')}
        />
        <TextInput
          label="Email"
          required
          type="email"
          readOnly={props.isReadOnly}
          {...form.getInputProps('email')}
        />
        <UsAddressField
          value={form.values.address}
          onChange={(v) => form.setFieldValue('address', v)}
          error={form.errors.address}
          readOnly={props.isReadOnly}
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {errorText(save.error)}
          </Alert>
        )}
        <Group>
          {!props.isReadOnly && (
            <Button type="submit" loading={save.isPending} disabled={!form.isValid()}>
              UPDATE CUSTOMER
            </Button>
          )}
          {props.actions}
        </Group>
      </Stack>
    </form>
  );
}
