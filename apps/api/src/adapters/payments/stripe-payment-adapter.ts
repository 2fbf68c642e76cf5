import Stripe from 'stripe';
import {
  type CardPaymentState,
  type PaymentPort,
  PaymentProviderError,
  type ProviderEvent,
  type ProviderInvoice,
  ReaderBusyError,
  type ReaderInfo,
  ReaderOfflineError,
  WebhookSignatureError,
} from './payment-port';

/**
 * Stripe behind the payment port (official `stripe` package).
 *
 * - Invoices: created and finalized when our invoice is finalized (drafts stay ours alone), billed to the
 *   dealership's or customer's Stripe customer (created on first use), `collection_method: send_invoice`
 *   so Stripe gives a hosted_invoice_url; our outbox sends the e-mail. Destination charges: the money goes
 *   to the installer's Connect account (`transfer_data.destination`) less our 5 % platform fee
 *   (`application_fee_amount`). The pre-tax line carries the installer's Stripe tax rate when it has one;
 *   otherwise the tax is a line of its own, so the total is exactly ours.
 * - Terminal: card-present payment intents processed on a reader (`process_payment_intent`); a paid intent
 *   then marks the invoice paid out of band.
 * - Webhooks: `stripe.webhooks.constructEvent` verifies the signature on the raw body.
 *
 * Idempotency keys derive from our row ids (`invoice:<id>:create`, …), so a retry after a crash finds the
 * same Stripe objects (Stripe keeps keys for 24 hours).
 */
export type StripeAdapterOptions = {
  secretKey: string;
  webhookSecret: string | null;
  /** Another API origin (a fake server in tests), e.g. http://127.0.0.1:12111. */
  apiBase?: string | null;
  currency?: string;
};

