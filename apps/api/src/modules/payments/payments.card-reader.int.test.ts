import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentsSuite, startPaymentsSuite } from './payments.fixture';

/**
 * The money path on the local payment adapter, the simulated card reader (rows 43–46): intents, polling,
 * declines, an offline reader, an invoice settled while the reader waits; exactly-once recording.
 */
describe('payments (local adapter): card reader', () => {
  let { t, w, installer, createFinal, openInvoice, setReader } = {} as PaymentsSuite;
  beforeAll(
    async () => ({ t, w, installer, createFinal, openInvoice, setReader } = await startPaymentsSuite()),
  );
  afterAll(() => t.close());

  describe('the simulated card reader (rows 43–46)', () => {
    async function startCardPayment(invoiceId: number, key: string) {
      return w.call(
        installer(),
        'POST',
        '/api/payments',
        { invoiceId, locationId: w.location.id, installerName: 'Elite Pay Film' },
        {
          'idempotency-key': key,
        },
      );
    }

    async function waitFor(paymentId: string, status: string) {
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
        const res = (await w.call(installer(), 'GET', `/api/payments/${paymentId}`)).json();
        if (res.status === status) return res;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`payment ${paymentId} never reached ${status}`);
    }

    it('success: terminal check, intent, reader, poll; the same request twice with one key makes one payment', async () => {
      // Long enough that the reader is still busy at the first poll on a loaded machine.
      await setReader('online', 1_500);
      const job = await w.retailJob();
      const draft = (await createFinal(job.id)).json();
      const terminal = await w.call(installer(), 'GET', `/api/terminal/${w.readerId}`);
      expect(terminal.json()).toMatchObject({
        success: true,
        data: { id: w.readerId, status: 'online' },
        error: null,
      });

      const [first, second] = await Promise.all([
        startCardPayment(draft.id, 'swipe-1'),
        startCardPayment(draft.id, 'swipe-1'),
      ]);
      expect(first.json()).toMatchObject({
        success: true,
        amount: 194_850,
        readerId: w.readerId,
        error: null,
      });
      expect(second.json().paymentIntentId).toBe(first.json().paymentIntentId);
      const replay = await startCardPayment(draft.id, 'swipe-1');
      expect(replay.statusCode).toBe(200);
      expect(replay.json().paymentIntentId).toBe(first.json().paymentIntentId);
      expect(await w.rows.attempts(draft.id)).toHaveLength(1);
      // Swipe needs an open invoice: the draft was finalized.
      expect((await w.call(installer(), 'GET', `/api/invoices/${draft.id}`)).json().status).toBe('open');

      const paymentId = first.json().paymentIntentId as string;
      const sent = await w.call(installer(), 'POST', '/api/terminalPay/', {
        paymentId,
        terminalId: w.readerId,
      });
      expect(sent.json()).toMatchObject({ success: true, status: 'waiting_for_customer' });
      expect((await w.call(installer(), 'POST', '/api/terminalPay/', { paymentId })).json().success).toBe(
        true,
      );
      expect((await w.rows.payments(job.id))[0]?.paymentState).toBe('pending');
      const waiting = (await w.call(installer(), 'GET', `/api/payments/${paymentId}`)).json();
      expect(waiting).toMatchObject({ success: true, status: 'processing' });
      const done = await waitFor(paymentId, 'succeeded');
      expect(done).toMatchObject({ success: true, stage: 'succeeded', error: null, amount: 194_850 });
      expect((await w.rows.payments(job.id)).map((p) => [p.paymentState, p.method, p.cardLast4])).toEqual([
        ['paid', 'card', '4242'],
      ]);
      const afterwards = await startCardPayment(draft.id, 'swipe-2');
      expect(afterwards.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
    });

    it('two pollers racing after the reader completes record the payment once', async () => {
      await setReader('online', 0);
      const job = await w.retailJob();
      const invoice = await openInvoice(job.id);
      const paymentId = (await startCardPayment(invoice.id, 'race-swipe')).json().paymentIntentId as string;
      await w.call(installer(), 'POST', '/api/terminalPay/', { paymentId });
      const polls = await Promise.all(
        Array.from({ length: 6 }, () => w.call(installer(), 'GET', `/api/payments/${paymentId}`)),
      );
      for (const poll of polls) expect(poll.json()).toMatchObject({ success: true, status: 'succeeded' });
      const payments = await w.rows.payments(job.id);
      expect(payments.filter((p) => p.paymentState === 'paid')).toHaveLength(1);
      expect(payments).toHaveLength(1);
      const [attempt] = await w.rows.attempts(invoice.id);
      expect(attempt?.status).toBe('succeeded');
      expect((await w.rows.failures(job.id)).filter((f) => f.failureType === 'duplicate_payment')).toEqual(
        [],
      );
    });

    it('a declined card, then settled by check', async () => {
      await setReader('decline', 0);
      const job = await w.retailJob();
      const invoice = await openInvoice(job.id);
      const paymentId = (await startCardPayment(invoice.id, 'decline-swipe')).json()
        .paymentIntentId as string;
      await w.call(installer(), 'POST', '/api/terminalPay/', { paymentId });
      const declined = await waitFor(paymentId, 'payment_failed');
      expect(declined).toMatchObject({
        stage: 'declined',
        error: 'The card was declined. Please try a different card.',
      });
      expect((await w.rows.payments(job.id))[0]?.paymentState).toBe('invoiced');
      expect((await w.call(installer(), 'POST', '/api/terminalPay/', { paymentId })).statusCode).toBe(409);

      const [payment] = await w.rows.payments(job.id);
      const check = await w.call(installer(), 'PUT', `/api/installerPaymentCheck/${job.id}`, {
        payment_id: payment?.id,
        checkNumber: '2001',
      });
      expect(check.json()).toMatchObject({
        success: true,
        payments: [expect.objectContaining({ payment_state: 'paid', method: 'check', check_number: '2001' })],
      });
      expect((await w.call(installer(), 'GET', `/api/invoices/${invoice.id}`)).json().status).toBe('paid');
      expect((await w.rows.failures(job.id)).map((f) => f.failureType)).toEqual(['card_declined']);
      await setReader('online', 0);
    });

    it('an offline reader: terminal status offline, sending to it fails with the spec’s message', async () => {
      await setReader('offline');
      const terminal = await w.call(installer(), 'GET', `/api/terminal/${w.location.id}`);
      expect(terminal.json()).toMatchObject({
        success: true,
        data: { status: 'offline' },
        error: 'Card reader is offline. Please check connection.',
      });
      const job = await w.retailJob();
      const invoice = await openInvoice(job.id);
      const paymentId = (await startCardPayment(invoice.id, 'offline-swipe')).json()
        .paymentIntentId as string;
      const sent = await w.call(installer(), 'POST', '/api/terminalPay/', { paymentId });
      expect(sent.json()).toMatchObject({
        success: false,
        error: 'Card reader is offline. Please check connection.',
      });
      expect((await w.rows.payments(job.id))[0]?.paymentState).toBe('invoiced');
      await setReader('online', 0);
      // The reader is back: the same payment can be sent now.
      expect((await w.call(installer(), 'POST', '/api/terminalPay/', { paymentId })).json().success).toBe(
        true,
      );
      expect((await waitFor(paymentId, 'succeeded')).status).toBe('succeeded');
    });

    it('an invoice settled while the reader waits: the card payment is canceled, nothing is charged twice', async () => {
      await setReader('timeout');
      const job = await w.retailJob();
      const invoice = await openInvoice(job.id);
      const paymentId = (await startCardPayment(invoice.id, 'timeout-swipe')).json()
        .paymentIntentId as string;
      await w.call(installer(), 'POST', '/api/terminalPay/', { paymentId });
      expect((await w.call(installer(), 'GET', `/api/payments/${paymentId}`)).json().stage).toBe(
        'waiting_for_customer',
      );
      // A second card payment cannot start while the first waits at the reader.
      expect((await startCardPayment(invoice.id, 'timeout-swipe-2')).statusCode).toBe(409);
      await w.call(installer(), 'PUT', `/api/invoices/settle/${invoice.id}`, { method: 'cash' });
      expect((await w.call(installer(), 'GET', `/api/payments/${paymentId}`)).json()).toMatchObject({
        status: 'payment_failed',
        stage: 'canceled',
        error: 'Invoice paid by cash',
      });
      expect((await w.rows.payments(job.id)).map((p) => [p.paymentState, p.method])).toEqual([
        ['paid', 'cash'],
      ]);
      await setReader('online', 0);
    });

    it('readers by suffix; unknown readers and other companies are refused; no reader configured', async () => {
      // A reader at none of the caller's locations (suffixes: payments.dev-readers.int.test.ts).
      const dev = await w.call(installer(), 'GET', '/api/dev/readers/sim_reader_x_timeout');
      expect(dev.statusCode).toBe(404);
      expect((await w.call(installer(), 'GET', '/api/terminal/sim_reader_unknown')).statusCode).toBe(404);
      expect((await w.call(w.sessions.installer2, 'GET', `/api/terminal/${w.readerId}`)).statusCode).toBe(
        404,
      );
      expect((await w.call(w.sessions.dealer, 'GET', `/api/terminal/${w.readerId}`)).statusCode).toBe(403);
      const job = await w.retailJob();
      const invoice = await openInvoice(job.id);
      const noInvoice = await w.call(installer(), 'POST', '/api/payments', { locationId: w.location.id });
      expect(noInvoice.json()).toMatchObject({ message: 'No invoice available for payment' });
      const foreign = await w.call(w.sessions.installer2, 'POST', '/api/payments', { invoiceId: invoice.id });
      expect(foreign.statusCode).toBe(404);
      const noReader = await w.call(installer(), 'POST', '/api/payments', {
        invoiceId: invoice.id,
        locationId: 'sim_reader_elsewhere',
      });
      expect(noReader.statusCode).toBe(404);
    });
  });
});
