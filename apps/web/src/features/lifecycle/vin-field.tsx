import { isValidVin, normalizeVin, VIN_LENGTH } from '@app/domain/vehicles/vin';
import { Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useActingCompanyId } from '../../lib/query-keys';
import { lookUpVin } from './lifecycle-api';
import { lifecycleKeys } from './query-keys';

export const VIN_RULE_MESSAGE = 'VIN must be exactly 17 characters (letters and numbers, excluding I, O, Q)';

/** Why the VIN typed so far is not valid yet, or null when it is (000 §5). */
export function describeVinProblem(vin: string): string | null {
  const normalized = normalizeVin(vin);
  if (normalized === '') return 'Enter the VIN to check in';
  if (normalized.startsWith('NV')) return 'Enter the vehicle’s VIN';
  return isValidVin(normalized) ? null : VIN_RULE_MESSAGE;
}

type VinFieldProps = { value: string; onChange: (vin: string) => void };

/** The VIN for CHECK IN: upper-cased as typed, validated live, a valid VIN looks up the vehicle. */
export function VinField({ value, onChange }: VinFieldProps) {
  const problem = describeVinProblem(value);
  const normalized = normalizeVin(value);
  const [lookUp] = useDebouncedValue(problem === null ? normalized : '', 300);
  const companyId = useActingCompanyId();
  const vehicle = useQuery({
    queryKey: lifecycleKeys.vin(companyId, lookUp),
    queryFn: ({ signal }) => lookUpVin(lookUp, signal),
    enabled: lookUp !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const showsProblem = problem !== null && normalized.length > 0;
  return (
    <Stack gap={4}>
      <TextInput
        label="VIN"
        placeholder="17 characters"
        value={value}
        maxLength={VIN_LENGTH + 3}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.currentTarget.value.toUpperCase())}
        error={showsProblem ? problem : undefined}
        styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
        w={{ base: '100%', sm: 320 }}
      />
      {problem === null && lookUp === normalized && (
        <Group gap="xs" aria-live="polite" data-testid="vin-vehicle">
          {vehicle.isFetching ? (
            <>
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Looking up the vehicle…
              </Text>
            </>
          ) : vehicle.data && (vehicle.data.Make || vehicle.data.make_name) ? (
            <Text size="sm" fw={600}>
              <IconCircleCheck
                size={16}
                color="var(--mantine-color-green-8)"
                aria-hidden
                style={{ verticalAlign: 'text-bottom', marginRight: 4 }}
              />
              {[
                vehicle.data.ModelYear,
                vehicle.data.make_name ?? vehicle.data.Make,
                vehicle.data.model_name ?? vehicle.data.Model,
                vehicle.data.trim_name ?? vehicle.data.Trim,
              ]
                .filter(Boolean)
                .join(' ')}
            </Text>
          ) : vehicle.isError || vehicle.data !== undefined ? (
            <Text size="sm" c="dimmed">
              The vehicle could not be identified from this VIN.
            </Text>
          ) : null}
        </Group>
      )}
    </Stack>
  );
}