export function createStripePaymentAdapter(options: StripeAdapterOptions): PaymentPort & { kind: 'stripe' } {
  const currency = options.currency ?? 'usd';
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...hostOptions(options.apiBase ?? null),
  });

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toProviderError(what, error);
    }
  }

  return {
    kind: 'stripe',

    async finalizeInvoice(input): Promise<ProviderInvoice> {
      const base = `invoice:${input.invoiceId}`;
      let customerId = input.customer.providerCustomerId;
      let createdCustomerId: string | null = null;
      if (!customerId) {
        const customer = await call('create customer', () =>
          stripe.customers.create(
            {
              name: input.customer.name ?? undefined,
              email: input.customer.email ?? undefined,
              metadata: { kind: input.customer.kind, id: String(input.customer.id ?? '') },
            },
            {
              idempotencyKey:
                input.customer.id != null
                  ? `customer:${input.customer.kind}:${input.customer.id}`
                  : `${base}:customer`,
            },
          ),
        );
        customerId = customer.id;
        createdCustomerId = customer.id;
      }
      const connected = input.installer.connectedAccountId;
      const draft = await call('create invoice', () =>
        stripe.invoices.create(
          {
            customer: customerId ?? undefined,
            collection_method: 'send_invoice',
            days_until_due: 30,
            auto_advance: false,
            description: input.description,
            // Our number (the installer's series, decision 009) is Stripe's too: the customer sees one scheme.
            number: input.number,
            metadata: { ...input.metadata, invoice_id: String(input.invoiceId), number: input.number },
            pending_invoice_items_behavior: 'exclude',
            ...(connected
              ? { transfer_data: { destination: connected }, application_fee_amount: input.platformFeeCents }
              : {}),
          },
          { idempotencyKey: `${base}:create` },
        ),
      );
      let invoice = draft;
      if (draft.status === 'draft') {
        const preTaxCents = input.amountCents - input.taxCents;
        const useTaxRate = input.taxCents > 0 && input.installer.taxRateId !== null;
        await call('add invoice line', () =>
          stripe.invoiceItems.create(
            {
              customer: customerId ?? undefined,
              invoice: draft.id,
              amount: preTaxCents,
              currency,
              description: input.description,
              ...(useTaxRate && input.installer.taxRateId ? { tax_rates: [input.installer.taxRateId] } : {}),
            },
            { idempotencyKey: `${base}:item` },
          ),
        );
        if (input.taxCents > 0 && !useTaxRate) {
          await call('add tax line', () =>
            stripe.invoiceItems.create(
              {
                customer: customerId ?? undefined,
                invoice: draft.id,
                amount: input.taxCents,
                currency,
                description: 'Sales tax',
              },
              { idempotencyKey: `${base}:tax` },
            ),
          );
        }
        invoice = await call('finalize invoice', () =>
          stripe.invoices.finalizeInvoice(
            draft.id,
            { auto_advance: false },
            { idempotencyKey: `${base}:finalize` },
          ),
        );
      }
      const stripeTax = (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
      return {
        providerInvoiceId: invoice.id,
        number: invoice.number,
        hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
        amountDueCents: invoice.amount_due,
        taxCents: input.installer.taxRateId && input.taxCents > 0 ? stripeTax : input.taxCents,
        createdCustomerId,
      };
    },

    async markInvoicePaidOutOfBand(providerInvoiceId) {
      try {
        await stripe.invoices.pay(providerInvoiceId, { paid_out_of_band: true });
      } catch (error) {
        // A repeat (already paid) is what we wanted; anything else is a real failure.
        const current = await stripe.invoices.retrieve(providerInvoiceId).catch(() => null);
        if (current?.status === 'paid') return;
        throw toProviderError('mark invoice paid', error);
      }
    },

    async voidInvoice(providerInvoiceId) {
      try {
        await stripe.invoices.voidInvoice(providerInvoiceId);
      } catch (error) {
        const current = await stripe.invoices.retrieve(providerInvoiceId).catch(() => null);
        if (current?.status === 'void') return;
        throw toProviderError('void invoice', error);
      }
    },

    async updateInvoiceMetadata(providerInvoiceId, metadata) {
      await call('update invoice metadata', () => stripe.invoices.update(providerInvoiceId, { metadata }));
    },

    async getReader(readerId): Promise<ReaderInfo | null> {
      try {
        const reader = await stripe.terminal.readers.retrieve(readerId);
        if ('deleted' in reader && reader.deleted) return null;
        const live = reader as Stripe.Terminal.Reader;
        return {
          id: live.id,
          status: live.status === 'online' ? 'online' : 'offline',
          label: live.label ?? live.id,
          deviceType: live.device_type,
        };
      } catch (error) {
        if (stripeCode(error) === 'resource_missing') return null;
        throw toProviderError('retrieve reader', error);
      }
    },

    async createCardIntent(input) {
      const intent = await call('create payment intent', () =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency,
            allowed_payment_method_types: ['card_present'],
            capture_method: 'automatic',
            description: input.description,
            metadata: input.metadata,
            ...(input.connectedAccountId
              ? {
                  transfer_data: { destination: input.connectedAccountId },
                  application_fee_amount: input.platformFeeCents,
                }
              : {}),
          },
          { idempotencyKey: `card:${input.idempotencyKey}` },
        ),
      );
      return { intentId: intent.id };
    },

    async processIntentOnReader({ readerId, intentId }) {
      try {
        await stripe.terminal.readers.processPaymentIntent(readerId, { payment_intent: intentId });
      } catch (error) {
        const code = stripeCode(error);
        if (code === 'terminal_reader_offline') throw new ReaderOfflineError(readerId);
        if (code === 'terminal_reader_busy') throw new ReaderBusyError(readerId);
        throw toProviderError('process payment on reader', error);
      }
    },

    async retrieveCardPayment({ intentId }) {
      const intent = await call('retrieve payment intent', () =>
        stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }),
      );
      return cardStateOfIntent(intent);
    },

    async cancelCardPayment({ intentId, readerId }) {
      if (readerId) await stripe.terminal.readers.cancelAction(readerId).catch(() => undefined);
      await stripe.paymentIntents.cancel(intentId).catch(() => undefined);
    },

    async createDashboardLink(accountId) {
      const link = await call('create login link', () => stripe.accounts.createLoginLink(accountId));
      return { url: link.url };
    },

    async cancelPaymentIntent(intentId) {
      try {
        await stripe.paymentIntents.cancel(
          intentId,
          { cancellation_reason: 'abandoned' },
          { idempotencyKey: `intent:${intentId}:cancel` },
        );
      } catch (error) {
        // Canceling a canceled intent is refused by Stripe; for us it is done.
        if (stripeCode(error) === 'payment_intent_unexpected_state') {
          const intent = await call('retrieve payment intent', () =>
            stripe.paymentIntents.retrieve(intentId),
          );
          if (intent.status === 'canceled') return;
        }
        throw toProviderError('cancel payment intent', error);
      }
    },

    async createConnectedAccount(input) {
      const account = await call('create the connected account', () =>
        stripe.accounts.create(
          {
            type: 'express',
            country: 'US',
            email: input.email ?? undefined,
            business_profile: { name: input.businessName },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { installerId: String(input.installerId) },
          },
          { idempotencyKey: `installer:${input.installerId}:connect-account` },
        ),
      );
      return { accountId: account.id };
    },

    async createOnboardingLink(input) {
      const link = await call('create the onboarding link', () =>
        stripe.accountLinks.create({
          account: input.accountId,
          refresh_url: input.refreshUrl,
          return_url: input.returnUrl,
          type: 'account_onboarding',
        }),
      );
      return { url: link.url };
    },

    parseWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new WebhookSignatureError('Stripe webhooks are not configured');
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
      }
      return toProviderEvent(event);
    },
  };
}

