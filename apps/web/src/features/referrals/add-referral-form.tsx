import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { type FormEvent, useState } from 'react';
import { ApiHttpError } from '../../lib/api-client';
import { DISPLAY_DATE_FORMAT } from '../service-requests/request-format';
import {
  cleanVinInput,
  type ReferralFormField,
  type ReferralFormValues,
  toNewReferral,
  validateReferralForm,
} from './add-referral-rules';
import { PanelFrame } from './panel-frame';
import type { NewReferral } from './referrals-api';

const emptyForm: ReferralFormValues = { vin: '', customerName: '', customerEmail: '' };

type AddReferralFormProps = {
  isSaving: boolean;
  saveError: unknown;
  onSave: (referral: NewReferral) => void;
  onCancel: () => void;
};

function describeSaveError(error: unknown): string {
  if (error instanceof ApiHttpError && error.isClientError) return error.userMessage ?? error.message;
  return 'The referral could not be added. Please try again.';
}

/**
 * The dealer's add-referral form (001 §2.5, §5; catalogue §4.17): the sale's date is today; each field says
 * what is wrong under it once it was left or typed in; ADD waits for a valid form.
 */
export function AddReferralForm({ isSaving, saveError, onSave, onCancel }: AddReferralFormProps) {
  const [values, setValues] = useState(emptyForm);
  const [touched, setTouched] = useState<Partial<Record<ReferralFormField, boolean>>>({});
  const errors = validateReferralForm(values);
  const hasErrors = Object.keys(errors).length > 0;

  function fieldProps(field: ReferralFormField) {
    const shown = touched[field] || values[field] !== '';
    return {
      value: values[field],
      error: shown ? errors[field] : undefined,
      onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
      disabled: isSaving,
      required: true,
    };
  }

  function update(field: ReferralFormField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (hasErrors || isSaving) return;
    onSave(toNewReferral(values));
  }

  return (
    <PanelFrame title="New Referral" onClose={onCancel}>
      <form onSubmit={submit} noValidate aria-label="New Referral">
        <Stack gap="sm">
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              Date Vehicle Sold
            </Text>
            <Text size="sm" data-testid="date-vehicle-sold">
              {dayjs().format(DISPLAY_DATE_FORMAT)}
            </Text>
          </Stack>
          <TextInput
            label="VIN"
            placeholder="17 characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={17}
            styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
            {...fieldProps('vin')}
            onChange={(event) => update('vin', cleanVinInput(event.currentTarget.value))}
          />
          <TextInput
            label="Customer Name"
            autoComplete="off"
            {...fieldProps('customerName')}
            onChange={(event) => update('customerName', event.currentTarget.value)}
          />
          <TextInput
            label="Customer Email"
            type="email"
            autoComplete="off"
            {...fieldProps('customerEmail')}
            onChange={(event) => update('customerEmail', event.currentTarget.value)}
          />
          {saveError !== null && saveError !== undefined && (
            <Alert color="red" role="alert">
              {describeSaveError(saveError)}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" disabled={hasErrors} loading={isSaving}>
              ADD
            </Button>
            <Button variant="default" onClick={onCancel} disabled={isSaving}>
              CANCEL
            </Button>
          </Group>
        </Stack>
      </form>
    </PanelFrame>
  );
}
