import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { startPaymentsSuite } from './payments.fixture';

/**
 * The money path on the local payment adapter, the simulated card reader (rows 43–46): intents, polling,
 * declines, an offline reader, an invoice settled while the reader waits; exactly-once recording.
 */
describe('payments (local adapter): card reader', () => {
  const s = useSuite(startPaymentsSuite);

  describe('the simulated card reader (rows 43–46)', () => {
    async function startCardPayment(invoiceId: number, key: string) {
      return s.w.call(
        s.installer(),
        'POST',
        '/api/payments',
        { invoiceId, locationId: s.w.location.id, installerName: 'Elite Pay Film' },
        {
          'idempotency-key': key,
        },
      );
    }

    async function waitFor(paymentId: string, status: string) {
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
        const res = (await s.w.call(s.installer(), 'GET', `/api/payments/${paymentId}`)).json();
        if (res.status === status) return res;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`payment ${paymentId} never reached ${status}`);
    }

    it('success: terminal check, intent, reader, poll; the same request twice with one key makes one payment', async () => {
      // Long enough that the reader is still busy at the first poll on a loaded machine.
      await s.setReader('online', 1_500);
      const job = await s.w.retailJob();
      const draft = (await s.createFinal(job.id)).json();
      const terminal = await s.w.call(s.installer(), 'GET', `/api/terminal/${s.w.readerId}`);
      expect(terminal.json()).toMatchObject({
        success: true,
        data: { id: s.w.readerId, status: 'online' },
        error: null,
      });

      const [first, second] = await Promise.all([
        startCardPayment(draft.id, 'swipe-1'),
        startCardPayment(draft.id, 'swipe-1'),
      ]);
      expect(first.json()).toMatchObject({
        success: true,
        amount: 194_850,
        readerId: s.w.readerId,
        error: null,
      });
      expect(second.json().paymentIntentId).toBe(first.json().paymentIntentId);
      const replay = await startCardPayment(draft.id, 'swipe-1');
      expect(replay.statusCode).toBe(200);
      expect(replay.json().paymentIntentId).toBe(first.json().paymentIntentId);
      expect(await s.w.rows.attempts(draft.id)).toHaveLength(1);
      // Swipe needs an open invoice: the draft was finalized.
      expect((await s.w.call(s.installer(), 'GET', `/api/invoices/${draft.id}`)).json().status).toBe('open');

      const paymentId = first.json().paymentIntentId as string;
      const sent = await s.w.call(s.installer(), 'POST', '/api/terminalPay/', {
        paymentId,
        terminalId: s.w.readerId,
      });
      expect(sent.json()).toMatchObject({ success: true, status: 'waiting_for_customer' });
      expect((await s.w.call(s.installer(), 'POST', '/api/terminalPay/', { paymentId })).json().success).toBe(
        true,
      );
      expect((await s.w.rows.payments(job.id))[0]?.paymentState).toBe('pending');
      const waiting = (await s.w.call(s.installer(), 'GET', `/api/payments/${paymentId}`)).json();
      expect(waiting).toMatchObject({ success: true, status: 'processing' });
      const done = await waitFor(paymentId, 'succeeded');
      expect(done).toMatchObject({ success: true, stage: 'succeeded', error: null, amount: 194_850 });
      expect((await s.w.rows.payments(job.id)).map((p) => [p.paymentState, p.method, p.cardLast4])).toEqual([
        ['paid', 'card', '4242'],
      ]);
      const afterwards = await startCardPayment(draft.id, 'swipe-2');
      expect(afterwards.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
    });

    it('two pollers racing after the reader completes record the payment once', async () => {
      await s.setReader('online', 0);
      const job = await s.w.retailJob();
      const invoice = await s.openInvoice(job.id);
      const paymentId = (await startCardPayment(invoice.id, 'race-swipe')).json().paymentIntentId as string;
      await s.w.call(s.installer(), 'POST', '/api/terminalPay/', { paymentId });
      const polls = await Promise.all(
        Array.from({ length: 6 }, () => s.w.call(s.installer(), 'GET', `/api/payments/${paymentId}`)),
      );
      for (const poll of polls) expect(poll.json()).toMatchObject({ success: true, status: 'succeeded' });
      const payments = await s.w.rows.payments(job.id);
      expect(payments.filter((p) => p.paymentState === 'paid')).toHaveLength(1);
      expect(payments).toHaveLength(1);
      const [attempt] = await s.w.rows.attempts(invoice.id);
      expect(attempt?.status).toBe('succeeded');
      expect((await s.w.rows.failures(job.id)).filter((f) => f.failureType === 'duplicate_payment')).toEqual(
        [],
      );
    });

    it('a declined card, then settled by check', async () => {
      await s.setReader('decline', 0);
      const job = await s.w.retailJob();
      const invoice = await s.openInvoice(job.id);
      const paymentId = (await startCardPayment(invoice.id, 'decline-swipe')).json()
        .paymentIntentId as string;
      await s.w.call(s.installer(), 'POST', '/api/terminalPay/', { paymentId });
      const declined = await waitFor(paymentId, 'payment_failed');
      expect(declined).toMatchObject({
        stage: 'declined',
        error: 'The card was declined. Please try a different card.',
      });
      expect((await s.w.rows.payments(job.id))[0]?.paymentState).toBe('invoiced');
      expect((await s.w.call(s.installer(), 'POST', '/api/terminalPay/', { paymentId })).statusCode).toBe(
        409,
      );

      const [payment] = await s.w.rows.payments(job.id);
      const check = await s.w.call(s.installer(), 'PUT', `/api/installerPaymentCheck/${job.id}`, {
        payment_id: payment?.id,
        checkNumber: '2001',
      });
      expect(check.json()).toMatchObject({
        success: true,
        payments: [expect.objectContaining({ payment_state: 'paid', method: 'check', check_number: '2001' })],
      });
      expect((await s.w.call(s.installer(), 'GET', `/api/invoices/${invoice.id}`)).json().status).toBe(
        'paid',
      );
      expect((await s.w.rows.failures(job.id)).map((f) => f.failureType)).toEqual(['card_declined']);
      await s.setReader('online', 0);
    });

    it('an offline reader: terminal status offline, sending to it fails with the spec’s message', async () => {
      await s.setReader('offline');
      const terminal = await s.w.call(s.installer(), 'GET', `/api/terminal/${s.w.location.id}`);
      expect(terminal.json()).toMatchObject({
        success: true,
        data: { status: 'offline' },
        error: 'Card reader is offline. Please check connection.',
      });
      const job = await s.w.retailJob();
      const invoice = await s.openInvoice(job.id);
      const paymentId = (await startCardPayment(invoice.id, 'offline-swipe')).json()
        .paymentIntentId as string;
      const sent = await s.w.call(s.installer(), 'POST', '/api/terminalPay/', { paymentId });
      expect(sent.json()).toMatchObject({
        success: false,
        error: 'Card reader is offline. Please check connection.',
      });
      expect((await s.w.rows.payments(job.id))[0]?.paymentState).toBe('invoiced');
      await s.setReader('online', 0);
      // The reader is back: the same payment can be sent now.
      expect((await s.w.call(s.installer(), 'POST', '/api/terminalPay/', { paymentId })).json().success).toBe(
        true,
      );
      expect((await waitFor(paymentId, 'succeeded')).status).toBe('succeeded');
    });

    it('an invoice settled while the reader waits: the card payment is canceled, nothing is charged twice', async () => {
      await s.setReader('timeout');
      const job = await s.w.retailJob();
      const invoice = await s.openInvoice(job.id);
      const paymentId = (await startCardPayment(invoice.id, 'timeout-swipe')).json()
        .paymentIntentId as string;
      await s.w.call(s.installer(), 'POST', '/api/terminalPay/', { paymentId });
      expect((await s.w.call(s.installer(), 'GET', `/api/payments/${paymentId}`)).json().stage).toBe(
        'waiting_for_customer',
      );
      // A second card payment cannot start while the first waits at the reader.
      expect((await startCardPayment(invoice.id, 'timeout-swipe-2')).statusCode).toBe(409);
      await s.w.call(s.installer(), 'PUT', `/api/invoices/settle/${invoice.id}`, { method: 'cash' });
      expect((await s.w.call(s.installer(), 'GET', `/api/payments/${paymentId}`)).json()).toMatchObject({
        status: 'payment_failed',
        stage: 'canceled',
        error: 'Invoice paid by cash',
      });
      expect((await s.w.rows.payments(job.id)).map((p) => [p.paymentState, p.method])).toEqual([
        ['paid', 'cash'],
      ]);
      await s.setReader('online', 0);
    });

    it('readers by suffix; unknown readers and other companies are refused; no reader configured', async () => {
      // A reader at none of the caller's locations (suffixes: payments.dev-readers.int.test.ts).
      const dev = await s.w.call(s.installer(), 'GET', '/api/dev/readers/sim_reader_x_timeout');
      expect(dev.statusCode).toBe(404);
      expect((await s.w.call(s.installer(), 'GET', '/api/terminal/sim_reader_unknown')).statusCode).toBe(404);
      expect(
        (await s.w.call(s.w.sessions.installer2, 'GET', `/api/terminal/${s.w.readerId}`)).statusCode,
      ).toBe(404);
      expect((await s.w.call(s.w.sessions.dealer, 'GET', `/api/terminal/${s.w.readerId}`)).statusCode).toBe(
        403,
      );
      const job = await s.w.retailJob();
      const invoice = await s.openInvoice(job.id);
      const noInvoice = await s.w.call(s.installer(), 'POST', '/api/payments', {
        locationId: s.w.location.id,
      });
      expect(noInvoice.json()).toMatchObject({ message: 'No invoice available for payment' });
      const foreign = await s.w.call(s.w.sessions.installer2, 'POST', '/api/payments', {
        invoiceId: invoice.id,
      });
      expect(foreign.statusCode).toBe(404);
      const noReader = await s.w.call(s.installer(), 'POST', '/api/payments', {
        invoiceId: invoice.id,
        locationId: 'sim_reader_elsewhere',
      });
      expect(noReader.statusCode).toBe(404);
    });
  });
});
