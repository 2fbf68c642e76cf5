import type { TSessionUser } from '@app/contracts/auth.contract';
import type { TInvoice, TRequestPayment } from '@app/contracts/payments.contract';
import type { TRequestimate } from '@app/contracts/service-requests.contract';
import { resolveDepositDisplayState } from '@app/domain/invoicing/deposit';
import { formatMoney } from '@app/domain/shared/money';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCash, IconCreditCard, IconExternalLink, IconFileInvoice, IconMail } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiHttpError } from '../../lib/api-client';
import { invalidateServiceRequests } from '../service-requests/query-keys';
import { CardPaymentModal } from './card-payment-modal';
import { CheckPaymentModal } from './check-payment-modal';
import {
  availablePaymentMethods,
  describePaidMethod,
  invoiceStatusLabel,
  isJobFinished,
} from './payment-rules';
import {
  fetchInstallerLocations,
  fetchInvoice,
  fetchRequestPayments,
  paymentKeys,
  resendInvoice,
  settleInvoice,
} from './payments-api';
import { PoModal } from './po-modal';

type PaymentPanelProps = {
  request: TRequestimate;
  userType: TSessionUser['userType'];
  /** The signed-in company (the installer's id for installers). */
  companyId: number;
};

const statusColors: Record<TInvoice['status'], string> = {
  draft: 'gray',
  open: 'blue',
  paid: 'green',
  void: 'dark',
};

function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiHttpError && error.isClientError) return error.userMessage ?? error.message;
  return fallback;
}

function DepositSection({
  request,
  payments,
  isLoading,
  isError,
}: {
  request: TRequestimate;
  payments: TRequestPayment[];
  isLoading: boolean;
  isError: boolean;
}) {
  let body: React.ReactNode;
  if (isLoading) {
    body = <Skeleton height={20} aria-label="Loading the deposit" />;
  } else if (isError) {
    body = (
      <Text size="sm" c="red" role="alert">
        Unable to load deposit information
      </Text>
    );
  } else {
    const state = resolveDepositDisplayState(
      payments.map((payment) => ({ paymentType: payment.payment_type, paymentState: payment.payment_state })),
    );
    const deposits = payments.filter((payment) => payment.payment_type === 'deposit');
    const depositCents = deposits.reduce((sum, payment) => sum + payment.amount_cents, 0);
    if (state === 'none') {
      body = (
        <Text size="sm" c="dimmed">
          {request.depositAmount > 0
            ? `${formatMoney(Math.round(request.depositAmount * 100))} set, not invoiced yet`
            : 'No deposit'}
        </Text>
      );
    } else {
      body = (
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {formatMoney(depositCents)}
          </Text>
          {state === 'paid' ? (
            <Badge color="green">Paid</Badge>
          ) : (
            <Badge color="blue" variant="light">
              Invoiced
            </Badge>
          )}
        </Group>
      );
    }
  }
  return (
    <Stack gap={4} data-testid="deposit-section">
      <Text size="sm" fw={600}>
        Deposit
      </Text>
      {body}
    </Stack>
  );
}

