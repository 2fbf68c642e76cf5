import type { TRequestimate, TRequestNote, TRequestService } from '@app/contracts/service-requests.contract';
import { formatMoney } from '@app/domain/shared/money';
import { isVinHidden } from '@app/domain/vehicles/vin';
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDollars, wireDollarsToCents } from '../../../lib/money';
import { useOpenContract } from '../../customer-contract/open-contract';
import { formatDisplayDate, formatDuration, formatState, formatVehicle, fromWire } from '../request-format';
import { listShownNotes, type RequestSchedule } from '../request-summary';
import type { PartState } from './detail-section';
import { PartBody } from './detail-section';
import { findServiceName } from './request-services';

/** 'Work Detail for {dealer name}'; a retail estimate names its customer (the wire's dealerName). */
export function buildWorkDetailTitle(
  request: Pick<TRequestimate, 'requestType' | 'dealerName' | 'customerName'>,
): string {
  const name =
    request.requestType === 'installer'
      ? (request.customerName ?? request.dealerName)
      : (request.dealerName ?? request.customerName);
  return `Work Detail for ${name ?? 'this request'}`;
}

/** The customer-facing invoice number is preferred over the internal one (000 §2). */
export function findInvoiceNumber(
  request: Pick<TRequestimate, 'customer_facing_invoice' | 'invoiceId'>,
): string | null {
  return request.customer_facing_invoice?.trim() || request.invoiceId?.trim() || null;
}

/** The VIN to show, or null: 'NV…' means not yet collected (000 §2, §5). */
export function findShownVin(vin: string | null): string | null {
  return vin && vin.trim() !== '' && !isVinHidden(vin) ? vin : null;
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" component="div">
        {children}
      </Text>
    </Group>
  );
}

type WorkDetailModalProps = {
  opened: boolean;
  onClose: () => void;
  request: TRequestimate;
  schedule: RequestSchedule | null;
  services: readonly TRequestService[];
  servicesPart: PartState;
  notes: readonly TRequestNote[];
  notesPart: PartState;
};

/** The Work Detail popup (000 §2, catalogue P4). */
export function WorkDetailModal(props: WorkDetailModalProps) {
  const { request, schedule, services } = props;
  const openContract = useOpenContract();
  const vin = findShownVin(request.vin);
  const totalCents = wireDollarsToCents(request.requestTotal);
  const discountCents = wireDollarsToCents(request.requestDiscount);
  const subtotalCents = totalCents - discountCents;
  const taxesCents = wireDollarsToCents(request.requestTaxes);
  const invoiceNumber = findInvoiceNumber(request);
  const notes = listShownNotes(props.notes);
  const start = schedule?.start ?? fromWire(request.availableDate);
  const completion = schedule?.end ?? fromWire(request.dueDate);

  return (
    <Modal opened={props.opened} onClose={props.onClose} title={buildWorkDetailTitle(request)} size="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
          <Line label="E-mail">{request.email ?? '—'}</Line>
          <Line label="Phone">{request.phone_number ?? '—'}</Line>
          <Line label="Vehicle">{formatVehicle(request, { withTrim: true })}</Line>
          {vin && <Line label="VIN">{vin}</Line>}
          <Line label="Work start">{formatDisplayDate(start)}</Line>
          <Line label="Scheduled completion">{formatDisplayDate(completion)}</Line>
          <Line label="Total cost">{formatMoney(subtotalCents + taxesCents)}</Line>
          <Line label="Current state">{formatState(request.currentState)}</Line>
          <Line label="Request number">{request.requestId}</Line>
          <Line label="Invoice number">{invoiceNumber ?? '—'}</Line>
        </SimpleGrid>

        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Work notes
          </Text>
          <PartBody what="notes" part={props.notesPart}>
            {notes.length === 0 ? (
              <Text size="sm" c="dimmed">
                No notes.
              </Text>
            ) : (
              notes.map((note) => (
                <Text key={note.id} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {note.text}
                </Text>
              ))
            )}
          </PartBody>
        </Stack>

        <PartBody what="services" part={props.servicesPart}>
          {/* Scrolls sideways on a phone: the keyboard can reach and scroll it (WCAG 2.1.1). */}
          <Table.ScrollContainer
            minWidth={420}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Itemized services table' } }}
          >
            <Table striped withTableBorder aria-label="Itemized services">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Service</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th ta="right">Duration</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {services.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text size="sm" c="dimmed">
                        No services are listed.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  services.map((service) => (
                    <Table.Tr key={service.service_id}>
                      <Table.Td>{service.service_category}</Table.Td>
                      <Table.Td>{findServiceName(service)}</Table.Td>
                      <Table.Td ta="right">
                        {formatDollars(service.service_amount)}
                        {service.service_discount > 0 && (
                          <Text size="xs" c="dimmed">
                            −{formatDollars(service.service_discount)} discount
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatDuration(service.service_duration)}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </PartBody>

        <Stack gap={4} maw={320} ml="auto" w="100%">
          <Line label="Original total">{formatMoney(totalCents)}</Line>
          <Line label="Discount">{formatMoney(discountCents)}</Line>
          <Line label="Subtotal">{formatMoney(subtotalCents)}</Line>
          <Line label="Taxes">{formatMoney(taxesCents)}</Line>
          <Divider />
          <Line label="Customer Pays">
            <Text span fw={700}>
              {formatMoney(subtotalCents + taxesCents)}
            </Text>
          </Line>
        </Stack>

        {request.contract_url && (
          <Group>
            <Button variant="light" onClick={() => void openContract(request.requestId, true)}>
              CUSTOMER CONTRACT
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
