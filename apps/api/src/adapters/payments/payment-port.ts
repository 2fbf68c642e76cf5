/**
 * The payment provider behind invoices, card-present payments and webhooks. Two adapters:
 * - local (default): the product itself is the provider. Invoices live only in our database, the hosted
 *   invoice page is served at /pay/{token}, card readers are simulated (local-payment-adapter.ts);
 * - stripe (STRIPE_SECRET_KEY set): Stripe invoices, Terminal readers and payment intents, Connect and tax
 *   rates, signed webhooks (stripe-payment-adapter.ts).
 *
 * The database is the source of truth for what the product shows; the port only moves the provider's side.
 * Every call that creates something at the provider takes a key derived from our row ids, so a retry after a
 * crash never creates a second provider object.
 */

export type PaymentProviderKind = 'local' | 'stripe';

/** What the provider needs to bill an invoice. Amounts in cents. */
export type ProviderInvoiceInput = {
  /** Our invoice id: provider idempotency keys derive from it. */
  invoiceId: number;
  number: string;
  /** What the customer pays, tax included. */
  amountCents: number;
  /** The sales tax inside amountCents. */
  taxCents: number;
  platformFeeCents: number;
  description: string;
  metadata: Record<string, string>;
  customer: {
    kind: 'dealer' | 'customer' | 'none';
    id: number | null;
    name: string | null;
    email: string | null;
    providerCustomerId: string | null;
  };
  installer: {
    id: number;
    name: string;
    /** Connect account that receives the money (destination charges). */
    connectedAccountId: string | null;
    /** Provider tax rate applied to the pre-tax line, when the installer has one. */
    taxRateId: string | null;
  };
};

export type ProviderInvoice = {
  providerInvoiceId: string;
  /** The provider's number (customer-facing), if it gives one. */
  number: string | null;
  hostedInvoiceUrl: string | null;
  /** What the provider will collect; may differ by a cent from ours when a provider tax rate rounds. */
  amountDueCents: number;
  taxCents: number;
  /** Set when the provider created a customer for the billed party: saved on the dealer or customer. */
  createdCustomerId: string | null;
};

export type ReaderStatus = 'online' | 'offline';

export type ReaderInfo = {
  id: string;
  status: ReaderStatus;
  label: string;
  deviceType: string;
};

export type CardIntentInput = {
  amountCents: number;
  description: string;
  metadata: Record<string, string>;
  connectedAccountId: string | null;
  platformFeeCents: number;
  /** Same key, same intent (the caller's Idempotency-Key, scoped to the installer). */
  idempotencyKey: string;
};

/** The provider's view of a card-present payment. */
export type CardPaymentState =
  | { stage: 'waiting_for_customer' | 'processing' }
  | {
      stage: 'succeeded';
      /** The charge / payment id recorded on the payment row. */
      providerPaymentId: string;
      cardLast4: string | null;
      cardBrand: string | null;
    }
  | { stage: 'declined' | 'canceled'; message: string };

/** A provider event the product acts on, already verified. */
export type ProviderEvent =
  | {
      kind: 'invoice_paid';
      eventId: string;
      type: string;
      providerInvoiceId: string;
      providerPaymentId: string | null;
      amountPaidCents: number;
    }
  | { kind: 'invoice_voided'; eventId: string; type: string; providerInvoiceId: string }
  | {
      kind: 'card_payment';
      eventId: string;
      type: string;
      intentId: string;
      state: CardPaymentState;
    }
  | {
      /** A connected account changed (Stripe `account.updated`; the local onboarding page). */
      kind: 'account_updated';
      eventId: string;
      type: string;
      accountId: string;
      /** Details submitted and charges enabled: the installer can be paid. */
      onboardingComplete: boolean;
      /** When the change happened at the provider (Stripe's `event.created`): deliveries can arrive out of order. */
      occurredAt: Date;
    }
  | { kind: 'ignored'; eventId: string; type: string };

/** The reader refused the payment because it is not connected. */
export class ReaderOfflineError extends Error {
  constructor(readerId: string) {
    super(`Card reader ${readerId} is offline`);
    this.name = 'ReaderOfflineError';
  }
}

/** The reader is busy with another payment. */
export class ReaderBusyError extends Error {
  constructor(readerId: string) {
    super(`Card reader ${readerId} is busy with another payment`);
    this.name = 'ReaderBusyError';
  }
}

/** A webhook whose signature does not verify. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider refused or failed a call (network, validation, state); `code` is the provider's, if any. */
export class PaymentProviderError extends Error {
  readonly code: string | null;
  constructor(message: string, code: string | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
    this.code = code;
  }
}

export type PaymentPort = {
  readonly kind: PaymentProviderKind;

  /**
   * Creates the provider's invoice (when it has none yet) and finalizes it. Idempotent per invoiceId.
   * The local adapter returns null: the invoice exists only in our database.
   */
  finalizeInvoice(input: ProviderInvoiceInput): Promise<ProviderInvoice | null>;
  /** Marks the provider's invoice paid outside the provider (check, cash, settle, card via the reader). */
  markInvoicePaidOutOfBand(providerInvoiceId: string): Promise<void>;
  voidInvoice(providerInvoiceId: string): Promise<void>;
  updateInvoiceMetadata(providerInvoiceId: string, metadata: Record<string, string>): Promise<void>;

  /** The reader, or null when the provider does not know it. */
  getReader(readerId: string): Promise<ReaderInfo | null>;
  /** Returns the provider's intent id. */
  createCardIntent(input: CardIntentInput): Promise<{ intentId: string }>;
  /** Sends the intent to the reader; throws ReaderOfflineError / ReaderBusyError. */
  processIntentOnReader(input: { readerId: string; intentId: string }): Promise<void>;
  /**
   * Where the payment is. `sentAt` is when the intent went to the reader (the local simulator's clock);
   * providers with their own state ignore it.
   */
  retrieveCardPayment(input: {
    intentId: string;
    readerId: string | null;
    sentAt: Date | null;
  }): Promise<CardPaymentState>;
  /** Cancels the reader action and the intent (best effort). */
  cancelCardPayment(input: { intentId: string; readerId: string | null }): Promise<void>;
  /**
   * Cancels an intent nobody will pay any more (a card payment replaced by a new one), and only the intent:
   * the reader may already be busy with the payment that replaced it. Resolves when the intent is canceled,
   * also when it already was; else throws PaymentProviderError (code `payment_intent_unexpected_state` when it
   * can no longer be canceled, e.g. it succeeded; `resource_missing` when the provider does not know it).
   */
  cancelPaymentIntent(intentId: string): Promise<void>;

  /**
   * A one-time link to the connected account's payment dashboard (Stripe: an Express dashboard login link;
   * local: its own page, a path under the product's origin). Throws PaymentProviderError.
   */
  createDashboardLink(accountId: string): Promise<{ url: string }>;

  /**
   * The installer's connected account (Stripe Connect Express; local: `acct_local_<installerId>`), created once
   * per installer (idempotent). Throws PaymentProviderError. Payment onboarding, P27.
   */
  createConnectedAccount(input: {
    installerId: number;
    email: string | null;
    businessName: string;
  }): Promise<{ accountId: string }>;
  /**
   * A one-time link where the account's owner gives its business and bank details (Stripe: an account link;
   * local: its own page, a path under the product's origin). Throws PaymentProviderError.
   */
  createOnboardingLink(input: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<{ url: string }>;

  /** Verifies and parses a webhook; throws WebhookSignatureError. Only providers that send webhooks. */
  parseWebhook?(rawBody: Buffer, signature: string | undefined): ProviderEvent;
};
