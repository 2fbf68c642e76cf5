import { calendarMessages } from '@app/contracts/calendar.contract';
import { Alert, Badge, Group, Modal, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDollars } from '../../lib/money';
import { useActingCompanyId } from '../../lib/query-keys';
import { Field } from '../financials/invoice-details-modal';
import {
  formatDisplayDate,
  formatDuration,
  formatState,
  formatVehicle,
  fromWire,
} from '../service-requests/request-format';
import { fetchFullRequest, fetchRequestNotes, fetchRequestServices } from './calendar-api';
import { calendarKeys } from './query-keys';

/**
 * The calendar's job detail modal (P21; 002 §2.5, §7): the full request, its services and its notes, read
 * through the request reads (GET /requestimates/fullrequest/?Id, /requestservice/{id}, /requestnotes/{id});
 * M131 when one of them fails.
 */
export function JobDetailModal({ requestId, onClose }: { requestId: number; onClose: () => void }) {
  const companyId = useActingCompanyId();
  const request = useQuery({
    queryKey: calendarKeys.job(companyId, requestId, 'request'),
    queryFn: ({ signal }) => fetchFullRequest(requestId, signal),
  });
  const services = useQuery({
    queryKey: calendarKeys.job(companyId, requestId, 'services'),
    queryFn: ({ signal }) => fetchRequestServices(requestId, signal),
  });
  const notes = useQuery({
    queryKey: calendarKeys.job(companyId, requestId, 'notes'),
    queryFn: ({ signal }) => fetchRequestNotes(requestId, signal),
  });
  const isError = request.isError || services.isError || notes.isError;
  const job = request.data;

  return (
    <Modal opened onClose={onClose} title={`Job #${requestId}`} size="lg" centered>
      {isError ? (
        <Alert color="red" role="alert">
          {calendarMessages.jobDetailsFailed}
        </Alert>
      ) : !job || !services.data || !notes.data ? (
        <Stack gap="xs" aria-label="Loading job details">
          {[1, 2, 3].map((line) => (
            <Skeleton key={line} height={24} />
          ))}
        </Stack>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light">{formatState(job.currentState)}</Badge>
            <Badge variant="outline" color="gray">
              {job.requestType === 'dealer' ? 'Dealer job' : 'Retail job'}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Field label="Customer">{job.customerName ?? job.dealerName ?? '—'}</Field>
            <Field label="Vehicle">{formatVehicle(job, { withTrim: true })}</Field>
            <Field label="VIN">{job.vin ?? '—'}</Field>
            <Field label="Estimate">{formatDuration(job.requestDuration)}</Field>
            <Field label="Available">{formatDisplayDate(fromWire(job.availableDate))}</Field>
            <Field label="Due">{formatDisplayDate(fromWire(job.dueDate))}</Field>
            <Field label="Total">{formatDollars(job.requestTotal)}</Field>
            <Field label="Discount">{formatDollars(job.requestDiscount)}</Field>
          </SimpleGrid>
          <div>
            <Title order={3} size="h5" mb={4}>
              Services
            </Title>
            {/* Scrolls sideways on a phone: the keyboard can reach and scroll it (WCAG 2.1.1). */}
            <Table.ScrollContainer
              minWidth={420}
              scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Services of the job' } }}
            >
              <Table striped withTableBorder aria-label="Services">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>Service</Table.Th>
                    <Table.Th>Days</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>State</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {services.data.map((line, index) => (
                    <Table.Tr key={line.service_id}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td>
                        {line.service_category} – {line.custom_description || line.description}
                      </Table.Td>
                      <Table.Td>{line.duration_days}</Table.Td>
                      <Table.Td>
                        {formatDollars(line.service_amount)}
                        {line.service_discount > 0 && ` (− ${formatDollars(line.service_discount)})`}
                      </Table.Td>
                      <Table.Td>{line.service_state}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </div>
          <div>
            <Title order={3} size="h5" mb={4}>
              Notes
            </Title>
            {notes.data.length === 0 ? (
              <Text size="sm" c="gray.7">
                No notes
              </Text>
            ) : (
              <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {notes.data.map((note) => (
                  <Text key={note.noteId} size="sm" component="li">
                    <Text span size="xs" c="gray.7">
                      {formatDisplayDate(fromWire(note.noteDate))}:{' '}
                    </Text>
                    {note.note_text}
                  </Text>
                ))}
              </Stack>
            )}
          </div>
        </Stack>
      )}
    </Modal>
  );
}
