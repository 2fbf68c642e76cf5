import type { TTransaction } from '@app/contracts/financials.contract';
import type { UserType } from '@app/domain/identity/access';
import { Anchor, Button, Group, Modal, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  findCheckNumber,
  formatCents,
  formatRowVehicle,
  formatWireDay,
  isRetailRow,
} from './financial-format';

type InvoiceDetailsModalProps = {
  row: TTransaction;
  userType: UserType;
  canAddPo: boolean;
  onAddPo: () => void;
  onClose: () => void;
};

/** A labelled value of a detail popup (also the calendar's job detail modal). */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** How a paid row was paid: card (brand and last four), check (number), or the recorded method. */
function describePayment(row: TTransaction): string {
  if (row.state_label !== 'Paid') return '—';
  const check = findCheckNumber(row);
  if (row.card_last4) return `${row.card_type ?? 'Card'} ending ${row.card_last4}`;
  if (check) return `Check # ${check}`;
  return row.method ?? 'Paid';
}

/** The invoice details of P22, opened from the vehicle: every figure of the row (row 106). */
export function InvoiceDetailsModal({ row, userType, canAddPo, onAddPo, onClose }: InvoiceDetailsModalProps) {
  const isInstaller = userType === 'installer';
  return (
    <Modal opened onClose={onClose} title="Invoice Details" centered size="lg">
      <Stack gap="md">
        <Text fw={700}>{formatRowVehicle(row)}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <Field label="Invoice #">{row.invoice_number ?? '—'}</Field>
          <Field label="Type">
            {isRetailRow(row) ? 'Retail' : 'Dealer'}
            {row.is_deposit ? ' deposit' : ''}
          </Field>
          <Field label="State">{row.state_label}</Field>
          <Field label="Name">{row.Name}</Field>
          <Field label="Work">{row.Service_Requested}</Field>
          <Field label="VIN">{row.VIN ?? '—'}</Field>
          <Field label="Invoiced">{formatWireDay(row.invoice_date)}</Field>
          <Field label="Paid">{formatWireDay(row.payment_date)}</Field>
          <Field label="Amount">{formatCents(row.amount_cents)}</Field>
          <Field label="Job total">{formatCents(row.request_total_cents)}</Field>
          {isInstaller && <Field label="Platform fee">{formatCents(row.platform_fee_cents)}</Field>}
          {isInstaller && <Field label="Earned">{formatCents(row.earned_cents)}</Field>}
          <Field label="PO #">{row.payment_order ?? '—'}</Field>
          <Field label="Payment">{describePayment(row)}</Field>
          <Field label={isInstaller ? 'Dealer or customer' : 'Specialist'}>
            {isInstaller ? row.Name : row.specialist_name || row.installer_name}
          </Field>
        </SimpleGrid>
        <Group justify="space-between" wrap="wrap">
          {row.hosted_invoice_url ? (
            <Anchor href={row.hosted_invoice_url} target="_blank" rel="noopener noreferrer" size="sm">
              View invoice
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Anchor>
          ) : (
            <span />
          )}
          <Group gap="xs">
            {canAddPo && (
              <Button variant="light" onClick={onAddPo}>
                {isInstaller ? 'Add PO / check #' : 'Add PO'}
              </Button>
            )}
            <Button variant="default" onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
