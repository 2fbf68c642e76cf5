import { AppError, ZErrorResponse } from '@app/contracts/errors.contract';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  paymentPaths as paths,
  ZCardPaymentParams,
  ZCardPaymentReply,
  ZCheckPaymentBody,
  ZCreateCardPaymentBody,
  ZCreateCardPaymentReply,
  ZCreateInvoiceBody,
  ZDeleteInvoiceReply,
  ZDeleteRequestPaymentsReply,
  ZDevReaderBody,
  ZDevReaderParams,
  ZDevReaderReply,
  ZInvoice,
  ZInvoiceActionReply,
  ZInvoiceIdParams,
  ZInvoiceMetaBody,
  ZInvoiceMetaReply,
  ZInvoiceRefParams,
  ZPaymentFailureBody,
  ZPaymentFailureReply,
  ZRequestIdParams,
  ZRequestPayments,
  ZRequestPaymentsReply,
  ZResendInvoiceReply,
  ZSettleInvoiceBody,
  ZSettleRequestBody,
  ZTerminalParams,
  ZTerminalPayBody,
  ZTerminalPayReply,
  ZTerminalReply,
  ZWebhookReply,
} from '@app/contracts/payments.contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WebhookSignatureError } from '../../adapters/payments/payment-port';
import { requireAuth } from '../../plugins/auth-guard';
import type { PaymentsService } from './payments.service';

const tags = ['payments'];
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  500: ZErrorResponse,
};
const keyNote = `Takes an \`Idempotency-Key\` header (or an idempotencyKey body field): the same key again returns the first result (200, header ${IDEMPOTENT_REPLAYED_HEADER}: true) and creates nothing.`;

/** The Idempotency-Key header, else the body field; null when neither is given. */
function idempotencyKeyOf(request: FastifyRequest, bodyKey: string | undefined): string | null {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  const value = (Array.isArray(header) ? header[0] : header) ?? bodyKey;
  if (value === undefined) return null;
  const key = value.trim();
  if (key.length === 0 || key.length > 255) {
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 characters');
  }
  return key;
}

function replyCreated(reply: FastifyReply, created: boolean) {
  reply.status(created ? 201 : 200);
  if (!created) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
}

