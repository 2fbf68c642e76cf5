import type { TSessionUser } from '@app/contracts/auth.contract';
import type { TInvoice, TRequestPayment } from '@app/contracts/payments.contract';
import type { TRequestimate } from '@app/contracts/service-requests.contract';
import { resolveDepositDisplayState } from '@app/domain/invoicing/deposit';
import { formatMoney } from '@app/domain/shared/money';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCash,
  IconCreditCard,
  IconExternalLink,
  IconFileInvoice,
  IconMail,
  IconPercentage,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiHttpError } from '../../lib/api-client';
import { useActingCompanyId } from '../../lib/query-keys';
import { paymentStaleAreas, refreshAreas } from '../lifecycle/action-refresh';
import { computeCustomerTotalCents } from '../service-requests/request-format';
import { CardPaymentModal } from './card-payment-modal';
import { CheckPaymentModal } from './check-payment-modal';
import { DepositModal } from './deposit-modal';
import {
  DEPOSIT_POPUP_TITLE,
  decideDepositControl,
  depositCentsOf,
  describeDepositShare,
  isDepositInvoiceMissing,
} from './deposit-rules';
import {
  availablePaymentMethods,
  describePaidMethod,
  invoiceStatusLabel,
  isJobFinished,
} from './payment-rules';
import {
  createRequestInvoice,
  fetchInstallerLocations,
  fetchInvoice,
  fetchRequestPayments,
  resendInvoice,
  settleInvoice,
} from './payments-api';
import { PoModal } from './po-modal';
import { paymentKeys } from './query-keys';

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

type InvoiceBlockProps = {
  kind: 'deposit' | 'final';
  invoice: TInvoice;
  /** The invoice's payment row, when the request has one. */
  payment: TRequestPayment | null;
  requestId: number;
  userType: TSessionUser['userType'];
  readerId: string | null;
  onDone: () => Promise<void>;
};

/**
 * One invoice of the job (the deposit invoice raised at BOOK JOB, or the final one): number, amount, status,
 * and for the installer while it is open the payment methods of 000 §5; resend; the PO on the final one.
 */
