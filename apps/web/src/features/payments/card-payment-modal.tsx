import { formatMoney } from '@app/domain/shared/money';
import { Alert, Button, Group, Loader, Modal, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCreditCard, IconWifiOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paymentStaleAreas, refreshAreas } from '../lifecycle/action-refresh';
import {
  type CardPaymentSnapshot,
  type CardPaymentState,
  cardPaymentStateLabels,
  finalCardPaymentStates,
  runCardPayment,
} from './card-payment-machine';
import { cardPaymentCalls } from './payments-api';

/** Success closes the popup after this long and goes to /pickups (000 §9). */
export const CARD_PAYMENT_SUCCESS_CLOSE_MS = 3_000;

const progressOrder: CardPaymentState[] = [
  'initializing',
  'creating_intent',
  'checking_terminal',
  'sending_to_reader',
  'waiting_for_customer',
  'processing',
  'success',
];

type CardPaymentModalProps = {
  opened: boolean;
  onClose: () => void;
  invoiceId: number | null;
  invoiceNumber: string | null;
  amountCents: number | null;
  readerId: string | null;
  /** Where success goes after 3 s: '/pickups' for a job's invoice (000 §9); null stays (a deposit). */
  leaveTo?: string | null;
};

function newAttemptKey(invoiceId: number | null): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `card:${invoiceId ?? 'none'}:${random}`;
}

function StateIcon({ state }: { state: CardPaymentState }) {
  if (state === 'success') {
    return (
      <ThemeIcon color="green" size={56} radius="xl" aria-hidden>
        <IconCheck size={32} />
      </ThemeIcon>
    );
  }
  if (state === 'terminal_offline') {
    return (
      <ThemeIcon color="orange" size={56} radius="xl" aria-hidden>
        <IconWifiOff size={30} />
      </ThemeIcon>
    );
  }
  if (state === 'declined' || state === 'error' || state === 'timeout') {
    return (
      <ThemeIcon color="red" size={56} radius="xl" aria-hidden>
        <IconAlertTriangle size={30} />
      </ThemeIcon>
    );
  }
  if (state === 'waiting_for_customer') {
    return (
      <ThemeIcon color="blue" variant="light" size={56} radius="xl" aria-hidden>
        <IconCreditCard size={30} />
      </ThemeIcon>
    );
  }
  return <Loader size={48} aria-hidden />;
}

/** The card-reader payment progress popup (000 §2, §4, §8, §9). */
export function CardPaymentModal({
  opened,
  onClose,
  invoiceId,
  invoiceNumber,
  amountCents,
  readerId,
  leaveTo = '/pickups',
}: CardPaymentModalProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [snapshot, setSnapshot] = useState<CardPaymentSnapshot>({
    state: 'initializing',
    message: null,
    paymentIntentId: null,
  });
  const [attempt, setAttempt] = useState(0);
  const abortRef = useRef<AbortController | null>(null);
  // The amount this attempt charges, kept from its start: after success the invoice is re-read and its
  // amount_remaining is $0.00, which is not what the customer paid (issue 17, defect 3).
  const latestAmount = useRef(amountCents);
  latestAmount.current = amountCents;
  const [chargedCents, setChargedCents] = useState(amountCents);

  const refreshMoney = useCallback(() => refreshAreas(queryClient, paymentStaleAreas), [queryClient]);

  useEffect(() => {
    if (!opened) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setChargedCents(latestAmount.current);
    setSnapshot({ state: 'initializing', message: null, paymentIntentId: null });
    void runCardPayment(
      { invoiceId, readerId, idempotencyKey: `${newAttemptKey(invoiceId)}:${attempt}` },
      { calls: cardPaymentCalls },
      setSnapshot,
      controller.signal,
    ).then((last) => {
      if (!controller.signal.aborted && last.state !== 'success') void refreshMoney();
    });
    return () => controller.abort();
  }, [opened, invoiceId, readerId, attempt, refreshMoney]);

  // The parent's onClose and navigate may change on every render (refetches): keep the 3 s timer steady.
  const leaveRef = useRef(() => {});
  leaveRef.current = () => {
    onClose();
    if (leaveTo) navigate(leaveTo);
  };
  useEffect(() => {
    if (!opened || snapshot.state !== 'success') return;
    void refreshMoney();
    const timer = setTimeout(() => leaveRef.current(), CARD_PAYMENT_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [opened, snapshot.state, refreshMoney]);

  const isFinal = finalCardPaymentStates.includes(snapshot.state);
  const isFailure = isFinal && snapshot.state !== 'success';
  const step = progressOrder.indexOf(snapshot.state);
  const progress = step < 0 ? 100 : Math.round((step / (progressOrder.length - 1)) * 100);

  const close = () => {
    abortRef.current?.abort();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Card reader payment"
      centered
      closeOnClickOutside={isFinal}
      withCloseButton
    >
      <Stack gap="md" align="center" data-testid="card-payment" data-state={snapshot.state}>
        {chargedCents !== null && (
          <Text size="xl" fw={700} data-testid="card-payment-amount">
            {formatMoney(chargedCents)}
          </Text>
        )}
        {invoiceNumber && (
          <Text size="sm" c="dimmed">
            Invoice {invoiceNumber}
          </Text>
        )}
        <StateIcon state={snapshot.state} />
        <Text fw={600} ta="center" role="status" aria-live="polite">
          {cardPaymentStateLabels[snapshot.state]}
        </Text>
        {!isFinal && <Progress value={progress} w="100%" animated aria-label="Card payment progress" />}
        {snapshot.state === 'success' && (
          <Text size="sm" c="dimmed" ta="center">
            Closing in a moment…
          </Text>
        )}
        {isFailure && snapshot.message && (
          <Alert color={snapshot.state === 'terminal_offline' ? 'orange' : 'red'} role="alert" w="100%">
            {snapshot.message}
          </Alert>
        )}
        <Group justify="flex-end" w="100%">
          {isFailure && (
            <Button variant="light" onClick={() => setAttempt((value) => value + 1)}>
              Try again
            </Button>
          )}
          <Button variant={isFailure ? 'default' : 'subtle'} onClick={close}>
            {isFinal ? 'Close' : 'Cancel'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