export function registerPaymentsRoutes(
  app: FastifyInstance,
  { service, devReaders }: { service: PaymentsService; devReaders: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---------------------------------------------------------------------------------------------
  // Invoices (rows 30–37)

  r.get(
    paths.invoice,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary:
          'An invoice (amounts in cents). The id may be the invoice id, its number or the provider’s id.',
        params: ZInvoiceRefParams,
        response: { 200: ZInvoice, ...errors },
      },
    },
    async (request) => service.getInvoice(requireAuth(request), request.params.invoiceId),
  );

  r.post(
    paths.createInvoice,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Create the deposit or final invoice of a job (installers)',
        description: `requestId (alias invoiceId) and requestType are required ('Invalid request - missing requestId' / 'Invalid request - missing requestType'); invoiceType deposit|final, default final (decision 11). A deposit takes amount in cents (default: the job's deposit). One deposit and one final invoice per job: asking again returns the existing one (200). finalize: true opens it at once (pay link, e-mail). ${keyNote}`,
        body: ZCreateInvoiceBody,
        response: { 200: ZInvoice, 201: ZInvoice, ...errors },
      },
    },
    async (request, reply) => {
      const { invoice, created } = await service.createInvoice(
        requireAuth(request),
        request.body,
        idempotencyKeyOf(request, request.body.idempotencyKey),
      );
      replyCreated(reply, created);
      return invoice;
    },
  );

  r.put(
    paths.invoiceMeta,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary:
          'Set the PO of an invoice (dealer: PO required); installers may add a check number to close it out',
        description: 'The PO is saved only if it changed (changed: false otherwise).',
        params: ZInvoiceIdParams,
        body: ZInvoiceMetaBody,
        response: { 200: ZInvoiceMetaReply, ...errors },
      },
    },
    async (request) => service.updateInvoiceMeta(requireAuth(request), request.params.id, request.body),
  );

  r.put(
    paths.settleInvoice,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Settle an invoice paid outside the product (installers; cannot be undone)',
        description:
          "method settle (default), check (with checkNumber) or cash. Settling a paid invoice changes nothing. Deposit: 'Deposit invoice settled successfully.'",
        params: ZInvoiceIdParams,
        body: ZSettleInvoiceBody,
        response: { 200: ZInvoiceActionReply, ...errors },
      },
    },
    async (request) => service.settleInvoice(requireAuth(request), request.params.id, request.body),
  );

  r.put(
    paths.resendInvoice,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'E-mail the invoice and its pay link again (installers; dealers on finished jobs)',
        description: 'Through the outbox. With an Idempotency-Key, a repeat sends nothing more.',
        params: ZInvoiceIdParams,
        response: { 200: ZResendInvoiceReply, ...errors },
      },
    },
    async (request) =>
      service.resendInvoice(requireAuth(request), request.params.id, idempotencyKeyOf(request, undefined)),
  );

  r.put(
    paths.finalizeInvoice,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Finalize a draft invoice: it opens, gets its pay link and is e-mailed (installers)',
        params: ZInvoiceIdParams,
        response: { 200: ZInvoiceActionReply, ...errors },
      },
    },
    async (request) => service.finalizeInvoice(requireAuth(request), request.params.id),
  );

  r.put(
    paths.voidInvoice,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Void an unpaid invoice (installers; used when a job is deleted)',
        params: ZInvoiceIdParams,
        response: { 200: ZInvoiceActionReply, ...errors },
      },
    },
    async (request) => service.voidInvoice(requireAuth(request), request.params.id),
  );

  r.delete(
    paths.deleteInvoice,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Delete a draft invoice (installers; drafts only)',
        params: ZInvoiceIdParams,
        response: { 200: ZDeleteInvoiceReply, ...errors },
      },
    },
    async (request) => service.deleteDraftInvoice(requireAuth(request), request.params.id),
  );

  // ---------------------------------------------------------------------------------------------
  // Payments of a request (rows 38–42)

  r.get(
    paths.requestPayments,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Payments of a request (payment_type, payment_state, payment_amount in dollars, payment_id)',
        params: ZRequestIdParams,
        response: { 200: ZRequestPayments, ...errors },
      },
    },
    async (request) => service.listRequestPayments(requireAuth(request), request.params.requestId),
  );

  r.put(
    paths.settleRequestPayments,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Settle the unpaid payments of a job ("Settle" without a card reader; installers)',
        description: 'payment_id: that payment only; none: every unpaid payment of the job.',
        params: ZRequestIdParams,
        body: ZSettleRequestBody,
        response: { 200: ZRequestPaymentsReply, ...errors },
      },
    },
    async (request) =>
      service.settleRequestPayments(requireAuth(request), request.params.requestId, request.body),
  );

  r.put(
    paths.checkPayment,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Record a check (with its number) or cash payment (installers)',
        params: ZRequestIdParams,
        body: ZCheckPaymentBody,
        response: { 200: ZRequestPaymentsReply, ...errors },
      },
    },
    async (request) =>
      service.recordCheckPayment(requireAuth(request), request.params.requestId, request.body),
  );

  r.delete(
    paths.deleteRequestPayments,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Job deletion: void open invoices, delete drafts, remove unpaid payments (installers)',
        description: 'Payments already received are kept for the financial record.',
        params: ZRequestIdParams,
        response: { 200: ZDeleteRequestPaymentsReply, ...errors },
      },
    },
    async (request) => service.deleteRequestPayments(requireAuth(request), request.params.requestId),
  );

  r.post(
    paths.paymentFailures,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Log a payment failure (e.g. invoice creation after completion)',
        description: `The user is the signed-in caller. ${keyNote}`,
        body: ZPaymentFailureBody,
        response: { 201: ZPaymentFailureReply, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.recordPaymentFailure(
        requireAuth(request),
        request.body,
        idempotencyKeyOf(request, request.body.idempotencyKey),
      );
      reply.status(201);
      return result;
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Card reader (rows 43–46)

  r.post(
    paths.createCardPayment,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Create the card-present payment intent of an invoice (installers)',
        description: `invoiceId (id or number), locationId (location id or reader id; default the first location with a reader), installerName. A draft invoice is finalized first. ${keyNote}`,
        body: ZCreateCardPaymentBody,
        response: { 200: ZCreateCardPaymentReply, 201: ZCreateCardPaymentReply, ...errors },
      },
    },
    async (request, reply) => {
      const { reply: body, created } = await service.createCardPayment(
        requireAuth(request),
        request.body,
        idempotencyKeyOf(request, request.body.idempotencyKey),
      );
      if (body.success) replyCreated(reply, created);
      return body;
    },
  );

  r.get(
    paths.cardPayment,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Poll a card payment: processing, succeeded or payment_failed (shown as declined)',
        description:
          'stage gives the detail: waiting_for_customer, processing, succeeded, declined, canceled.',
        params: ZCardPaymentParams,
        response: { 200: ZCardPaymentReply, ...errors },
      },
    },
    async (request) => service.pollCardPayment(requireAuth(request), request.params.paymentId),
  );

  r.get(
    paths.terminal,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Check a card reader (id: reader id or location id): data.status online | offline',
        params: ZTerminalParams,
        response: { 200: ZTerminalReply, ...errors },
      },
    },
    async (request) => service.getTerminal(requireAuth(request), request.params.id),
  );

  r.post(
    paths.terminalPay,
    {
      config: { effect: 'write' },
      schema: {
        tags,
        summary: 'Send a card payment to the reader',
        description: 'Sending the same payment again does nothing more.',
        body: ZTerminalPayBody,
        response: { 200: ZTerminalPayReply, ...errors },
      },
    },
    async (request) => service.terminalPay(requireAuth(request), request.body),
  );

  // ---------------------------------------------------------------------------------------------
  // Stripe webhooks: public, verified on the raw body (own scope for the raw JSON parser).

  if (service.parseWebhook) {
    const parseWebhook = service.parseWebhook;
    app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      scope.withTypeProvider<ZodTypeProvider>().post(
        paths.stripeWebhook,
        {
          config: { public: true },
          schema: {
            tags,
            summary: 'Stripe webhook (signature verified on the raw body)',
            security: [],
            response: { 200: ZWebhookReply, 400: ZErrorResponse },
          },
        },
        async (request) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
          const signature = request.headers['stripe-signature'];
          let event: ReturnType<typeof parseWebhook>;
          try {
            event = parseWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
          } catch (error) {
            if (error instanceof WebhookSignatureError) {
              throw new AppError('VALIDATION_FAILED', `Webhook refused: ${error.message}`);
            }
            throw error;
          }
          const { applied } = await service.handleProviderEvent(event);
          request.log.info({ eventId: event.eventId, type: event.type, applied }, 'stripe webhook');
          return { received: true as const, type: event.type, applied };
        },
      );
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Simulated readers (local adapter, not in production)

  if (devReaders) {
    r.put(
      paths.devReader,
      {
        config: { effect: 'write' },
        schema: {
          tags: ['dev'],
          summary: 'Choose a simulated card reader’s behaviour: online, offline, decline, slow, timeout',
          description:
            'Local payment adapter only, not in production. Only for a reader at one of the caller’s installer locations (else 404). Shared by every API process (kept in the database).',
          params: ZDevReaderParams,
          body: ZDevReaderBody,
          response: { 200: ZDevReaderReply, ...errors },
        },
      },
      async (request) =>
        service.setReaderBehaviour(requireAuth(request), request.params.readerId, request.body),
    );
    r.get(
      paths.devReader,
      {
        config: { effect: 'read' },
        schema: {
          tags: ['dev'],
          summary: 'A simulated card reader’s behaviour and where it comes from',
          params: ZDevReaderParams,
          response: { 200: ZDevReaderReply, ...errors },
        },
      },
      async (request) => service.getReaderBehaviour(requireAuth(request), request.params.readerId),
    );
  }
}