function InvoiceBlock({ kind, invoice, payment, requestId, userType, readerId, onDone }: InvoiceBlockProps) {
  const isInstaller = userType === 'installer';
  const [modal, setModal] = useState<'card' | 'check' | 'po' | null>(null);
  const isOpen = invoice.status === 'open' || invoice.status === 'draft';
  const methods = availablePaymentMethods({ hasReader: readerId !== null });
  const number = invoice.customer_facing_number ?? invoice.number;
  const testId = (name: string) => (kind === 'deposit' ? `deposit-${name}` : name);
  const paidMethod = invoice.status === 'paid' ? describePaidMethod(payment) : null;

  const settle = useMutation({
    mutationFn: () => settleInvoice(invoice.id, { method: 'settle' }),
    onSuccess: async (reply) => {
      notifications.show({ color: 'green', message: reply.message });
      await onDone();
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: errorMessage(error, 'Failed to settle invoice') });
    },
  });
  const resend = useMutation({
    mutationFn: () => resendInvoice(invoice.id),
    onSuccess: (reply) => {
      notifications.show({ color: 'green', message: `Invoice sent to ${reply.sentTo}` });
    },
    onError: (error) => {
      if (error instanceof ApiHttpError && error.isClientError) {
        notifications.show({ color: 'red', message: errorMessage(error, 'The invoice could not be sent') });
      }
    },
  });

  const payOnline = invoice.hosted_invoice_url && (
    <Button
      component="a"
      href={invoice.hosted_invoice_url}
      target="_blank"
      rel="noopener noreferrer"
      variant="light"
      leftSection={<IconExternalLink size={16} />}
    >
      Pay Online
    </Button>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text size="sm">{number}</Text>
          {invoice.metadata.PO && (
            <Text size="xs" c="dimmed">
              PO {invoice.metadata.PO}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Text fw={700} data-testid={testId('invoice-amount')}>
            {formatMoney(invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_remaining)}
          </Text>
          <Badge color={statusColors[invoice.status]} data-testid={testId('invoice-status')}>
            {invoiceStatusLabel(invoice.status)}
          </Badge>
        </Group>
      </Group>
      {paidMethod && (
        <Text size="sm" c="dimmed" data-testid={testId('paid-method')}>
          {paidMethod}
        </Text>
      )}
      {isInstaller && isOpen && (
        <Group
          gap="xs"
          wrap="wrap"
          aria-label={kind === 'deposit' ? 'Deposit payment methods' : 'Payment methods'}
          role="group"
        >
          {methods.includes('check') && (
            <Button leftSection={<IconCash size={16} />} variant="light" onClick={() => setModal('check')}>
              Check/Cash
            </Button>
          )}
          {methods.includes('online') && payOnline}
          {methods.includes('swipe') && (
            <Button leftSection={<IconCreditCard size={16} />} onClick={() => setModal('card')}>
              Swipe Card
            </Button>
          )}
          {methods.includes('settle') && (
            <Button variant="light" color="gray" loading={settle.isPending} onClick={() => settle.mutate()}>
              Settle
            </Button>
          )}
        </Group>
      )}
      {!isInstaller && isOpen && payOnline && <Group gap="xs">{payOnline}</Group>}
      {invoice.status !== 'void' && (
        <Group gap="xs" wrap="wrap">
          {kind === 'final' && (!isInstaller || isOpen) && (
            <Button variant="default" size="compact-sm" onClick={() => setModal('po')}>
              {isInstaller ? 'PO / check #' : 'Enter PO'}
            </Button>
          )}
          {invoice.status === 'open' && (
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconMail size={14} />}
              loading={resend.isPending}
              onClick={() => resend.mutate()}
            >
              Resend invoice
            </Button>
          )}
        </Group>
      )}
      <CardPaymentModal
        opened={modal === 'card'}
        onClose={() => setModal(null)}
        invoiceId={invoice.id}
        invoiceNumber={number}
        amountCents={invoice.amount_remaining}
        readerId={readerId}
        leaveTo={kind === 'final' ? '/pickups' : null}
      />
      <CheckPaymentModal
        opened={modal === 'check'}
        onClose={() => setModal(null)}
        requestId={requestId}
        invoice={invoice}
        paymentId={payment?.payment_id ?? null}
        onDone={onDone}
      />
      {kind === 'final' && (
        <PoModal
          opened={modal === 'po'}
          onClose={() => setModal(null)}
          invoice={invoice}
          userType={userType}
          onDone={onDone}
        />
      )}
    </Stack>
  );
}

function newInvoiceKey(requestId: number, invoiceType: 'deposit' | 'final'): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `ui:${invoiceType}:${requestId}:${random}`;
}

/** Raises an invoice that failed at BOOK JOB or at completion (the server keeps one of each kind per job). */
function CreateInvoiceNotice({
  request,
  invoiceType,
  onDone,
}: {
  request: TRequestimate;
  invoiceType: 'deposit' | 'final';
  onDone: () => Promise<void>;
}) {
  const create = useMutation({
    mutationFn: () =>
      createRequestInvoice(
        request.requestId,
        request.requestType,
        invoiceType,
        newInvoiceKey(request.requestId, invoiceType),
      ),
    onSuccess: async (invoice) => {
      notifications.show({ color: 'green', message: `Invoice ${invoice.number ?? invoice.id} created` });
      await onDone();
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: errorMessage(error, 'The invoice could not be created. Please try again.'),
      });
    },
  });
  const what = invoiceType === 'deposit' ? 'deposit invoice' : 'invoice';
  return (
    <Alert color="yellow" variant="light" data-testid={`missing-${invoiceType}-invoice`}>
      <Stack gap="xs">
        <Text size="sm">The {what} of this job has not been created.</Text>
        <Button size="compact-sm" w="fit-content" loading={create.isPending} onClick={() => create.mutate()}>
          {invoiceType === 'deposit' ? 'Create deposit invoice' : 'Create invoice'}
        </Button>
      </Stack>
    </Alert>
  );
}

