import { AppError } from '@app/contracts/errors.contract';
import {
  vehicleCatalogMessages as messages,
  type TVehicleCatalogRow,
  VEHICLE_PICKER_FIRST_YEAR,
  vehicleAddLastYear,
} from '@app/contracts/vehicle-catalog.contract';
import { bodyStyles, vehicleSizes } from '@app/domain/vehicles/vehicle-size';
import { Autocomplete, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormFooter } from '../../lib/form-footer';
import { useActingCompanyId } from '../../lib/query-keys';
import { fetchMakesOfYear, fetchModels, fetchTrims } from '../request-wizard/request-wizard.api';
import { vehicleCatalogKeys } from './query-keys';
import { addVehicle } from './vehicle-catalog-api';

const sizeLabels = { S: 'Small', M: 'Medium', L: 'Large' } as const;
/** 002 §9: suggestion dropdowns at most 200 px high. */
const DROPDOWN_MAX_HEIGHT = 200;

type Form = {
  year: string | null;
  make: string;
  model: string;
  trim: string;
  bodyStyle: string;
  size: string;
};
const emptyForm = (): Form => ({ year: null, make: '', model: '', trim: '', bodyStyle: 'Sedan', size: 'M' });
type Errors = Partial<Record<'year' | 'make' | 'model' | 'trim', string>>;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Rules 97, 98: the field messages, none when the form can be sent. */
function validate(form: Form): Errors {
  const errors: Errors = {};
  const year = Number(form.year);
  if (!form.year || !Number.isInteger(year) || year < 1900 || year > vehicleAddLastYear()) {
    errors.year = messages.invalidYear;
  }
  if (!form.make.trim()) errors.make = messages.makeRequired;
  if (!form.model.trim()) errors.model = messages.modelRequired;
  if (!form.trim.trim()) errors.trim = messages.trimRequired;
  return errors;
}

/** Add New Vehicle (row 123, rules 97–102): year, make, model, trim, body style and size, with the cascade. */
/** The catalog's rows of a make and of its model by name (case-insensitive), whatever their years. */
function knownVehicle(catalog: readonly TVehicleCatalogRow[], make: string, model: string) {
  const ofMake = make.trim() ? catalog.filter((r) => same(r.make_name, make)) : [];
  const ofModel = model.trim() ? ofMake.filter((r) => same(r.model_name, model)) : [];
  return { make: ofMake[0] ?? null, model: ofModel[0] ?? null, trims: ofModel.map((r) => r.trim_name) };
}

