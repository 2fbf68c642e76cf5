import { ZServiceLineInput } from '@app/contracts/request-creation.contract';
import { type CustomServiceField, customServicePrompt } from '@app/domain/pricing/service-selection';
import { formatMoney } from '@app/domain/shared/money';
import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { wireDollarsToCents } from '../../lib/money';
import {
  applyDiscount,
  type CustomDraft,
  type DiscountEntry,
  lineCost,
  lineDescription,
  saveCustomDetails,
} from './service-lines';
import type { ServiceSelection } from './use-service-selection';
import type { SelectedService } from './wizard-rules';

const toNumber = (v: string | number): number | null =>
  typeof v === 'number' ? v : v.trim() === '' ? null : Number(v);

/** 'Enter the Description, Cost and Time Estimate' (001 §2.4): closing without saving removes the service. */
export function CustomServiceDialog({ selection }: { selection: ServiceSelection }) {
  const line = selection.customLine;
  return (
    <Modal
      opened={line !== null}
      onClose={() => selection.closeCustom()}
      title="Custom service"
      centered
      size="md"
    >
      {line && <CustomServiceForm key={line.service.service_id} line={line} selection={selection} />}
    </Modal>
  );
}

/** The custom service's details under the names of the service line the wizard sends (POST /requestimates/). */
type CustomFields = {
  customDescription: string;
  serviceAmount: number | string;
  serviceDuration: number | string;
};

const toDraft = (v: CustomFields): CustomDraft => ({
  description: v.customDescription,
  cost: toNumber(v.serviceAmount),
  durationDays: toNumber(v.serviceDuration),
});

/** What the domain rule names missing, as the dialog's field and message. */
const customFieldErrors: Record<CustomServiceField, [keyof CustomFields, string]> = {
  description: ['customDescription', 'Enter a description'],
  cost: ['serviceAmount', 'Enter a cost above $0.00'],
  duration: ['serviceDuration', 'At least 0.1 day'],
};

const customErrors = (fields: CustomServiceField[]) =>
  Object.fromEntries(fields.map((field) => customFieldErrors[field]));

/**
 * The contract's rules for a service line's custom details, and the domain's: a description, a cost above 0
 * and at least 0.1 day (the server applies the same rule on creation).
 */
function customResolver(line: SelectedService) {
  return schemaResolver(
    ZServiceLineInput.pick({
      customDescription: true,
      serviceAmount: true,
      serviceDuration: true,
    }).superRefine((v, ctx) => {
      const draft = {
        description: v.customDescription ?? '',
        cost: v.serviceAmount,
        durationDays: v.serviceDuration ?? null,
      };
      const result = saveCustomDetails(line, draft);
      if (result.ok) return;
      for (const field of result.fields) {
        const [path, message] = customFieldErrors[field];
        ctx.addIssue({ code: 'custom', path: [path], message });
      }
    }),
    { sync: true },
  );
}

function CustomServiceForm({ line, selection }: { line: SelectedService; selection: ServiceSelection }) {
  const form = useForm<CustomFields>({
    initialValues: {
      customDescription: line.custom?.description ?? '',
      serviceAmount: line.custom?.cost ?? '',
      serviceDuration: line.custom?.durationDays ?? '',
    },
    validate: customResolver(line),
    clearInputErrorOnChange: false,
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => {
        const result = selection.saveCustom(toDraft(values));
        if (!result.ok) form.setErrors(customErrors(result.fields));
      })}
    >
      <Stack gap="sm">
        <Text size="sm">{customServicePrompt}</Text>
        <Text size="xs" c="dimmed">
          {line.service.service_category} · {line.service.description}
        </Text>
        <TextInput label="Description" data-autofocus {...form.getInputProps('customDescription')} />
        <Group grow wrap="wrap" align="flex-start">
          <NumberInput
            label="Cost"
            prefix="$"
            min={0}
            step={0.01}
            decimalScale={2}
            thousandSeparator=","
            {...form.getInputProps('serviceAmount')}
            miw={140}
          />
          <NumberInput
            label="Time estimate (days)"
            min={0.1}
            step={0.5}
            decimalScale={1}
            {...form.getInputProps('serviceDuration')}
            miw={140}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => selection.closeCustom()}>
            Cancel
          </Button>
          <Button type="submit">Save service</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Service Discount: {description}' (001 §2.4): an amount 0..cost (step 0.01) or a percent 0..100 (step 0.1). */
