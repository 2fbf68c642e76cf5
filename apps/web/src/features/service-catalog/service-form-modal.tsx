import { serviceCatalogMessages as M } from '@app/contracts/service-catalog.contract';
import {
  parsePrice,
  SERVICE_FORM_SIZES,
  type ServiceFormError,
  validateServiceForm,
} from '@app/domain/pricing/service-form';
import { calculateWholesalePrice, DEFAULT_WHOLESALE_MARGIN_BPS } from '@app/domain/pricing/wholesale-margin';
import { sizeLabel, type VehicleSize } from '@app/domain/vehicles/vehicle-size';
import { Autocomplete, Button, Fieldset, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormFooter } from '../../lib/form-footer';
import {
  type CatalogEntry,
  describeFailure,
  type ServiceFormState,
  saveService,
} from './service-catalog-api';

type Saved = Awaited<ReturnType<typeof saveService>>;

type ServiceFormModalProps = {
  installerId: number;
  /** The service to update; null adds a new one. */
  entry: CatalogEntry | null;
  /** The category the screen shows (a new service starts in it). */
  category: string | null;
  categories: readonly string[];
  onClose: () => void;
  onSaved: (saved: Saved) => void;
};

const priceText = (dollars: number | null) => (dollars === null ? '' : dollars.toFixed(2));
const bySize = (pick: (size: VehicleSize) => string) =>
  Object.fromEntries(SERVICE_FORM_SIZES.map((size) => [size, pick(size)])) as Record<VehicleSize, string>;

function initialForm(entry: CatalogEntry | null, category: string | null): ServiceFormState {
  const price = (size: VehicleSize, which: 'retail' | 'wholesale') =>
    priceText(entry?.sizes.find((s) => s.size === size)?.[which] ?? null);
  return {
    category: entry?.category ?? category ?? '',
    description: entry?.description ?? '',
    durationDays: entry ? String(entry.durationDays) : '1',
    retailPrices: bySize((size) => price(size, 'retail')),
    wholesalePrices: bySize((size) => price(size, 'wholesale')),
  };
}

/** P23: the Add/Update Service modal with rules 107–111 (the server checks the same rules). */
export function ServiceFormModal({
  installerId,
  entry,
  category,
  categories,
  onClose,
  onSaved,
}: ServiceFormModalProps) {
  const isUpdate = entry !== null;
  const [form, setForm] = useState<ServiceFormState>(() => initialForm(entry, category));
  const [errors, setErrors] = useState<ServiceFormError[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped by each refused submit, so the first field in error takes the focus once the errors are drawn.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    // Focus the first field in error (WCAG 3.3.1): its input carries aria-invalid.
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
    // Clear of the modal's sticky title on a phone, with its label in view.
    first?.scrollIntoView?.({ block: 'center' });
  }, [refusals]);
  const save = useMutation({
    mutationFn: () => saveService(installerId, entry?.serviceId ?? null, form),
    onSuccess: onSaved,
  });
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const setPrice = (which: 'retailPrices' | 'wholesalePrices', size: VehicleSize, value: string) =>
    setForm((f) => ({ ...f, [which]: { ...f[which], [size]: value } }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateServiceForm(form);
    if (!result.ok) {
      setErrors(result.errors);
      setRefusals((n) => n + 1);
      return;
    }
    setErrors([]);
    save.mutate();
  }

  /** K71: empty wholesale prices from the retail ones at the default 15 % margin. */
  function fillWholesale() {
    setForm((f) => ({
      ...f,
      wholesalePrices: bySize((size) => {
        if (f.wholesalePrices[size].trim() !== '') return f.wholesalePrices[size];
        const retail = parsePrice(f.retailPrices[size], '');
        if (!('cents' in retail) || retail.cents === null || retail.cents <= 0) return '';
        return (calculateWholesalePrice(retail.cents, DEFAULT_WHOLESALE_MARGIN_BPS) / 100).toFixed(2);
      }),
    }));
  }

  const failure = save.isError
    ? isUpdate
      ? describeFailure(save.error, M.updateFailed, true)
      : describeFailure(save.error, M.addFailed, false)
    : null;

  const priceInputs = (which: 'retailPrices' | 'wholesalePrices', kind: string) =>
    SERVICE_FORM_SIZES.map((size) => (
      <TextInput
        key={size}
        label={`${sizeLabel(size)} ${kind} price`}
        leftSection="$"
        inputMode="decimal"
        autoComplete="off"
        value={form[which][size]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setPrice(which, size, value);
        }}
        error={errorOf(`${which}.${size}`)}
        required={which === 'retailPrices'}
      />
    ));

  return (
    <Modal opened onClose={onClose} title={isUpdate ? 'Update Service' : 'Add Service'} size="lg" centered>
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Autocomplete
            label="Category"
            placeholder="Category"
            data={[...categories]}
            value={form.category}
            onChange={(value) => setForm((f) => ({ ...f, category: value }))}
            error={errorOf('category')}
            required
          />
          <TextInput
            label="Description"
            placeholder="Service"
            value={form.description}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, description: value }));
            }}
            error={errorOf('description')}
            maxLength={200}
            required
            data-autofocus
          />
          <TextInput
            label="Duration (days)"
            type="number"
            inputMode="decimal"
            min={0.1}
            step={0.1}
            value={form.durationDays}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, durationDays: value }));
            }}
            error={errorOf('durationDays')}
            required
          />
          <Fieldset legend="Retail prices">
            <SimpleGrid cols={{ base: 1, xs: 3 }}>{priceInputs('retailPrices', 'retail')}</SimpleGrid>
          </Fieldset>
          <Fieldset legend="Wholesale prices (optional)">
            <SimpleGrid cols={{ base: 1, xs: 3 }}>{priceInputs('wholesalePrices', 'wholesale')}</SimpleGrid>
            <Button variant="subtle" size="compact-sm" mt="xs" onClick={fillWholesale}>
              Fill empty wholesale prices at 15% margin
            </Button>
          </Fieldset>
          <FormFooter
            failure={failure}
            pending={save.isPending}
            onCancel={onClose}
            cancelLabel="CANCEL"
            submitLabel={isUpdate ? 'UPDATE SERVICE' : 'ADD SERVICE'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