function hostOptions(apiBase: string | null): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

function stripeCode(error: unknown): string | null {
  if (error instanceof Stripe.errors.StripeError) return error.code ?? null;
  return null;
}

function toProviderError(what: string, error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`Stripe could not ${what}: ${message}`, stripeCode(error), {
    cause: error,
  });
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** A payment intent as the card-payment states of the port. */
export function cardStateOfIntent(intent: Stripe.PaymentIntent): CardPaymentState {
  switch (intent.status) {
    case 'succeeded': {
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const card =
        charge?.payment_method_details?.card_present ?? charge?.payment_method_details?.card ?? null;
      return {
        stage: 'succeeded',
        providerPaymentId: idOf(intent.latest_charge) ?? intent.id,
        cardLast4: card?.last4 ?? null,
        cardBrand: card?.brand ?? null,
      };
    }
    case 'canceled':
      return { stage: 'canceled', message: 'The payment was canceled.' };
    case 'requires_payment_method':
      return intent.last_payment_error
        ? { stage: 'declined', message: intent.last_payment_error.message ?? 'Your card was declined.' }
        : { stage: 'waiting_for_customer' };
    default:
      return { stage: 'processing' };
  }
}

function toProviderEvent(event: Stripe.Event): ProviderEvent {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const invoice = event.data.object;
      const payment = invoice.payments?.data?.[0]?.payment;
      return {
        kind: 'invoice_paid',
        eventId: event.id,
        type: event.type,
        providerInvoiceId: invoice.id,
        providerPaymentId: idOf(payment?.payment_intent) ?? idOf(payment?.charge) ?? null,
        amountPaidCents: invoice.amount_paid,
      };
    }
    case 'invoice.voided':
      return {
        kind: 'invoice_voided',
        eventId: event.id,
        type: event.type,
        providerInvoiceId: event.data.object.id,
      };
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled':
      return {
        kind: 'card_payment',
        eventId: event.id,
        type: event.type,
        intentId: event.data.object.id,
        state: cardStateOfIntent(event.data.object),
      };
    case 'account.updated': {
      const account = event.data.object;
      return {
        kind: 'account_updated',
        eventId: event.id,
        type: event.type,
        accountId: account.id,
        onboardingComplete: account.details_submitted === true && account.charges_enabled === true,
        occurredAt: new Date(event.created * 1000),
      };
    }
    default:
      return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}
