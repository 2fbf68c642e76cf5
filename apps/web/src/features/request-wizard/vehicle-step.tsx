import { ZCreateVehicleBody } from '@app/contracts/vehicles.contract';
import { isValidVin, normalizeVin } from '@app/domain/vehicles/vin';
import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useActingCompanyId } from '../../lib/query-keys';
import { errorText } from './error-text';
import { requestWizardKeys } from './query-keys';
import { decodeVin, fetchMakesOfYear, fetchModels, fetchTrims } from './request-wizard.api';
import { dealerYears, type WizardVehicle } from './wizard-rules';

/** The step's fields; the VIN is checked by the contract's rule for POST /vehicles (its message too). */
type VehicleFields = {
  vin: string;
  year: string | null;
  makeId: string | null;
  modelId: string | null;
  trimId: string | null;
};
const validateVehicle = schemaResolver(ZCreateVehicleBody.pick({ vin: true }), { sync: true });

/** The Vehicle step (both wizards): a VIN to decode, or the year, make, model and trim chosen. */
export function VehicleStep({
  value,
  onChange,
  initialVin,
}: {
  value: WizardVehicle | null;
  onChange: (v: WizardVehicle | null) => void;
  /** A VIN to decode at once (a referral's vehicle). */
  initialVin?: string | null;
}) {
  const [initialValues] = useState<VehicleFields>(() => ({
    vin: value?.vin ?? normalizeVin(initialVin ?? ''),
    year: value ? String(value.year) : null,
    makeId: value?.makeId ? String(value.makeId) : null,
    modelId: value?.modelId ? String(value.modelId) : null,
    trimId: value?.trimId ? String(value.trimId) : null,
  }));
  const form = useForm<VehicleFields>({
    initialValues,
    initialErrors: validateVehicle(initialValues),
    validate: validateVehicle,
    validateInputOnChange: ['vin'],
  });
  const { vin, year, makeId, modelId, trimId } = form.values;
  const [decodeError, setDecodeError] = useState<string | null>(null);
  const [isDecoding, setIsDecoding] = useState(false);
  const [decodedNames, setDecodedNames] = useState<{
    make: string;
    model: string;
    trim: string | null;
  } | null>(value ? { make: value.make, model: value.model, trim: value.trim } : null);
  const normalized = normalizeVin(vin);
  const vinValid = isValidVin(normalized);

  const companyId = useActingCompanyId();
  const makes = useQuery({
    queryKey: requestWizardKeys.makes(companyId, year),
    queryFn: () => fetchMakesOfYear(String(year)),
    enabled: year !== null,
  });
  const models = useQuery({
    queryKey: requestWizardKeys.models(companyId, year, makeId),
    queryFn: () => fetchModels(String(year), String(makeId)),
    enabled: year !== null && makeId !== null,
  });
  const trims = useQuery({
    queryKey: requestWizardKeys.trims(companyId, modelId, year),
    queryFn: () => fetchTrims(String(modelId), year),
    enabled: modelId !== null,
  });

  function withDecoded(
    options: { value: string; label: string }[],
    id: string | null,
    name: string | null | undefined,
  ) {
    if (!id || !name || options.some((o) => o.value === id)) return options;
    return [{ value: id, label: name }, ...options];
  }

  function choose(next: {
    year: string | null;
    makeId: string | null;
    modelId: string | null;
    trimId: string | null;
  }) {
    form.setValues(next);
    const make = makes.data?.find((m) => String(m.id_car_make) === next.makeId);
    const model = models.data?.find((m) => String(m.id_car_model) === next.modelId);
    const trim = trims.data?.find((t) => String(t.id_car_trim) === next.trimId);
    if (next.year && make && model && trim) {
      onChange({
        vin: vinValid ? normalized : null,
        year: Number(next.year),
        make: make.name,
        model: model.name,
        trim: trim.name,
        makeId: make.id_car_make,
        modelId: model.id_car_model,
        trimId: trim.id_car_trim,
        size: trim.id_car_type ?? model.vehicleSize,
        bodyStyle: trim.body_style,
      });
    } else onChange(null);
  }

  async function decode() {
    if (!vinValid) return;
    setIsDecoding(true);
    setDecodeError(null);
    try {
      const reply = await decodeVin(normalized);
      const result = reply.Results[0];
      const decodedYear = Number(result?.ModelYear);
      if (!result?.make_name || !result.model_name || !Number.isFinite(decodedYear)) {
        setDecodeError('This VIN could not be decoded. Please choose the year, make, model and trim.');
        return;
      }
      setDecodedNames({ make: result.make_name, model: result.model_name, trim: result.trim_name });
      form.setValues({
        year: String(decodedYear),
        makeId: result.id_car_make ? String(result.id_car_make) : null,
        modelId: result.id_car_model ? String(result.id_car_model) : null,
        trimId: result.id_car_trim ? String(result.id_car_trim) : null,
      });
      onChange({
        vin: normalized,
        year: decodedYear,
        make: result.make_name,
        model: result.model_name,
        trim: result.trim_name,
        makeId: result.id_car_make,
        modelId: result.id_car_model,
        trimId: result.id_car_trim,
        size: result.size,
        bodyStyle: result.body_style,
      });
    } catch (error) {
      setDecodeError(errorText(error));
    } finally {
      setIsDecoding(false);
    }
  }

  const decodeOnMount = useRef(value === null && vinValid && Boolean(initialVin));
  useEffect(() => {
    if (!decodeOnMount.current) return;
    decodeOnMount.current = false;
    void decode();
  });

  return (
    <Stack>
      <Title order={4}>Vehicle</Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="VIN #"
          {...form.getInputProps('vin')}
          maxLength={17}
          style={{ flex: '1 1 220px' }}
          onChange={(e) => form.setFieldValue('vin', e.currentTarget.value.toUpperCase())}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void decode();
          }}
        />
        <Button onClick={() => void decode()} disabled={!vinValid} loading={isDecoding}>
          Decode VIN
        </Button>
      </Group>
      {decodeError && <Alert color="yellow">{decodeError}</Alert>}
      <Text size="sm" c="dimmed">
        Or choose the vehicle:
      </Text>
      <Group grow wrap="wrap">
        <Select
          label="Year"
          searchable
          data={dealerYears().map(String)}
          value={year}
          onChange={(v) => choose({ year: v, makeId: null, modelId: null, trimId: null })}
        />
        <Select
          label="Make"
          searchable
          disabled={!year}
          data={withDecoded(
            (makes.data ?? []).map((m) => ({ value: String(m.id_car_make), label: m.name })),
            makeId,
            decodedNames?.make,
          )}
          value={makeId}
          onChange={(v) => choose({ year, makeId: v, modelId: null, trimId: null })}
        />
      </Group>
      <Group grow wrap="wrap">
        <Select
          label="Model"
          searchable
          disabled={!makeId}
          data={withDecoded(
            (models.data ?? []).map((m) => ({ value: String(m.id_car_model), label: m.name })),
            modelId,
            decodedNames?.model,
          )}
          value={modelId}
          onChange={(v) => choose({ year, makeId, modelId: v, trimId: null })}
        />
        <Select
          label="Trim"
          searchable
          disabled={!modelId}
          data={withDecoded(
            (trims.data ?? []).map((t) => ({ value: String(t.id_car_trim), label: t.name })),
            trimId,
            decodedNames?.trim,
          )}
          value={trimId}
          onChange={(v) => choose({ year, makeId, modelId, trimId: v })}
        />
      </Group>
      {value && (
        <Text fw={500} data-testid="vehicle-summary">
          {value.year} {value.make} {value.model} {value.trim ?? ''} (size {value.size})
        </Text>
      )}
    </Stack>
  );
}
