import { financialsMessages, type TDirectPayee } from '@app/contracts/financials.contract';
import { w9Messages } from '@app/contracts/profile.contract';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { saveBlob } from '../../lib/fetch-document';
import { openInNewWindow } from '../../lib/open-in-new-window';
import { useActingCompanyId } from '../../lib/query-keys';
import { describeW9Failure, fetchW9Link } from '../profile/w9-api';
import { formatCents } from './financial-format';
import { describeRange } from './financial-range';
import { type FinancialsView, rangeOf } from './financial-view';
import { downloadDirectPayeesCsv, fetchDirectPayees } from './financials-api';
import { financialsKeys } from './query-keys';

function W9Cell({ payee }: { payee: TDirectPayee }) {
  if (!payee.w9) {
    return (
      <Badge color="red" variant="light">
        {financialsMessages.w9Missing}
      </Badge>
    );
  }
  const download = () =>
    openInNewWindow(
      async () => (await fetchW9Link(payee.installer_id)).url,
      (error) =>
        notifications.show({ color: 'red', message: describeW9Failure(error, w9Messages.downloadFailed) }),
    );
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconDownload size={14} aria-hidden />}
      onClick={download}
      aria-label={`Download the W-9 of ${payee.name}`}
    >
      Download W-9
    </Button>
  );
}

/**
 * Dealers (decision 023): the specialists the dealership paid by check or cash in the period on screen, what
 * it paid each that way, and each one's W-9 (Download) or 'W-9 missing' — what the dealership needs for its
 * 1099s. One call; CSV of the same list.
 */
export function DirectPayeesPanel({ view }: { view: FinancialsView }) {
  const companyId = useActingCompanyId();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const range = rangeOf(view);
  const query = { from: range.from, to: range.to };
  const payees = useQuery({
    queryKey: financialsKeys.directPayees(companyId, query),
    queryFn: () => fetchDirectPayees(companyId, query),
  });
  const csv = useMutation({
    mutationFn: () => downloadDirectPayeesCsv(companyId, query),
    onSuccess: (blob) => saveBlob(`specialists-paid-by-check-or-cash_${range.from}_${range.to}.csv`, blob),
    onError: () => notifications.show({ color: 'red', message: financialsMessages.downloadFailed }),
  });
  const rows = payees.data?.rows ?? [];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="direct-payees-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={2} size="h4" id="direct-payees-title">
              {financialsMessages.directPayeesTitle}
            </Title>
            <Text size="sm" c="gray.7">
              {describeRange(view.mode, range)} · by payment date · for your 1099s
            </Text>
          </div>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconFileText size={16} aria-hidden />}
            loading={csv.isPending}
            disabled={rows.length === 0}
            onClick={() => csv.mutate()}
          >
            Download List (CSV)
          </Button>
        </Group>
        {payees.isError ? (
          <Alert color="red" role="alert">
            {financialsMessages.directPayeesFailed}
          </Alert>
        ) : payees.isPending ? (
          <Stack gap="xs" aria-label="Loading the specialists paid by check or cash">
            <Skeleton height={28} />
            <Skeleton height={28} />
          </Stack>
        ) : rows.length === 0 ? (
          <Text c="gray.7">{financialsMessages.noDirectPayees}</Text>
        ) : isMobile ? (
          <Stack gap="xs" data-testid="direct-payees">
            {rows.map((payee) => (
              <Paper key={payee.installer_id} withBorder radius="sm" p="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <div>
                    <Text fw={600}>{payee.name}</Text>
                    <Text size="sm" c="gray.7">
                      {payee.payments} payment{payee.payments === 1 ? '' : 's'} ·{' '}
                      {formatCents(payee.amount_paid_cents)}
                    </Text>
                  </div>
                  <W9Cell payee={payee} />
                </Group>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Table striped data-testid="direct-payees">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Specialist</Table.Th>
                <Table.Th ta="right">Payments</Table.Th>
                <Table.Th ta="right">Amount Paid</Table.Th>
                <Table.Th>W-9</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((payee) => (
                <Table.Tr key={payee.installer_id}>
                  <Table.Td>{payee.name}</Table.Td>
                  <Table.Td ta="right">{payee.payments}</Table.Td>
                  <Table.Td ta="right">{formatCents(payee.amount_paid_cents)}</Table.Td>
                  <Table.Td>
                    <W9Cell payee={payee} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Total</Table.Th>
                <Table.Th />
                <Table.Th ta="right">{formatCents(payees.data?.total_cents ?? 0)}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
