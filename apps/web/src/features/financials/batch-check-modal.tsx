import type { TTransaction } from '@app/contracts/financials.contract';
import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiHttpError } from '../../lib/api-client';
import { batchMessages, checkBatch } from './batch-check';
import { formatCents, formatRowVehicle } from './financial-format';

type BatchCheckModalProps = {
  rows: readonly TTransaction[];
  isProcessing: boolean;
  error: unknown;
  onProcess: (checkNumber: string) => void;
  onClose: () => void;
};

/** A 4xx says what the server refused (an invoice paid meanwhile, another company's); anything else is M146. */
function describeFailure(error: unknown): string {
  return error instanceof ApiHttpError && error.isClientError
    ? (error.userMessage ?? error.message)
    : batchMessages.failed;
}

/**
 * The Process Check Payment modal of P22: the selected invoices, their total and the check number (rules
 * 87–89). The server settles them all in one transaction or none.
 */
export function BatchCheckModal({ rows, isProcessing, error, onProcess, onClose }: BatchCheckModalProps) {
  const [checkNumber, setCheckNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const totalCents = rows.reduce((sum, row) => sum + row.amount_cents, 0);

  function submit() {
    const refusal = checkBatch(
      rows.map((row) => row.invoice_id ?? 0),
      checkNumber,
    );
    setProblem(refusal);
    if (!refusal) onProcess(checkNumber);
  }

  return (
    <Modal opened onClose={onClose} title="Process Check Payment" centered size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={420} mah={320}>
            <Table verticalSpacing={4} aria-label="Selected invoices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice #</Table.Th>
                  <Table.Th>Vehicle</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.invoice_id}>
                    <Table.Td>{row.invoice_number ?? row.invoice_id}</Table.Td>
                    <Table.Td>{formatRowVehicle(row)}</Table.Td>
                    <Table.Td>{row.Name}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatCents(row.amount_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text fw={600}>
              Total ({rows.length} {rows.length === 1 ? 'invoice' : 'invoices'})
            </Text>
            <Text fw={700} data-testid="batch-total">
              {formatCents(totalCents)}
            </Text>
          </Group>
          <TextInput
            label="Check number"
            withAsterisk
            value={checkNumber}
            onChange={(event) => setCheckNumber(event.currentTarget.value)}
            maxLength={50}
            error={problem === batchMessages.checkNumber ? problem : undefined}
            data-autofocus
          />
          {problem && problem !== batchMessages.checkNumber && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          {error !== null && error !== undefined && (
            <Alert color="red" role="alert">
              {describeFailure(error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={isProcessing}>
              Cancel
            </Button>
            <Button type="submit" color="teal" loading={isProcessing}>
              Process Check Payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
