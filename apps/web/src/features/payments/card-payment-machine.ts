import {
  CARD_PAYMENT_POLL_MS,
  CARD_PAYMENT_TIMEOUT_MS,
  paymentMessages,
} from '@app/contracts/payments.contract';
import { NetworkError } from '../../lib/api-client';
import type { CardPaymentCalls } from './payments-api';

/** Card payment progress (000 §4). */
export const cardPaymentStates = [
  'initializing',
  'creating_intent',
  'checking_terminal',
  'terminal_offline',
  'sending_to_reader',
  'waiting_for_customer',
  'processing',
  'success',
  'declined',
  'error',
  'timeout',
] as const;
export type CardPaymentState = (typeof cardPaymentStates)[number];

export const finalCardPaymentStates: readonly CardPaymentState[] = [
  'terminal_offline',
  'success',
  'declined',
  'error',
  'timeout',
];

/** Card-payment messages of 000 §8 that the popup shows. */
export const cardPaymentMessages = {
  setupFailedToStart: 'Failed to set up card payment. Please try again.',
  noInvoice: paymentMessages.noInvoice,
  noReader: paymentMessages.noReader,
  createIntentFailed: paymentMessages.createIntentFailed,
  noIntentId: paymentMessages.noIntentId,
  readerOffline: paymentMessages.readerOffline,
  readerConnectFailed: paymentMessages.readerConnectFailed,
  declined: paymentMessages.cardDeclined,
  statusCheckFailed: paymentMessages.statusCheckFailed,
  connectionError: 'Connection error. Please check your network.',
  timedOut: paymentMessages.timedOut,
  setupFailed: paymentMessages.setupFailed,
} as const;

/** Pauses between setup steps (000 §9). */
export const SETUP_PAUSE_AFTER_INIT_MS = 800;
export const SETUP_PAUSE_AFTER_TERMINAL_MS = 500;

export type CardPaymentSnapshot = {
  state: CardPaymentState;
  message: string | null;
  paymentIntentId: string | null;
};

export type CardPaymentInput = {
  /** The invoice's numeric id (null: none yet). */
  invoiceId: number | null;
  /** The reader (installer location's stripe_location); null: none configured. */
  readerId: string | null;
  /** Idempotency key of this attempt's payment intent. */
  idempotencyKey: string;
};

export type CardPaymentDeps = {
  calls: CardPaymentCalls;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class Stopped extends Error {}

/**
 * Runs one card payment at the reader: POST /payments → GET /terminal → POST /terminalPay → GET /payments
 * every 2 s until it succeeds, is declined, fails, or 5 minutes pass. Every change is reported through
 * `onChange`; the last snapshot is also returned. Aborting the signal stops it quietly (no more reports).
 */
export async function runCardPayment(
  input: CardPaymentInput,
  deps: CardPaymentDeps,
  onChange: (snapshot: CardPaymentSnapshot) => void,
  signal?: AbortSignal,
): Promise<CardPaymentSnapshot> {
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? Date.now;
  let snapshot: CardPaymentSnapshot = { state: 'initializing', message: null, paymentIntentId: null };

  const report = (state: CardPaymentState, message: string | null = null) => {
    if (signal?.aborted) throw new Stopped();
    snapshot = { ...snapshot, state, message };
    onChange(snapshot);
    return snapshot;
  };
  const pause = async (ms: number) => {
    await sleep(ms);
    if (signal?.aborted) throw new Stopped();
  };
  const isNetwork = (error: unknown) => error instanceof NetworkError;

  try {
    report('initializing');
    if (input.invoiceId === null) return report('error', cardPaymentMessages.noInvoice);
    if (!input.readerId) return report('error', cardPaymentMessages.noReader);
    await pause(SETUP_PAUSE_AFTER_INIT_MS);

    report('creating_intent');
    let paymentIntentId: string | null;
    try {
      const created = await deps.calls.createPayment(input.invoiceId, input.readerId, input.idempotencyKey);
      if (!created.success) return report('error', created.error ?? cardPaymentMessages.createIntentFailed);
      paymentIntentId = created.paymentIntentId ?? created.id;
    } catch (error) {
      if (error instanceof Stopped) throw error;
      return report(
        'error',
        isNetwork(error) ? cardPaymentMessages.connectionError : cardPaymentMessages.createIntentFailed,
      );
    }
    if (!paymentIntentId) return report('error', cardPaymentMessages.noIntentId);
    snapshot = { ...snapshot, paymentIntentId };

    report('checking_terminal');
    try {
      const terminal = await deps.calls.checkTerminal(input.readerId);
      if (!terminal.success || terminal.data?.status !== 'online') {
        return report('terminal_offline', cardPaymentMessages.readerOffline);
      }
    } catch (error) {
      if (error instanceof Stopped) throw error;
      return report('terminal_offline', cardPaymentMessages.readerOffline);
    }
    await pause(SETUP_PAUSE_AFTER_TERMINAL_MS);

    report('sending_to_reader');
    try {
      const sent = await deps.calls.terminalPay(paymentIntentId, input.readerId);
      if (!sent.success) {
        if (sent.error === cardPaymentMessages.readerOffline) {
          return report('terminal_offline', cardPaymentMessages.readerOffline);
        }
        return report('error', cardPaymentMessages.readerConnectFailed);
      }
    } catch (error) {
      if (error instanceof Stopped) throw error;
      return report(
        'error',
        isNetwork(error) ? cardPaymentMessages.connectionError : cardPaymentMessages.readerConnectFailed,
      );
    }

    report('waiting_for_customer');
    const startedAt = now();
    while (now() - startedAt < CARD_PAYMENT_TIMEOUT_MS) {
      await pause(CARD_PAYMENT_POLL_MS);
      if (now() - startedAt >= CARD_PAYMENT_TIMEOUT_MS) break;
      let status: Awaited<ReturnType<CardPaymentCalls['getPayment']>>;
      try {
        status = await deps.calls.getPayment(paymentIntentId);
      } catch (error) {
        if (error instanceof Stopped) throw error;
        return report(
          'error',
          isNetwork(error) ? cardPaymentMessages.connectionError : cardPaymentMessages.statusCheckFailed,
        );
      }
      if (status.status === 'succeeded') return report('success');
      if (status.status === 'payment_failed') return report('declined', cardPaymentMessages.declined);
      if (status.stage === 'processing' && snapshot.state !== 'processing') report('processing');
    }
    return report('timeout', cardPaymentMessages.timedOut);
  } catch (error) {
    if (error instanceof Stopped) return snapshot;
    if (signal?.aborted) return snapshot;
    const message = snapshot.paymentIntentId
      ? cardPaymentMessages.setupFailed
      : cardPaymentMessages.setupFailedToStart;
    snapshot = { ...snapshot, state: 'error', message };
    onChange(snapshot);
    return snapshot;
  }
}

/** What the popup says in each state. */
export const cardPaymentStateLabels: Record<CardPaymentState, string> = {
  initializing: 'Getting the payment ready…',
  creating_intent: 'Creating the payment…',
  checking_terminal: 'Checking the card reader…',
  terminal_offline: 'The card reader is offline',
  sending_to_reader: 'Sending the amount to the card reader…',
  waiting_for_customer: 'Waiting for the customer to tap, insert or swipe the card',
  processing: 'Processing the card…',
  success: 'Payment successful',
  declined: 'Card declined',
  error: 'Payment failed',
  timeout: 'Payment timed out',
};
