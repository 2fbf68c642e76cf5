import type { TCustomerJob } from '@app/contracts/vehicles.contract';
import { Alert, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

const money = (dollars: number) => `$${dollars.toFixed(2)}`;
const vehicleOf = (j: TCustomerJob) =>
  [j.vehicleYear, j.vehicleMake, j.vehicleModel, j.vehicleTrim].filter(Boolean).join(' ') || '—';

/** P26: the job list of a customer or dealership in view mode (SHOW JOBS; rows 135, 136). */
export function PartyJobsModal(props: {
  opened: boolean;
  onClose: () => void;
  name: string;
  jobs: readonly TCustomerJob[];
  isError: boolean;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`Jobs for ${props.name}`}
      size="xl"
      fullScreen={isPhone}
    >
      {props.isError ? (
        <Alert color="red" role="alert">
          Failed to load jobs. Please try again.
        </Alert>
      ) : props.jobs.length === 0 ? (
        <Text c="dimmed">No jobs found.</Text>
      ) : isPhone ? (
        <Stack gap="xs">
          {props.jobs.map((j) => (
            <Stack
              key={j.requestId}
              gap={2}
              p="xs"
              style={{ border: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Text fw={600}>
                #{j.requestId} · {j.availableDate.slice(0, 10)}
              </Text>
              <Text size="sm">{vehicleOf(j)}</Text>
              <Text size="sm">{j.serviceRequested}</Text>
              <Text size="sm" tt="capitalize">
                {j.currentState} · {money(j.requestTotal)}
              </Text>
            </Stack>
          ))}
        </Stack>
      ) : (
        <ScrollArea.Autosize mah={500}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Vehicle</Table.Th>
                <Table.Th>Services</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.jobs.map((j) => (
                <Table.Tr key={j.requestId}>
                  <Table.Td>#{j.requestId}</Table.Td>
                  <Table.Td>{j.availableDate.slice(0, 10)}</Table.Td>
                  <Table.Td>{vehicleOf(j)}</Table.Td>
                  <Table.Td>{j.serviceRequested}</Table.Td>
                  <Table.Td tt="capitalize">{j.currentState}</Table.Td>
                  <Table.Td ta="right">{money(j.requestTotal)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}
