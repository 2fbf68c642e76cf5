import type { TDealer } from '@app/contracts/customers.contract';
import { ZUpdateDealerBody } from '@app/contracts/customers.contract';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useActingCompanyId } from '../../lib/query-keys';
import { describeAssignmentFailure } from '../catalog-templates/templates-api';
import {
  type DealerInput,
  describeDealerFailure,
  fetchDealerTemplate,
  fetchTemplates,
  setDealerTemplate,
  updateDealer,
} from './customers-api';
import { customerScreenKeys } from './query-keys';

export const dealerMessages = {
  notFound: 'Dealer update endpoint not found',
  updated: 'Dealer record updated successfully.',
  templateUpdated: 'Template assignment updated.',
  templateFailed: 'Template update failed.',
  addressRequired: 'Address is required',
} as const;

/** M215–M218: what the chosen template will do, against the current one. */
export function templateHint(current: number | null, chosen: number | null): string {
  if (chosen === current) return current === null ? 'No template currently assigned' : 'Currently assigned';
  return chosen === null ? 'Will remove current template assignment' : 'Will assign template';
}

/** Rule 104: e-mail required and valid (the contract's rule); name and phone as the contract takes them. */
const ZDealerEdit = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(120),
  email: ZUpdateDealerBody.shape.dealerEmail,
  phone: ZUpdateDealerBody.shape.dealerPhoneNumber,
});

const NONE = 'none';

/** The one-line billing address of a dealership, or '' when it has none. */
export function dealerAddress(d: TDealer): string {
  const cityLine = [
    d.dealer_address_city,
    [d.dealer_address_state, d.dealer_address_zip].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return [d.dealer_address_line1, d.dealer_address_line2, cityLine].filter(Boolean).join(', ');
}

/**
 * The dealership found (002 §2.9, rule 104): name, phone and e-mail editable; billing e-mail and address
 * read-only (required: M209); the catalog template dropdown with its hint. UPDATE EMAIL saves the record
 * (rows 131, 132 with the 404 retry); UPDATE EMAIL & TEMPLATE also assigns or removes the template (rows
 * 139, 140). Unchanged contact fields are not sent (decision 018): only the template changes.
 */
export function DealerEditForm(props: {
  record: TDealer;
  installerId: number;
  isReadOnly: boolean;
  actions: React.ReactNode;
  /** `warning`: part of it failed (the template, M203 with M205–M208's reason). */
  onSaved: (message: string, tone?: 'success' | 'warning') => void;
}) {
  const { record, installerId } = props;
  const companyId = useActingCompanyId();
  const queryClient = useQueryClient();
  const address = dealerAddress(record);
  const form = useForm<DealerInput>({
    initialValues: {
      name: record.dealer_name,
      phone: record.dealer_phone_number ?? '',
      email: record.dealer_email ?? '',
    },
    validate: schemaResolver(ZDealerEdit, { sync: true }),
    validateInputOnChange: true,
  });
  const templates = useQuery({
    queryKey: customerScreenKeys.templates(companyId),
    queryFn: () => fetchTemplates(installerId),
  });
  const current = useQuery({
    queryKey: customerScreenKeys.dealerTemplate(companyId, record.dealer_id),
    queryFn: () => fetchDealerTemplate(installerId, record.dealer_id),
  });
  const currentId = current.data ?? null;
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const chosenId = chosen === undefined ? currentId : chosen;
  const templateChanges = chosenId !== currentId;
  const save = useMutation({
    mutationFn: async (input: DealerInput) => {
      const contactChanged =
        form.isDirty('name') || form.isDirty('phone') || form.isDirty('email') || !templateChanges;
      let message = '';
      if (contactChanged) {
        try {
          message = (
            await updateDealer(record, input, () =>
              notifications.show({ color: 'yellow', message: dealerMessages.notFound }),
            )
          ).message;
        } catch (error) {
          throw new Error(describeDealerFailure(error));
        }
      }
      if (!templateChanges) return { message, failed: false };
      try {
        await setDealerTemplate(installerId, record.dealer_id, currentId, chosenId);
        return {
          message: [message, dealerMessages.templateUpdated].filter(Boolean).join(' '),
          failed: false,
        };
      } catch (error) {
        const why = describeAssignmentFailure(error);
        return {
          message: [message, dealerMessages.templateFailed, why].filter(Boolean).join(' '),
          failed: true,
        };
      }
    },
    onSuccess: ({ message, failed }) => {
      void queryClient.invalidateQueries({ queryKey: customerScreenKeys.ofCompany(companyId) });
      props.onSaved(message || dealerMessages.updated, failed ? 'warning' : 'success');
    },
  });
  const options = [
    { value: NONE, label: 'No template' },
    ...(templates.data ?? []).map((t) => ({ value: String(t.template_id), label: t.template_name })),
  ];
  const canSave = form.isValid() && address !== '' && current.isSuccess;
  return (
    <form onSubmit={form.onSubmit((input) => save.mutate(input))} aria-label="Dealership">
      <Stack gap="sm">
        <TextInput label="Dealer name" readOnly={props.isReadOnly} {...form.getInputProps('name')} />
        <TextInput
          label="Phone"
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
        <TextInput label="Billing email" value={record.billing_email ?? ''} readOnly variant="filled" />
        <TextInput
          label="Address"
          value={address}
          readOnly
          variant="filled"
          error={address === '' ? dealerMessages.addressRequired : undefined}
        />
        <Select
          label="Catalog template"
          data={options}
          value={chosenId === null ? NONE : String(chosenId)}
          onChange={(v) => setChosen(v === null || v === NONE ? null : Number(v))}
          disabled={props.isReadOnly || !current.isSuccess}
          allowDeselect={false}
          maxDropdownHeight={200}
          description={current.isSuccess ? templateHint(currentId, chosenId) : 'Loading templates…'}
          error={
            templates.isError || current.isError
              ? 'Failed to load templates. Please refresh the page.'
              : undefined
          }
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group>
          {!props.isReadOnly && (
            <Button type="submit" loading={save.isPending} disabled={!canSave}>
              {templateChanges ? 'UPDATE EMAIL & TEMPLATE' : 'UPDATE EMAIL'}
            </Button>
          )}
          {props.actions}
        </Group>
        {!props.isReadOnly && templates.isSuccess && templates.data.length === 0 && (
          <Text size="sm" c="dimmed">
            No catalog templates yet: create one under Services → Templates.
          </Text>
        )}
      </Stack>
    </form>
  );
}
