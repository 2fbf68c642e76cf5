import { AppError } from '@app/contracts/errors.contract';
import {
  paymentCalls as calls,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@app/contracts/payments.contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { WebhookSignatureError } from '../../adapters/payments/payment-port';
import { registerCall } from '../../plugins/register-call';
import type { PaymentsService } from './payments.service';

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
  // Invoices (rows 30–37)
  registerCall(app, calls.invoice, ({ auth, params }) => service.getInvoice(auth, params.invoiceId));
  registerCall(app, calls.createInvoice, async ({ auth, body, request, reply }) => {
    const key = idempotencyKeyOf(request, body.idempotencyKey);
    const { invoice, created } = await service.createInvoice(auth, body, key);
    replyCreated(reply, created);
    return invoice;
  });
  registerCall(app, calls.invoiceMeta, ({ auth, params, body }) =>
    service.updateInvoiceMeta(auth, params.id, body),
  );
  registerCall(app, calls.settleInvoice, ({ auth, params, body }) =>
    service.settleInvoice(auth, params.id, body),
  );
  registerCall(app, calls.resendInvoice, ({ auth, params, request }) =>
    service.resendInvoice(auth, params.id, idempotencyKeyOf(request, undefined)),
  );
  registerCall(app, calls.finalizeInvoice, ({ auth, params }) => service.finalizeInvoice(auth, params.id));
  registerCall(app, calls.voidInvoice, ({ auth, params }) => service.voidInvoice(auth, params.id));
  registerCall(app, calls.deleteInvoice, ({ auth, params }) =>
    service.deleteDraftInvoice(auth, params.invoiceId),
  );

  // Payments of a request (rows 38–42)
  registerCall(app, calls.requestPayments, ({ auth, params }) =>
    service.listRequestPayments(auth, params.requestId),
  );
  registerCall(app, calls.settleRequestPayments, ({ auth, params, body }) =>
    service.settleRequestPayments(auth, params.requestId, body),
  );
  registerCall(app, calls.checkPayment, ({ auth, params, body }) =>
    service.recordCheckPayment(auth, params.requestId, body),
  );
  registerCall(app, calls.deleteRequestPayments, ({ auth, params }) =>
    service.deleteRequestPayments(auth, params.requestId),
  );
  registerCall(app, calls.paymentFailures, ({ auth, body, request }) =>
    service.recordPaymentFailure(auth, body, idempotencyKeyOf(request, body.idempotencyKey)),
  );

  // Card reader (rows 43–46)
  registerCall(app, calls.createCardPayment, async ({ auth, body, request, reply }) => {
    const key = idempotencyKeyOf(request, body.idempotencyKey);
    const { reply: answer, created } = await service.createCardPayment(auth, body, key);
    // A refusal the popup shows (success: false) is a plain 200.
    if (answer.success) replyCreated(reply, created);
    else reply.status(200);
    return answer;
  });
  registerCall(app, calls.cardPayment, ({ auth, params }) => service.pollCardPayment(auth, params.paymentId));
  registerCall(app, calls.terminal, ({ auth, params }) => service.getTerminal(auth, params.id));
  registerCall(app, calls.terminalPay, ({ auth, body }) => service.terminalPay(auth, body));

  // Stripe webhooks: public, verified on the raw body (own scope for the raw JSON parser).
  if (service.parseWebhook) {
    const parseWebhook = service.parseWebhook;
    app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
        done(null, body);
      });
      registerCall(scope, calls.stripeWebhook, async ({ request }) => {
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
      });
    });
  }

  // Simulated readers (local adapter, not in production)
  if (devReaders) {
    registerCall(app, calls.setDevReader, ({ auth, params, body }) =>
      service.setReaderBehaviour(auth, params.readerId, body),
    );
    registerCall(app, calls.devReader, ({ auth, params }) =>
      service.getReaderBehaviour(auth, params.readerId),
    );
  }
}
