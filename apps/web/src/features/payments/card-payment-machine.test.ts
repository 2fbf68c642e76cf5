import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, installFakeFetch } from '../../test/fake-fetch';
import { type CardPaymentSnapshot, cardPaymentMessages, runCardPayment } from './card-payment-machine';
import { cardPaymentCalls } from './payments-api';

const READER = 'sim_reader_elite_main';
const INTENT = 'pi_local_1';

function paymentAnswer(status: 'processing' | 'succeeded' | 'payment_failed', stage: string): FakeAnswer {
  return {
    body: {
      success: true,
      status,
      stage,
      paymentIntentId: INTENT,
      invoiceId: 12,
      amount: 15000,
      error: null,
    },
  };
}

function fakeServer(options: {
  terminalStatus?: 'online' | 'offline';
  polls?: FakeAnswer[];
  createAnswer?: FakeAnswer;
}) {
  const polls = [...(options.polls ?? [])];
  const last = polls.at(-1) ?? paymentAnswer('processing', 'waiting_for_customer');
  return installFakeFetch({
    'POST /api/payments': options.createAnswer ?? {
      body: {
        success: true,
        paymentIntentId: INTENT,
        id: INTENT,
        amount: 15000,
        readerId: READER,
        error: null,
      },
    },
    [`GET /api/terminal/${READER}`]: {
      body: {
        success: true,
        data: {
          id: READER,
          status: options.terminalStatus ?? 'online',
          label: 'Main',
          device_type: 'simulated',
          location_id: 1,
        },
        error: null,
      },
    },
    'POST /api/terminalPay/':
      options.terminalStatus === 'offline'
        ? {
            body: {
              success: false,
              status: null,
              paymentIntentId: INTENT,
              terminalId: READER,
              error: cardPaymentMessages.readerOffline,
            },
          }
        : {
            body: {
              success: true,
              status: 'waiting_for_customer',
              paymentIntentId: INTENT,
              terminalId: READER,
              error: null,
            },
          },
    [`GET /api/payments/${INTENT}`]: () => polls.shift() ?? last,
  });
}

function start(invoiceId: number | null = 12, readerId: string | null = READER) {
  const states: CardPaymentSnapshot[] = [];
  const done = runCardPayment(
    { invoiceId, readerId, idempotencyKey: 'card:12:test' },
    { calls: cardPaymentCalls },
    (snapshot) => states.push(snapshot),
  );
  return { states, done, names: () => states.map((snapshot) => snapshot.state) };
}

describe('card payment sequence', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs intent → terminal → reader → polls every 2 s → success', async () => {
    const server = fakeServer({
      polls: [
        paymentAnswer('processing', 'waiting_for_customer'),
        paymentAnswer('processing', 'processing'),
        paymentAnswer('succeeded', 'succeeded'),
      ],
    });
    const run = start();
    await vi.advanceTimersByTimeAsync(799);
    expect(server.callsTo('POST', '/api/payments')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1 + 500);
    expect(server.callsTo('POST', '/api/payments')[0]?.body).toEqual({
      invoiceId: 12,
      locationId: READER,
      idempotencyKey: 'card:12:test',
    });
    expect(server.callsTo('POST', '/api/terminalPay/')[0]?.body).toEqual({
      paymentId: INTENT,
      terminalId: READER,
    });
    expect(server.callsTo('GET', `/api/payments/${INTENT}`)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(server.callsTo('GET', `/api/payments/${INTENT}`)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4_000);
    const last = await run.done;
    expect(server.callsTo('GET', `/api/payments/${INTENT}`)).toHaveLength(3);
    expect(run.names()).toEqual([
      'initializing',
      'creating_intent',
      'checking_terminal',
      'sending_to_reader',
      'waiting_for_customer',
      'processing',
      'success',
    ]);
    expect(last).toMatchObject({ state: 'success', paymentIntentId: INTENT });
  });

  it('a failed payment is shown as declined with the spec message', async () => {
    fakeServer({ polls: [paymentAnswer('payment_failed', 'declined')] });
    const run = start();
    await vi.advanceTimersByTimeAsync(10_000);
    const last = await run.done;
    expect(last.state).toBe('declined');
    expect(last.message).toBe('The card was declined. Please try a different card.');
  });

  it('an offline reader stops at terminal_offline before anything is sent', async () => {
    const server = fakeServer({ terminalStatus: 'offline' });
    const run = start();
    await vi.advanceTimersByTimeAsync(5_000);
    const last = await run.done;
    expect(last.state).toBe('terminal_offline');
    expect(last.message).toBe('Card reader is offline. Please check connection.');
    expect(server.callsTo('POST', '/api/terminalPay/')).toHaveLength(0);
  });

  it('gives up after 5 minutes of polling with the timeout message', async () => {
    const server = fakeServer({});
    const run = start();
    await vi.advanceTimersByTimeAsync(1_300);
    expect(run.names().at(-1)).toBe('waiting_for_customer');
    await vi.advanceTimersByTimeAsync(299_000);
    expect(run.names().at(-1)).toBe('waiting_for_customer');
    await vi.advanceTimersByTimeAsync(2_000);
    const last = await run.done;
    expect(last.state).toBe('timeout');
    expect(last.message).toBe('Payment timed out. Please try again.');
    // One poll every 2 s for 5 minutes.
    expect(server.callsTo('GET', `/api/payments/${INTENT}`).length).toBe(149);
  });

  it('without an invoice or a reader it stops at once with the spec message', async () => {
    installFakeFetch({});
    const noInvoice = await start(null).done;
    expect(noInvoice).toMatchObject({ state: 'error', message: 'No invoice available for payment' });
    const noReader = await start(12, null).done;
    expect(noReader).toMatchObject({ state: 'error', message: 'No card reader configured' });
  });

  it('a missing intent id and a failed status check have their own messages', async () => {
    fakeServer({
      createAnswer: {
        body: { success: true, paymentIntentId: null, id: null, amount: null, readerId: READER, error: null },
      },
    });
    const noIntent = start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await noIntent.done).toMatchObject({ state: 'error', message: 'No payment intent ID returned' });

    fakeServer({ polls: [{ status: 500, body: { code: 'INTERNAL', message: 'boom' } }] });
    const failedPoll = start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await failedPoll.done).toMatchObject({
      state: 'error',
      message: 'Payment status check failed. Please try again.',
    });
  });

  it('a network failure while polling says so', async () => {
    fakeServer({ polls: ['network-error'] });
    const run = start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await run.done).toMatchObject({
      state: 'error',
      message: 'Connection error. Please check your network.',
    });
  });
});