export function DiscountDialog({ selection }: { selection: ServiceSelection }) {
  const line = selection.discountLine;
  return (
    <Modal
      opened={line !== null}
      onClose={() => selection.closeDiscount()}
      title={line ? `Service Discount: ${lineDescription(line)}` : 'Service Discount'}
      centered
      size="md"
    >
      {line && <DiscountForm key={line.service.service_id} line={line} selection={selection} />}
    </Modal>
  );
}

/** The discount under the names of the service line the wizard sends (POST /requestimates/): one of the two. */
type DiscountFields = {
  kind: 'amount' | 'percent';
  serviceDiscount: number | string;
  serviceDiscountPercent: number | string;
};

/** The contract's rules for a line's discount (the fields clamp to 0..cost and 0..100 as they are typed). */
const validateDiscount = schemaResolver(
  ZServiceLineInput.pick({ serviceDiscount: true, serviceDiscountPercent: true }),
  { sync: true },
);

function discountEntry(v: DiscountFields): DiscountEntry {
  const value = toNumber(v.kind === 'amount' ? v.serviceDiscount : v.serviceDiscountPercent);
  if (value === null) return { kind: 'none' };
  return v.kind === 'amount' ? { kind: 'amount', dollars: value } : { kind: 'percent', percent: value };
}

function DiscountForm({ line, selection }: { line: SelectedService; selection: ServiceSelection }) {
  const cost = lineCost(line);
  const isPercent = line.discountPercent != null;
  const form = useForm<DiscountFields>({
    initialValues: {
      kind: isPercent ? 'percent' : 'amount',
      serviceDiscount: isPercent ? '' : (line.discount ?? ''),
      serviceDiscountPercent: line.discountPercent ?? '',
    },
    validate: validateDiscount,
  });
  const { kind } = form.values;
  const entry = discountEntry(form.values);
  const preview = applyDiscount(line, entry);
  return (
    <form onSubmit={form.onSubmit((values) => selection.saveDiscount(discountEntry(values)))}>
      <Stack gap="sm">
        <Text size="sm">Price {formatMoney(wireDollarsToCents(cost))}</Text>
        <SegmentedControl
          aria-label="Discount type"
          value={kind}
          onChange={(v) =>
            form.setValues({
              kind: v as DiscountFields['kind'],
              serviceDiscount: '',
              serviceDiscountPercent: '',
            })
          }
          data={[
            { value: 'amount', label: 'Amount ($)' },
            { value: 'percent', label: 'Percent (%)' },
          ]}
        />
        {kind === 'amount' ? (
          <NumberInput
            key="amount"
            label="Discount amount"
            data-autofocus
            prefix="$"
            min={0}
            max={cost}
            step={0.01}
            decimalScale={2}
            clampBehavior="strict"
            {...form.getInputProps('serviceDiscount')}
            description={`Between $0.00 and ${formatMoney(wireDollarsToCents(cost))}`}
          />
        ) : (
          <NumberInput
            key="percent"
            label="Discount percent"
            data-autofocus
            suffix="%"
            min={0}
            max={100}
            step={0.1}
            decimalScale={1}
            clampBehavior="strict"
            {...form.getInputProps('serviceDiscountPercent')}
            description="Between 0 and 100 %"
          />
        )}
        <Text size="sm" data-testid="discount-preview">
          Discount {formatMoney(wireDollarsToCents(preview.discount))} · New price{' '}
          {formatMoney(wireDollarsToCents(cost) - wireDollarsToCents(preview.discount))}
        </Text>
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="subtle"
            color="red"
            onClick={() => selection.saveDiscount({ kind: 'none' })}
            disabled={!line.discount}
          >
            Remove discount
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={() => selection.closeDiscount()}>
              Cancel
            </Button>
            <Button type="submit">Apply discount</Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
