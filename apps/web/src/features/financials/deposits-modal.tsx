import { financialsMessages, type TDepositInvoice } from '@app/contracts/financials.contract';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiHttpError } from '../../lib/api-client';
import { useActingCompanyId } from '../../lib/query-keys';
import { formatCents, formatWireDay } from './financial-format';
import { fetchDeposits, settleDeposit } from './financials-api';
import { financialsKeys } from './query-keys';

type DepositsModalProps = { installerId: number; onClose: () => void; onSettled: () => Promise<void> };

/** A 4xx says what was wrong (another's invoice, already paid); anything else is M154. */
function describeSettleFailure(error: unknown): string {
  return error instanceof ApiHttpError && error.isClientError
    ? (error.userMessage ?? error.message)
    : financialsMessages.depositSettleFailed;
}

function ConfirmSettle({
  deposit,
  isSettling,
  onConfirm,
  onCancel,
}: {
  deposit: TDepositInvoice;
  isSettling: boolean;
  onConfirm: (checkNumber: string) => void;
  onCancel: () => void;
}) {
  const [checkNumber, setCheckNumber] = useState('');
  return (
    <Stack gap="xs" mt="xs">
      <Text size="sm" fw={600} role="alert">
        {financialsMessages.depositConfirm}
      </Text>
      <TextInput
        label="Check # (leave empty for cash)"
        value={checkNumber}
        onChange={(event) => setCheckNumber(event.currentTarget.value)}
        maxLength={50}
        data-autofocus
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={isSettling}>
          Cancel
        </Button>
        <Button color="teal" loading={isSettling} onClick={() => onConfirm(checkNumber)}>
          Settle {formatCents(deposit.amount_cents)}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The deposit summary of P22 (Manage Deposits): the company's unsettled deposit invoices, whatever the range;
 * each settles as paid by cash or check after a confirmation, which cannot be undone (rule 94).
 */
export function DepositsModal({ installerId, onClose, onSettled }: DepositsModalProps) {
  const companyId = useActingCompanyId();
  const [confirming, setConfirming] = useState<number | null>(null);
  const deposits = useQuery({
    queryKey: financialsKeys.deposits(companyId),
    queryFn: () => fetchDeposits(installerId),
  });
  const settle = useMutation({
    mutationFn: ({ invoiceId, checkNumber }: { invoiceId: number; checkNumber: string }) =>
      settleDeposit(invoiceId, checkNumber),
    onSuccess: async () => {
      notifications.show({ color: 'green', message: financialsMessages.depositSettled });
      setConfirming(null);
      await Promise.all([deposits.refetch(), onSettled()]);
    },
  });

  const items = deposits.data ?? [];
  return (
    <Modal opened onClose={onClose} title="Deposit Invoices" centered size="lg">
      <Stack gap="sm">
        {deposits.isPending && <Loader size="sm" aria-label="Loading deposits" />}
        {deposits.isError && (
          <Alert color="red" role="alert">
            {financialsMessages.loadFailed}
          </Alert>
        )}
        {settle.isError && (
          <Alert color="red" role="alert">
            {describeSettleFailure(settle.error)}
          </Alert>
        )}
        {deposits.isSuccess && items.length === 0 && <Text c="gray.7">{financialsMessages.noDeposits}</Text>}
        {items.length > 0 && (
          <Stack
            gap="xs"
            component="ul"
            aria-label="Unsettled deposits"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {items.map((deposit) => (
              <Paper
                component="li"
                key={deposit.invoice_id}
                withBorder
                radius="md"
                p="sm"
                data-invoice-id={deposit.invoice_id}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" truncate="end">
                      {[deposit.Name, deposit.vehicle].filter(Boolean).join(' · ')}
                    </Text>
                    <Text size="sm" truncate="end">
                      {deposit.Service_Requested}
                    </Text>
                    <Text size="xs" c="gray.7">
                      Invoice # {deposit.invoice_number ?? deposit.invoice_id} ·{' '}
                      {formatWireDay(deposit.invoice_date)}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end" style={{ flex: 'none' }}>
                    <Text fw={700}>{formatCents(deposit.amount_cents)}</Text>
                    {confirming !== deposit.invoice_id && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => {
                          settle.reset();
                          setConfirming(deposit.invoice_id);
                        }}
                        aria-label={`Settle deposit ${deposit.invoice_number ?? deposit.invoice_id} of ${deposit.Name}`}
                      >
                        Settle
                      </Button>
                    )}
                  </Stack>
                </Group>
                {confirming === deposit.invoice_id && (
                  <ConfirmSettle
                    deposit={deposit}
                    isSettling={settle.isPending}
                    onCancel={() => setConfirming(null)}
                    onConfirm={(checkNumber) => settle.mutate({ invoiceId: deposit.invoice_id, checkNumber })}
                  />
                )}
              </Paper>
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
