import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PaymentsService } from '../payments/payments.service';
import {
  type FormState,
  type HostedInvoiceView,
  renderInvoicePage,
  renderMessagePage,
} from './hosted-pay.page';

/**
 * The hosted invoice page of the local payment adapter: `/pay/{token}` (token: 32 random characters kept on
 * the invoice, so the URL cannot be guessed from an invoice number). Registered once, outside /api:
 *   app.register(paymentsModule.hostedPayPlugin, { prefix: '/pay' })
 *
 * GET shows the invoice and, while it is open, a test card form; POST (a plain form post, no script) pays.
 * Paying is exactly once: each rendered form carries a nonce that becomes the payment id, and the invoice
 * only moves to paid from open; a second post of the same form shows the receipt, another form sees "already
 * paid". Success redirects (303) to the GET, so a reload never posts again. Stripe invoices redirect to
 * Stripe's own hosted page.
 */
/** The fields of a plain HTML form post. */
export type FormFields = Record<string, string>;

/**
 * A page of the local payment adapter at `/:token` under the plugin's prefix (outside /api: public, not in the
 * OpenAPI document): GET shows it; POST sends its plain HTML form, parsed (8 KiB at most) as a record of
 * strings, in this plugin's scope.
 */
export function registerTokenPage(
  app: FastifyInstance,
  page: {
    show: (token: string, reply: FastifyReply, request: FastifyRequest) => Promise<FastifyReply>;
    submit: (token: string, fields: FormFields, reply: FastifyReply) => Promise<FastifyReply>;
  },
) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => {
      const fields: FormFields = {};
      for (const [key, value] of new URLSearchParams(String(body))) fields[key] = value;
      done(null, fields);
    },
  );
  const options = { config: { public: true }, schema: { hide: true } };
  app.get<{ Params: { token: string } }>('/:token', options, (request, reply) =>
    page.show(request.params.token, reply, request),
  );
  app.post<{ Params: { token: string }; Body: FormFields | undefined }>(
    '/:token',
    options,
    (request, reply) =>
      page.submit(
        request.params.token,
        typeof request.body === 'object' && request.body !== null ? request.body : {},
        reply,
      ),
  );
}

/** The invoice the payments service finds for a hosted-page token. */
type InvoiceRow = NonNullable<Awaited<ReturnType<PaymentsService['findHostedInvoice']>>>['invoice'];

export async function registerHostedPayRoutes(
  app: FastifyInstance,
  { service }: { service: PaymentsService },
) {
  registerTokenPage(app, {
    async show(token, reply, request) {
      const found = await service.findHostedInvoice(token);
      if (!found) return sendNotFound(reply);
      if (found.invoice.metadata?.provider === 'stripe') {
        if (found.invoice.hostedInvoiceUrl) return reply.redirect(found.invoice.hostedInvoiceUrl, 303);
        return sendTokenPageHtml(
          reply,
          404,
          renderMessagePage('Invoice not available', 'This invoice cannot be shown here.'),
        );
      }
      const notice =
        found.invoice.status === 'paid' && 'paid' in (request.query as object)
          ? 'Payment received. Thank you!'
          : null;
      return sendTokenPageHtml(
        reply,
        200,
        renderInvoicePage(toView(token, found), { nonce: newNonce(), notice }),
      );
    },

    async submit(token, fields, reply) {
      const field = (name: string) => (typeof fields[name] === 'string' ? fields[name].slice(0, 200) : '');
      const nonce = /^[\w-]{8,64}$/.test(field('nonce')) ? field('nonce') : newNonce();
      const outcome = await service.payHostedInvoice(
        token,
        { number: field('number'), expiry: field('expiry'), cvc: field('cvc') },
        nonce,
      );
      switch (outcome.kind) {
        case 'not_found':
          return sendNotFound(reply);
        case 'redirect':
          return reply.redirect(outcome.url, 303);
        case 'paid':
          return reply.redirect(`/pay/${encodeURIComponent(token)}?paid=1`, 303);
        // Form answers are 200 pages (a browser logs any 4xx document as an error); the text says what happened.
        case 'already_paid':
          return sendPage(reply, 200, token, outcome.invoice, {
            nonce,
            notice: 'This invoice had already been paid. Your card was not charged.',
          });
        case 'unavailable':
          return sendPage(reply, 200, token, outcome.invoice, { nonce });
        case 'rate_limited':
          return sendPage(reply, 429, token, outcome.invoice, {
            nonce,
            error: {
              field: null,
              message: 'Too many declined attempts. Please wait 15 minutes and try again.',
            },
            values: { expiry: field('expiry'), name: field('name') },
          });
        case 'card_error':
          return sendPage(reply, 200, token, outcome.invoice, {
            nonce,
            error: { field: outcome.field, message: outcome.message },
            values: { expiry: field('expiry'), name: field('name') },
          });
      }
    },
  });

  async function sendPage(
    reply: FastifyReply,
    status: number,
    token: string,
    invoice: InvoiceRow,
    form: FormState,
  ) {
    const found = await service.findHostedInvoice(token);
    const view = found
      ? toView(token, found)
      : toView(token, { invoice, canPayHere: false, installerName: '', vehicle: null, payment: null });
    return sendTokenPageHtml(reply, status, renderInvoicePage(view, form));
  }
}

function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

function toView(
  token: string,
  found: NonNullable<Awaited<ReturnType<PaymentsService['findHostedInvoice']>>>,
): HostedInvoiceView {
  const { invoice } = found;
  return {
    token,
    installerName: found.installerName,
    number: invoice.customerFacingNumber ?? invoice.number ?? String(invoice.id),
    invoiceType: invoice.invoiceType === 'deposit' ? 'deposit' : 'final',
    status: invoice.status as HostedInvoiceView['status'],
    customerName: invoice.customerName,
    description: invoice.description,
    vehicle: found.vehicle,
    canPayHere: found.canPayHere,
    invoiceDate: invoice.invoiceDate,
    paidAt: invoice.paidAt,
    amountDueCents: invoice.amountDueCents,
    amountPaidCents: invoice.amountPaidCents,
    amountRemainingCents: invoice.amountRemainingCents,
    taxCents: invoice.taxCents,
    payment: found.payment,
  };
}

/**
 * A token page's HTML: never cached, never indexed, and no Referer carrying the token to whatever it links to.
 * The invoice page and the onboarding page both send theirs through it.
 */
export function sendTokenPageHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .send(html);
}

function sendNotFound(reply: FastifyReply) {
  return sendTokenPageHtml(
    reply,
    404,
    renderMessagePage(
      'Invoice not found',
      'This payment link is not valid. Check the link in your e-mail, or ask the installer to send the invoice again.',
    ),
  );
}
