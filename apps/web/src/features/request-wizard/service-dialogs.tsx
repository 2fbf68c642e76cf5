import { customServicePrompt } from '@app/domain/pricing/service-selection';
import { formatMoney } from '@app/domain/shared/money';
import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { wireDollarsToCents } from '../../lib/money';
import { applyDiscount, type CustomDraft, lineCost, lineDescription } from './service-lines';
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

function CustomServiceForm({ line, selection }: { line: SelectedService; selection: ServiceSelection }) {
  const [draft, setDraft] = useState<CustomDraft>({
    description: line.custom?.description ?? '',
    cost: line.custom?.cost ?? null,
    durationDays: line.custom?.durationDays ?? null,
  });
  const [missing, setMissing] = useState<string[]>([]);
  const error = (field: string, text: string) => (missing.includes(field) ? text : undefined);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const result = selection.saveCustom(draft);
        if (!result.ok) setMissing(result.fields);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{customServicePrompt}</Text>
        <Text size="xs" c="dimmed">
          {line.service.service_category} · {line.service.description}
        </Text>
        <TextInput
          label="Description"
          data-autofocus
          value={draft.description}
          onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
          error={error('description', 'Enter a description')}
        />
        <Group grow wrap="wrap" align="flex-start">
          <NumberInput
            label="Cost"
            prefix="$"
            min={0}
            step={0.01}
            decimalScale={2}
            thousandSeparator=","
            value={draft.cost ?? ''}
            onChange={(v) => setDraft({ ...draft, cost: toNumber(v) })}
            error={error('cost', 'Enter a cost above $0.00')}
            miw={140}
          />
          <NumberInput
            label="Time estimate (days)"
            min={0.1}
            step={0.5}
            decimalScale={1}
            value={draft.durationDays ?? ''}
            onChange={(v) => setDraft({ ...draft, durationDays: toNumber(v) })}
            error={error('duration', 'At least 0.1 day')}
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

function DiscountForm({ line, selection }: { line: SelectedService; selection: ServiceSelection }) {
  const cost = lineCost(line);
  const [kind, setKind] = useState<'amount' | 'percent'>(line.discountPercent != null ? 'percent' : 'amount');
  const [value, setValue] = useState<number | null>(
    line.discountPercent != null ? line.discountPercent : (line.discount ?? null),
  );
  const entry =
    value === null
      ? ({ kind: 'none' } as const)
      : kind === 'amount'
        ? ({ kind: 'amount', dollars: value } as const)
        : ({ kind: 'percent', percent: value } as const);
  const preview = applyDiscount(line, entry);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        selection.saveDiscount(entry);
      }}
    >
      <Stack gap="sm">
        <Text size="sm">Price {formatMoney(wireDollarsToCents(cost))}</Text>
        <SegmentedControl
          aria-label="Discount type"
          value={kind}
          onChange={(v) => {
            setKind(v as 'amount' | 'percent');
            setValue(null);
          }}
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
            value={value ?? ''}
            onChange={(v) => setValue(toNumber(v))}
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
            value={value ?? ''}
            onChange={(v) => setValue(toNumber(v))}
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
