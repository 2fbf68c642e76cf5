import { formatMoney } from '@app/domain/shared/money';
import { Alert, Button, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ApiHttpError } from '../../lib/api-client';
import { wireDollarsToCents } from '../../lib/money';
import { fetchPreviousJob, fetchServices, type ServicesSource } from './request-wizard.api';
import { type PreviousJobSelection, servicesFromPreviousJob, type WizardMode } from './service-lines';

/** One row of a previous-jobs table. */
export type PreviousJobRow = {
  requestId: number;
  /** 'YYYY/MM/DD HH:mm:ss' (UTC). */
  availableDate: string;
  vehicle: string;
  serviceRequested: string;
  total: number;
  state: string;
};

export type LoadedPreviousJob = PreviousJobSelection & { requestId: number; vehicle: string };

/**
 * Loads a previous job's services for the current vehicle: GET /requestimates/requestbyID/?Id= and
 * GET /requestService/{requestId} (001 §7), priced again from the current catalog (all categories).
 */
export async function loadPreviousJob(
  requestId: number,
  catalog: ServicesSource | null,
  mode: WizardMode,
): Promise<LoadedPreviousJob> {
  const [[request, lines], services] = await Promise.all([
    fetchPreviousJob(requestId),
    fetchServices(catalog),
  ]);
  const vehicle = [request.vehicleYear, request.vehicleMake, request.vehicleModel]
    .filter((p) => p !== null && p !== '')
    .join(' ');
  return { requestId, vehicle, ...servicesFromPreviousJob(lines, services, mode) };
}

/** The message shown on the Work step after loading. */
export function loadedJobMessage(loaded: LoadedPreviousJob): string {
  const base = `Loaded ${loaded.services.length} service(s) from job #${loaded.requestId}${loaded.vehicle ? ` (${loaded.vehicle})` : ''}.`;
  return loaded.skipped.length > 0
    ? `${base} Not offered for this vehicle: ${loaded.skipped.join(', ')}.`
    : base;
}

function errorText(error: unknown): string {
  if (error instanceof ApiHttpError && error.isClientError) return error.userMessage ?? error.message;
  return 'An unexpected error occurred.';
}

/** A table of previous jobs; picking one loads its services through `onPick`. */
export function PreviousJobsTable(props: {
  rows: readonly PreviousJobRow[] | undefined;
  isPending: boolean;
  isError: boolean;
  caption: string;
  onPick: (requestId: number) => Promise<void>;
}) {
  const pick = useMutation({ mutationFn: (requestId: number) => props.onPick(requestId) });
  const loadingId = pick.isPending ? pick.variables : null;
  const error = pick.isError ? errorText(pick.error) : null;
  if (props.isPending) return <Loader size="sm" aria-label="Loading previous jobs" />;
  if (props.isError) return <Alert color="red">The previous jobs could not be loaded.</Alert>;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {props.caption}
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {(props.rows ?? []).length === 0 ? (
        <Text c="dimmed">No previous jobs.</Text>
      ) : (
        <ScrollArea.Autosize mah={360} type="auto">
          <Table
            striped
            highlightOnHover
            verticalSpacing={6}
            horizontalSpacing="xs"
            fz="sm"
            aria-label="Previous jobs"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Vehicle</Table.Th>
                <Table.Th>Services</Table.Th>
                <Table.Th visibleFrom="sm">Total</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(props.rows ?? []).map((row) => (
                <Table.Tr key={row.requestId} data-testid="previous-job">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.availableDate.slice(0, 10)}</Table.Td>
                  <Table.Td>{row.vehicle}</Table.Td>
                  <Table.Td>
                    {row.serviceRequested}
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {row.state}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(wireDollarsToCents(row.total))}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      loading={loadingId === row.requestId}
                      disabled={loadingId !== null}
                      onClick={() => pick.mutate(row.requestId)}
                      aria-label={`Load services of job ${row.requestId}`}
                    >
                      Load
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