/** Money of the selected job: deposit, invoice, payment methods, PO (000 §2, §4, §5, §8). */
export function PaymentPanel({ request, userType, companyId }: PaymentPanelProps) {
  const queryClient = useQueryClient();
  const requestId = request.requestId;
  const isInstaller = userType === 'installer';
  const finished = isJobFinished(request.currentState);
  const [modal, setModal] = useState<'card' | 'check' | 'po' | null>(null);

  const payments = useQuery({
    queryKey: paymentKeys.requestPayments(requestId),
    queryFn: () => fetchRequestPayments(requestId),
  });
  const finalPayment = payments.data?.find((payment) => payment.payment_type === 'final') ?? null;
  const invoiceRef = finalPayment?.invoice_id ? String(finalPayment.invoice_id) : (request.invoiceId ?? null);
  const invoice = useQuery({
    queryKey: paymentKeys.invoice(invoiceRef ?? ''),
    queryFn: () => fetchInvoice(invoiceRef ?? ''),
    enabled: finished && invoiceRef !== null,
  });
  const installerId = isInstaller ? companyId : request.assignedTo;
  const locations = useQuery({
    queryKey: paymentKeys.locations(installerId),
    queryFn: () => fetchInstallerLocations(installerId),
    enabled: isInstaller && finished && installerId > 0,
  });
  const readerId = locations.data?.find((location) => location.stripe_location)?.stripe_location ?? null;

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
      invalidateServiceRequests(queryClient),
    ]);
  };

  const settle = useMutation({
    mutationFn: (invoiceId: number) => settleInvoice(invoiceId, { method: 'settle' }),
    onSuccess: async (reply) => {
      notifications.show({ color: 'green', message: reply.message });
      await refresh();
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: errorMessage(error, 'Failed to settle invoice') });
    },
  });
  const resend = useMutation({
    mutationFn: (invoiceId: number) => resendInvoice(invoiceId),
    onSuccess: (reply) => {
      notifications.show({ color: 'green', message: `Invoice sent to ${reply.sentTo}` });
    },
    onError: (error) => {
      if (error instanceof ApiHttpError && error.isClientError) {
        notifications.show({ color: 'red', message: errorMessage(error, 'The invoice could not be sent') });
      }
    },
  });

  const showDeposit = request.requestType === 'installer';
  if (!finished && !showDeposit) return null;

  const current = invoice.data ?? null;
  const isOpen = current !== null && (current.status === 'open' || current.status === 'draft');
  const methods = availablePaymentMethods({ hasReader: readerId !== null });

  return (
    <Paper withBorder radius="md" p="md" aria-label="Payments" component="section">
      <Stack gap="md">
        <Group gap="xs">
          <IconFileInvoice size={20} aria-hidden />
          <Title order={4}>Payments</Title>
        </Group>
        {showDeposit && (
          <DepositSection
            request={request}
            payments={payments.data ?? []}
            isLoading={payments.isPending}
            isError={payments.isError}
          />
        )}
        {finished && (
          <Stack gap="sm" data-testid="invoice-section">
            <Text size="sm" fw={600}>
              Invoice
            </Text>
            {invoiceRef === null ? (
              <Text size="sm" c="dimmed">
                No invoice yet
              </Text>
            ) : invoice.isPending ? (
              <Skeleton height={36} aria-label="Loading the invoice" />
            ) : invoice.isError || current === null ? (
              <Alert color="red" role="alert">
                <Group gap="xs">
                  <Text size="sm">The invoice could not be loaded.</Text>
                  <Button size="compact-xs" variant="light" color="red" onClick={() => invoice.refetch()}>
                    Retry
                  </Button>
                </Group>
              </Alert>
            ) : (
              <>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0}>
                    <Text size="sm">{current.customer_facing_number ?? current.number}</Text>
                    {current.metadata.PO && (
                      <Text size="xs" c="dimmed">
                        PO {current.metadata.PO}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs">
                    <Text fw={700} data-testid="invoice-amount">
                      {formatMoney(
                        current.status === 'paid' ? current.amount_paid : current.amount_remaining,
                      )}
                    </Text>
                    <Badge color={statusColors[current.status]} data-testid="invoice-status">
                      {invoiceStatusLabel(current.status)}
                    </Badge>
                  </Group>
                </Group>
                {current.status === 'paid' && describePaidMethod(finalPayment) && (
                  <Text size="sm" c="dimmed" data-testid="paid-method">
                    {describePaidMethod(finalPayment)}
                  </Text>
                )}
                {isInstaller && isOpen && (
                  <Group gap="xs" wrap="wrap" aria-label="Payment methods" role="group">
                    {methods.includes('check') && (
                      <Button
                        leftSection={<IconCash size={16} />}
                        variant="light"
                        onClick={() => setModal('check')}
                      >
                        Check/Cash
                      </Button>
                    )}
                    {methods.includes('online') && current.hosted_invoice_url && (
                      <Button
                        component="a"
                        href={current.hosted_invoice_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        variant="light"
                        leftSection={<IconExternalLink size={16} />}
                      >
                        Pay Online
                      </Button>
                    )}
                    {methods.includes('swipe') && (
                      <Button leftSection={<IconCreditCard size={16} />} onClick={() => setModal('card')}>
                        Swipe Card
                      </Button>
                    )}
                    {methods.includes('settle') && (
                      <Button
                        variant="light"
                        color="gray"
                        loading={settle.isPending}
                        onClick={() => settle.mutate(current.id)}
                      >
                        Settle
                      </Button>
                    )}
                  </Group>
                )}
                {!isInstaller && isOpen && current.hosted_invoice_url && (
                  <Group gap="xs">
                    <Button
                      component="a"
                      href={current.hosted_invoice_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      variant="light"
                      leftSection={<IconExternalLink size={16} />}
                    >
                      Pay Online
                    </Button>
                  </Group>
                )}
                {current.status !== 'void' && (
                  <Group gap="xs" wrap="wrap">
                    {(!isInstaller || isOpen) && (
                      <Button variant="default" size="compact-sm" onClick={() => setModal('po')}>
                        {isInstaller ? 'PO / check #' : 'Enter PO'}
                      </Button>
                    )}
                    {current.status === 'open' && (
                      <Button
                        variant="default"
                        size="compact-sm"
                        leftSection={<IconMail size={14} />}
                        loading={resend.isPending}
                        onClick={() => resend.mutate(current.id)}
                      >
                        Resend invoice
                      </Button>
                    )}
                  </Group>
                )}
                <CardPaymentModal
                  opened={modal === 'card'}
                  onClose={() => setModal(null)}
                  invoiceId={current.id}
                  invoiceNumber={current.customer_facing_number ?? current.number}
                  amountCents={current.amount_remaining}
                  readerId={readerId}
                />
                <CheckPaymentModal
                  opened={modal === 'check'}
                  onClose={() => setModal(null)}
                  requestId={requestId}
                  invoice={current}
                  paymentId={finalPayment?.payment_id ?? null}
                  onDone={refresh}
                />
                <PoModal
                  opened={modal === 'po'}
                  onClose={() => setModal(null)}
                  invoice={current}
                  userType={userType}
                  onDone={refresh}
                />
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
