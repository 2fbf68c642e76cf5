import type { TCustomerJob, TVehicle } from '@app/contracts/vehicles.contract';
import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useActingCompanyId } from '../../lib/query-keys';
import { type PreviousJobRow, PreviousJobsTable } from '../request-wizard/previous-jobs';
import type { WizardVehicle } from '../request-wizard/wizard-rules';
import { serviceRequestKeys } from '../service-requests/query-keys';
import { fetchPartyJobs, fetchPartyVehicles } from './estimate-wizard.api';
import { estimateWizardKeys } from './query-keys';

export type Party = { kind: 'customer' | 'dealer'; id: number; name: string };

/** GET /vehicles/{customer}/{installerId} (001 §7): the customer's vehicles of the installer's earlier work. */
export function usePreviousVehicles(installerId: number, party: Party | null) {
  const companyId = useActingCompanyId();
  return useQuery({
    queryKey: estimateWizardKeys.customerVehicles(
      companyId,
      installerId,
      party?.kind ?? null,
      party?.id ?? null,
    ),
    queryFn: () => (party ? fetchPartyVehicles(party, installerId) : Promise.resolve([])),
    enabled: party !== null,
  });
}

/** GET /customerJobs/{customer}/{installerId}: the installer's previous jobs for the customer. */
export function usePreviousJobs(installerId: number, party: Party | null) {
  const companyId = useActingCompanyId();
  return useQuery({
    queryKey: serviceRequestKeys.customerJobs(companyId, installerId, party?.kind ?? null, party?.id ?? null),
    queryFn: () => (party ? fetchPartyJobs(party, installerId) : Promise.resolve([])),
    enabled: party !== null,
  });
}

/** A stored vehicle as the wizard's vehicle (a placeholder VIN stays hidden). */
export function toWizardVehicle(v: TVehicle): WizardVehicle {
  return {
    vin: v.vinAvailable ? v.VIN : null,
    year: v.Year,
    make: v.Make,
    model: v.Model,
    trim: v.Trim,
    makeId: v.id_car_make,
    modelId: v.id_car_model,
    trimId: v.id_car_trim,
    size: v.size,
    bodyStyle: v.Style,
    vehicleId: v.id,
  };
}

/** 'Select one of customer's previous vehicles or Add a new one' (001 §2.4): Year, Make, Model, Trim, Style. */
export function PreviousVehiclesModal(props: {
  opened: boolean;
  vehicles: readonly TVehicle[];
  onSelect: (v: WizardVehicle) => void;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 30em)') ?? false;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Previous vehicles"
      centered
      size="lg"
      fullScreen={isPhone}
    >
      <Stack gap="sm">
        <Text size="sm">Select one of customer's previous vehicles or Add a new one</Text>
        <ScrollArea.Autosize mah={isPhone ? undefined : 360} type="auto" offsetScrollbars>
          <Table
            striped
            highlightOnHover
            verticalSpacing={6}
            horizontalSpacing={isPhone ? 4 : 'xs'}
            fz={isPhone ? 'xs' : 'sm'}
            aria-label="Previous vehicles"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>Year</Table.Th>
                <Table.Th>Make</Table.Th>
                <Table.Th>Model</Table.Th>
                <Table.Th>Trim</Table.Th>
                <Table.Th>Style</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.vehicles.map((v) => (
                <Table.Tr key={v.id} data-testid="previous-vehicle">
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      onClick={() => props.onSelect(toWizardVehicle(v))}
                      aria-label={`Select ${v.Year} ${v.Make} ${v.Model}`}
                    >
                      Select
                    </Button>
                  </Table.Td>
                  <Table.Td>{v.Year}</Table.Td>
                  <Table.Td>{v.Make}</Table.Td>
                  <Table.Td>{v.Model}</Table.Td>
                  <Table.Td>{v.Trim ?? ''}</Table.Td>
                  <Table.Td>{v.Style ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Add a new one
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function toJobRow(job: TCustomerJob): PreviousJobRow {
  return {
    requestId: job.requestId,
    availableDate: job.availableDate,
    vehicle: [job.vehicleYear, job.vehicleMake, job.vehicleModel].filter((p) => p !== null).join(' '),
    serviceRequested: job.serviceRequested,
    total: job.requestTotal,
    state: job.currentState,
  };
}

/** 'Jobs completed for {customer}' (001 §2.4): picking a job loads its services into the Work step. */
export function PreviousJobsModal(props: {
  opened: boolean;
  customer: string;
  jobs: readonly TCustomerJob[] | undefined;
  isPending: boolean;
  isError: boolean;
  onPick: (requestId: number) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`Jobs completed for ${props.customer}`}
      centered
      size="xl"
    >
      <Stack gap="sm">
        <Text size="sm">Select one of {props.customer}'s previous jobs or Add a new one</Text>
        <PreviousJobsTable
          rows={props.jobs?.map(toJobRow)}
          isPending={props.isPending}
          isError={props.isError}
          caption="Select the job to load the services"
          onPick={props.onPick}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Add a new one
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