/** An invoice loaded by its reference, with the loading and failure states. */
function LoadedInvoice({
  invoiceRef,
  what,
  children,
}: {
  invoiceRef: string;
  what: string;
  children: (invoice: TInvoice) => React.ReactNode;
}) {
  const companyId = useActingCompanyId();
  const invoice = useQuery({
    queryKey: paymentKeys.invoice(companyId, invoiceRef),
    queryFn: () => fetchInvoice(invoiceRef),
  });
  if (invoice.isPending) return <Skeleton height={36} aria-label={`Loading the ${what}`} />;
  if (invoice.isError) {
    return (
      <Alert color="red" role="alert">
        <Group gap="xs">
          <Text size="sm">The {what} could not be loaded.</Text>
          <Button size="compact-xs" variant="light" color="red" onClick={() => invoice.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  return <>{children(invoice.data)}</>;
}

type DepositSectionProps = {
  request: TRequestimate;
  userType: TSessionUser['userType'];
  companyId: number;
  payments: TRequestPayment[];
  isLoading: boolean;
  isError: boolean;
  readerId: string | null;
  onDone: () => Promise<void>;
};

/** The deposit of an installer-type job (000 §2, §4 display states, §5, §8). */
function DepositSection({
  request,
  userType,
  companyId,
  payments,
  isLoading,
  isError,
  readerId,
  onDone,
}: DepositSectionProps) {
  const [isPopupOpen, setPopupOpen] = useState(false);
  const deposits = payments.filter((payment) => payment.payment_type === 'deposit');
  const depositInvoiceCount = deposits.filter(
    (payment) => payment.invoice_id !== null && payment.invoice_status !== 'void',
  ).length;
  const jobTotalCents = computeCustomerTotalCents(request);
  const setCents = depositCentsOf(request);
  const control = decideDepositControl({
    userType,
    companyId,
    request,
    depositInvoiceCount: isLoading || isError ? 0 : depositInvoiceCount,
  });

  let body: React.ReactNode;
  let state: 'loading' | 'error' | 'none' | 'invoiced' | 'paid';
  if (isLoading) {
    state = 'loading';
    body = <Skeleton height={20} aria-label="Loading the deposit" />;
  } else if (isError) {
    state = 'error';
    body = (
      <Text size="sm" c="red" role="alert">
        Unable to load deposit information
      </Text>
    );
  } else {
    state = resolveDepositDisplayState(
      payments.map((payment) => ({ paymentType: payment.payment_type, paymentState: payment.payment_state })),
    );
    const invoicedCents = deposits.reduce((sum, payment) => sum + payment.amount_cents, 0);
    const shownCents = state === 'none' ? setCents : invoicedCents;
    const share = describeDepositShare(shownCents, jobTotalCents);
    body =
      state === 'none' && setCents === 0 ? (
        <Text size="sm" c="dimmed">
          No deposit
        </Text>
      ) : (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600} data-testid="deposit-amount">
            {formatMoney(shownCents)}
          </Text>
          {share && (
            <Text size="sm" c="dimmed" data-testid="deposit-share">
              ({share})
            </Text>
          )}
          {state === 'paid' && <Badge color="green">Paid</Badge>}
          {state === 'invoiced' && (
            <Badge color="blue" variant="light">
              Invoiced
            </Badge>
          )}
          {state === 'none' && request.currentState === 'new' && (
            <Text size="sm" c="dimmed">
              set, invoiced when the job is booked
            </Text>
          )}
        </Group>
      );
  }
  const depositInvoices =
    isLoading || isError ? [] : deposits.filter((payment) => payment.invoice_id !== null);
  const isInvoiceMissing =
    !isLoading &&
    !isError &&
    isDepositInvoiceMissing({ userType, companyId, request, depositPaymentCount: deposits.length });

  return (
    <Stack gap="xs" data-testid="deposit-section" data-state={state}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          Deposit
        </Text>
        {control.isShown && !isLoading && !isError && (
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconPercentage size={14} aria-hidden />}
            onClick={() => setPopupOpen(true)}
          >
            {DEPOSIT_POPUP_TITLE}
          </Button>
        )}
      </Group>
      {body}
      {isInvoiceMissing && <CreateInvoiceNotice request={request} invoiceType="deposit" onDone={onDone} />}
      {depositInvoices.map((payment) => (
        <LoadedInvoice
          key={payment.payment_id}
          invoiceRef={String(payment.invoice_id)}
          what="deposit invoice"
        >
          {(invoice) => (
            <InvoiceBlock
              kind="deposit"
              invoice={invoice}
              payment={payment}
              requestId={request.requestId}
              userType={userType}
              readerId={readerId}
              onDone={onDone}
            />
          )}
        </LoadedInvoice>
      ))}
      {control.isShown && (
        <DepositModal
          opened={isPopupOpen}
          onClose={() => setPopupOpen(false)}
          requestId={request.requestId}
          currentDepositCents={setCents}
          jobTotalCents={jobTotalCents}
          depositInvoiceCount={depositInvoiceCount}
          isEditable={control.isEditable}
          lockedReason={control.lockedReason}
          onDone={onDone}
        />
      )}
    </Stack>
  );
}

/** The job's payments, once it has any to show: a finished job, or an installer job (its deposit). */
export function useRequestPayments(
  request: Pick<TRequestimate, 'requestId' | 'currentState' | 'requestType'>,
  companyId: number,
) {
  return useQuery({
    queryKey: paymentKeys.requestPayments(companyId, request.requestId),
    queryFn: () => fetchRequestPayments(request.requestId),
    enabled: isJobFinished(request.currentState) || request.requestType === 'installer',
  });
}

/** Money of the selected job: deposit, invoice, payment methods, PO (000 §2, §4, §5, §8). */
export function PaymentPanel({ request, userType, companyId }: PaymentPanelProps) {
  const queryClient = useQueryClient();
  const requestId = request.requestId;
  const isInstaller = userType === 'installer';
  const finished = isJobFinished(request.currentState);
  const showDeposit = request.requestType === 'installer';

  const payments = useRequestPayments(request, companyId);
  const finalPayment = payments.data?.find((payment) => payment.payment_type === 'final') ?? null;
  const invoiceRef = finalPayment?.invoice_id ? String(finalPayment.invoice_id) : (request.invoiceId ?? null);
  const installerId = isInstaller ? companyId : request.assignedTo;
  const locations = useQuery({
    queryKey: paymentKeys.locations(companyId, installerId),
    queryFn: () => fetchInstallerLocations(installerId),
    enabled: isInstaller && (finished || showDeposit) && installerId > 0,
  });
  const readerId = locations.data?.find((location) => location.stripe_location)?.stripe_location ?? null;

  const refresh = () => refreshAreas(queryClient, paymentStaleAreas);

  if (!finished && !showDeposit) return null;

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
            userType={userType}
            companyId={companyId}
            payments={payments.data ?? []}
            isLoading={payments.isPending}
            isError={payments.isError}
            readerId={readerId}
            onDone={refresh}
          />
        )}
        {finished && (
          <Stack gap="sm" data-testid="invoice-section">
            <Text size="sm" fw={600}>
              Invoice
            </Text>
            {invoiceRef === null ? (
              isInstaller && !payments.isPending && !payments.isError ? (
                <CreateInvoiceNotice request={request} invoiceType="final" onDone={refresh} />
              ) : (
                <Text size="sm" c="dimmed">
                  No invoice yet
                </Text>
              )
            ) : (
              <LoadedInvoice invoiceRef={invoiceRef} what="invoice">
                {(invoice) => (
                  <InvoiceBlock
                    kind="final"
                    invoice={invoice}
                    payment={finalPayment}
                    requestId={requestId}
                    userType={userType}
                    readerId={readerId}
                    onDone={refresh}
                  />
                )}
              </LoadedInvoice>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