export function AddVehicleModal({
  opened,
  onClose,
  catalog,
}: {
  opened: boolean;
  onClose: () => void;
  /** The vehicle catalog's rows (row 118), every year. */
  catalog: readonly TVehicleCatalogRow[];
}) {
  const companyId = useActingCompanyId();
  const queryClient = useQueryClient();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [form, setForm] = useState<Form>(emptyForm);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const lastYear = vehicleAddLastYear();
  const years = Array.from({ length: lastYear - VEHICLE_PICKER_FIRST_YEAR + 1 }, (_, i) =>
    String(lastYear - i),
  );

  const makes = useQuery({
    queryKey: vehicleCatalogKeys.addMakes(companyId, form.year ?? ''),
    queryFn: () => fetchMakesOfYear(form.year ?? ''),
    enabled: opened && form.year !== null,
  });
  // Rule 99: make and model match case-insensitively over every year, as the server matches them; the
  // year's makes and models (the spec's calls) are the suggestions, the catalog's rows cover the other years.
  const known = knownVehicle(catalog, form.make, form.model);
  const make =
    makes.data?.find((m) => same(m.name, form.make)) ??
    (known.make ? { id_car_make: known.make.id_car_make, name: known.make.make_name } : null);
  const models = useQuery({
    queryKey: vehicleCatalogKeys.addModels(companyId, form.year ?? '', make?.id_car_make ?? 0),
    queryFn: () => fetchModels(form.year ?? '', String(make?.id_car_make)),
    enabled: opened && form.year !== null && make !== null,
  });
  const listed = make ? (models.data?.find((m) => same(m.name, form.model)) ?? null) : null;
  const model =
    listed ??
    (known.model
      ? {
          id_car_model: known.model.id_car_model,
          name: known.model.model_name,
          vehicleSize: known.model.id_car_type,
        }
      : null);
  const trims = useQuery({
    queryKey: vehicleCatalogKeys.addTrims(companyId, model?.id_car_model ?? 0),
    queryFn: () => fetchTrims(String(model?.id_car_model), null),
    enabled: opened && model !== null,
  });
  const trimNames = [...(trims.data ?? []).map((t) => t.name), ...known.trims];
  const trimExists = model !== null && trimNames.some((name) => same(name, form.trim));
  const size = model ? model.vehicleSize : form.size;

  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
    setFailure(null);
  };
  const close = () => {
    setForm(emptyForm());
    setErrors({});
    setFailure(null);
    onClose();
  };

  const mutation = useMutation({
    mutationFn: () =>
      addVehicle({
        year: Number(form.year),
        make: make?.name ?? form.make.trim(),
        makeId: make?.id_car_make ?? null,
        model: model?.name ?? form.model.trim(),
        modelId: model?.id_car_model ?? null,
        trim: form.trim.trim(),
        bodyStyle: form.bodyStyle as (typeof bodyStyles)[number],
        size: size as (typeof vehicleSizes)[number],
      }),
    onSuccess: async (added) => {
      notifications.show({
        color: 'green',
        message: `${added.make_name} ${added.model_name} ${added.trim_name} added`,
      });
      await queryClient.invalidateQueries({ queryKey: vehicleCatalogKeys.ofCompany(companyId) });
      close();
    },
    onError: (err) => {
      setFailure(
        err instanceof AppError && err.code === 'CONFLICT' ? messages.trimExists : messages.addVehicleFailed,
      );
    },
  });

  const submit = () => {
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length === 0 && !trimExists) mutation.mutate();
  };

  return (
    <Modal opened={opened} onClose={close} title="Add New Vehicle" size="md" fullScreen={isMobile}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Select
            label="Year"
            placeholder="Choose a year"
            data={years}
            value={form.year}
            // Rule 100: a new year reloads the makes and clears make, model and trim.
            onChange={(year) => set({ year, make: '', model: '', trim: '' })}
            error={errors.year}
            searchable
            maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
            withAsterisk
          />
          <Autocomplete
            label="Make"
            description={form.make.trim() && !make && form.year ? '(New Make)' : undefined}
            data={(makes.data ?? []).map((m) => m.name)}
            value={form.make}
            onChange={(value) => set({ make: value, model: '', trim: '' })}
            error={errors.make}
            disabled={form.year === null}
            maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
            withAsterisk
          />
          <Autocomplete
            label="Model"
            description={form.model.trim() && !model ? '(New Model)' : undefined}
            data={make ? (models.data ?? []).map((m) => m.name) : []}
            value={form.model}
            onChange={(value) => set({ model: value, trim: '' })}
            error={errors.model}
            disabled={!form.make.trim()}
            maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
            withAsterisk
          />
          <Autocomplete
            label="Trim"
            data={model ? (trims.data ?? []).map((t) => t.name) : []}
            value={form.trim}
            onChange={(value) => set({ trim: value })}
            error={errors.trim}
            disabled={!form.model.trim()}
            maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
            withAsterisk
          />
          <Group grow align="flex-start">
            <Select
              label="Body Style"
              data={[...bodyStyles]}
              value={form.bodyStyle}
              onChange={(bodyStyle) => set({ bodyStyle: bodyStyle ?? 'Sedan' })}
              allowDeselect={false}
            />
            <Select
              label="Size"
              description={model ? 'Set by the model' : undefined}
              data={vehicleSizes.map((s) => ({ value: s, label: `${sizeLabels[s]} (${s})` }))}
              value={size}
              onChange={(value) => set({ size: value ?? 'M' })}
              disabled={model !== null}
              allowDeselect={false}
            />
          </Group>
          <FormFooter
            failure={failure}
            pending={mutation.isPending}
            onCancel={close}
            submitDisabled={trimExists}
            submitLabel={trimExists ? messages.trimExists : 'Add Vehicle'}
          />
          {model && (
            <Text size="xs" c="dimmed">
              {model.name} is {sizeLabels[model.vehicleSize]}; its trims share its size.
            </Text>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
