import { z } from 'zod';
import { defineCall } from './call.contract';

/**
 * Deposits, invoices, payments and the card reader (catalogue rows 30–46; 000 §3–§5, §7–§9; 002 §2.6, §4).
 *
 * Wire conventions:
 * - invoice amounts in integer cents (amount_due, amount_remaining, amount_paid, tax; 000 §9);
 * - payment rows of a request in dollars (payment_amount, like the request's payments summary) plus the
 *   exact `amount_cents`;
 * - dates as 'YYYY/MM/DD HH:mm:ss' in UTC;
 * - every create (POST /invoices/, POST /payments, POST /payment-failures) takes an `Idempotency-Key` header
 *   or an `idempotencyKey` body field: the same key twice gives the first result and creates one row.
 */
export const paymentPaths = {
  invoice: '/invoices/:invoiceId',
  createInvoice: '/invoices/',
  invoiceMeta: '/invoices/meta/:id',
  settleInvoice: '/invoices/settle/:id',
  resendInvoice: '/invoices/resend/:id',
  finalizeInvoice: '/invoices/finalize/:id',
  voidInvoice: '/invoices/void/:id',
  // The spec's DELETE /invoices/{id}: one parameter name per path template (OpenAPI), as GET /invoices/{invoiceId}.
  deleteInvoice: '/invoices/:invoiceId',
  requestPayments: '/installerPaymentsRequest/:requestId',
  settleRequestPayments: '/installerPaymentSettle/:requestId',
  checkPayment: '/installerPaymentCheck/:requestId',
  deleteRequestPayments: '/installerPayments/:requestId',
  paymentFailures: '/payment-failures',
  createCardPayment: '/payments',
  cardPayment: '/payments/:paymentId',
  terminal: '/terminal/:id',
  terminalPay: '/terminalPay/',
  stripeWebhook: '/webhooks/stripe',
  devReader: '/dev/readers/:readerId',
} as const;

/** The header every create accepts (a body field `idempotencyKey` works too). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on a reply that repeats the first result of an idempotency key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Messages of the spec, word for word (000 §5, §8; catalogue M22–M49; 002 §8). */
export const paymentMessages = {
  missingRequestId: 'Invalid request - missing requestId',
  missingRequestType: 'Invalid request - missing requestType',
  noDepositAmount: 'No deposit amount set',
  depositAboveTotal: 'The deposit cannot exceed the job total',
  depositInvoiceFailedAtBooking:
    'Job booked successfully, but there was an issue creating the deposit invoice. Please check the deposit section.',
  /** M36 for estimates (JOB COMPLETED); decision 12. */
  invoiceFailedAfterEstimate:
    'Estimate completed successfully, but there was an issue creating the invoice. Please check the invoices section or contact support.',
  /** M36 for jobs (COMPLETE JOB); decision 12. */
  invoiceFailedAfterJob:
    'Job completed successfully, but there was an issue creating the invoice. Please check the invoices section or contact support.',
  settleFailed: 'Failed to settle invoice',
  depositSettled: 'Deposit invoice settled successfully.',
  depositSettleFailed: 'Error settling deposit invoice. Please try again.',
  onlySpecialistsSettleDeposits: 'Only specialists can settle deposit invoices.',
  onlySpecialistsSettleInvoices: 'Only specialists can settle invoices.',
  poRequired: 'A PO number is required',
  noInvoice: 'No invoice available for payment',
  noReader: 'No card reader configured',
  createIntentFailed: 'Failed to create payment intent',
  noIntentId: 'No payment intent ID returned',
  readerOffline: 'Card reader is offline. Please check connection.',
  readerConnectFailed: 'Failed to connect to card reader',
  cardDeclined: 'The card was declined. Please try a different card.',
  statusCheckFailed: 'Payment status check failed. Please try again.',
  timedOut: 'Payment timed out. Please try again.',
  setupFailed: 'Payment setup failed. Please try again.',
  batchEmpty: 'Please select at least one invoice.',
  batchTooLarge:
    'Maximum 25 invoices can be processed in one batch. Please process this check and start a new batch for additional invoices.',
} as const;

/** Batch check settlement holds at most this many invoices (002 §5, §9). */
export const BATCH_CHECK_MAX = 25;
/** The card-payment popup polls every 2 s and gives up after 5 minutes (000 §9). */
export const CARD_PAYMENT_POLL_MS = 2_000;
export const CARD_PAYMENT_TIMEOUT_MS = 300_000;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);
const ZWireDate = z.string().describe("UTC, 'YYYY/MM/DD HH:mm:ss'");
const ZCents = z.number().int().min(0).describe('cents');
const ZIdempotencyKey = z.string().trim().min(1).max(255);

export const invoiceStatuses = ['draft', 'open', 'paid', 'void'] as const;
export const ZInvoiceStatus = z.enum(invoiceStatuses);
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;

export const ZInvoiceType = z.enum(['deposit', 'final']);
export type TInvoiceType = z.infer<typeof ZInvoiceType>;

export const paymentStates = ['invoiced', 'pending', 'paid', 'settled', 'covered'] as const;
export const ZPaymentState = z.enum(paymentStates);

export const paymentMethods = ['card', 'online', 'check', 'cash', 'settle'] as const;
export const ZPaymentMethod = z.enum(paymentMethods);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

/**
 * An invoice path id: the invoice's numeric id, its number ('EAF-1041'; older invoices may have 'INV-100012'),
 * its customer-facing number or the payment provider's id. A request's `invoiceId` (its final invoice number)
 * works as it is.
 */
export const ZInvoiceRef = z.string().trim().min(1).max(100);
export const ZInvoiceRefParams = z.object({ invoiceId: ZInvoiceRef });
export const ZInvoiceIdParams = z.object({ id: ZInvoiceRef });
export const ZRequestIdParams = z.object({ requestId: ZDbId });

/** GET /invoices/{invoiceId} (row 30): amounts in cents. */
export const ZInvoice = z.object({
  id: z.number().int(),
  invoiceId: z.number().int().describe('same as id'),
  number: z.string().nullable(),
  customer_facing_number: z.string().nullable(),
  status: ZInvoiceStatus,
  paid: z.boolean(),
  invoice_type: ZInvoiceType,
  amount_due: ZCents,
  amount_remaining: ZCents,
  amount_paid: ZCents,
  tax: ZCents,
  currency: z.literal('usd'),
  hosted_invoice_url: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  description: z.string().nullable(),
  metadata: z
    .object({
      PO: z.string().optional(),
      payment_type: z.string().optional(),
      request_id: z.string().optional(),
      installer_id: z.string().optional(),
    })
    .catchall(z.string()),
  request_id: z.number().int(),
  requestId: z.number().int(),
  installer_id: z.number().int(),
  dealer_id: z.number().int().nullable(),
  provider: z.enum(['local', 'stripe']),
  provider_invoice_id: z.string().nullable(),
  invoice_date: ZWireDate,
  finalized_at: ZWireDate.nullable(),
  paid_at: ZWireDate.nullable(),
  voided_at: ZWireDate.nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/**
 * POST /invoices/ (row 31, decision 11): requestId (alias invoiceId) and requestType are required with the
 * spec's messages; invoiceType deposit|final (default final). A deposit takes `amount` in cents (default: the
 * job's deposit amount). `finalize: true` opens the invoice at once (hosted page link, e-mail).
 */
export const ZCreateInvoiceBody = z.object({
  requestId: z.coerce.number().int().positive().max(MAX_DB_ID).optional(),
  invoiceId: z.coerce.number().int().positive().max(MAX_DB_ID).optional().describe('alias of requestId'),
  requestType: z.enum(['dealer', 'installer']).optional(),
  invoiceType: ZInvoiceType.default('final'),
  amount: z.number().int().min(0).max(MAX_DB_ID).optional().describe('deposit amount in cents'),
  description: z.string().trim().max(500).optional(),
  metadata: z
    .object({
      payment_type: z.string().optional(),
      request_id: z.union([z.string(), z.number()]).optional(),
      installer_id: z.union([z.string(), z.number()]).optional(),
    })
    .optional(),
  finalize: z.boolean().default(false),
  idempotencyKey: ZIdempotencyKey.optional(),
});
export type TCreateInvoiceBody = z.infer<typeof ZCreateInvoiceBody>;

/** PUT /invoices/meta/{id} (row 32): the PO (dealers: required), and for installers a check number closing it out. */
export const ZInvoiceMetaBody = z.object({
  invoiceId: ZInvoiceRef.optional(),
  PO: z.string().trim().max(100).optional(),
  po: z.string().trim().max(100).optional(),
  checkNumber: z.string().trim().max(50).optional(),
  check_number: z.string().trim().max(50).optional(),
});
export type TInvoiceMetaBody = z.infer<typeof ZInvoiceMetaBody>;

export const ZInvoiceMetaReply = z.object({
  success: z.literal(true),
  /** False when the PO was already that value (nothing saved). */
  changed: z.boolean(),
  invoice: ZInvoice,
});

/** PUT /invoices/settle/{id} (row 33): how it was paid outside the product (default 'settle'). */
export const ZSettleInvoiceBody = z
  .object({
    method: z.enum(['settle', 'check', 'cash']).optional(),
    checkNumber: z.string().trim().max(50).optional(),
    check_number: z.string().trim().max(50).optional(),
  })
  .optional();
export type TSettleInvoiceBody = z.infer<typeof ZSettleInvoiceBody>;

export const ZInvoiceActionReply = z.object({
  success: z.literal(true),
  message: z.string(),
  invoice: ZInvoice,
});
export type TInvoiceActionReply = z.infer<typeof ZInvoiceActionReply>;

export const ZResendInvoiceReply = ZInvoiceActionReply.extend({ sentTo: z.string() });

export const ZDeleteInvoiceReply = z.object({ success: z.literal(true), deleted: z.number().int() });

/** A payment of a request (000 §3 payment_type, payment_state, payment_amount, payment_id; 002 §3). */
export const ZRequestPayment = z.object({
  payment_id: z.number().int(),
  payment_type: ZInvoiceType,
  payment_state: ZPaymentState,
  /** Dollars, like the request's payments summary. */
  payment_amount: z.number(),
  amount_cents: ZCents,
  platform_fee: z.number(),
  payment_date: ZWireDate.nullable(),
  method: ZPaymentMethod.nullable(),
  check_number: z.string().nullable(),
  card_last4: z.string().nullable(),
  card_type: z.string().nullable(),
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  invoice_status: ZInvoiceStatus.nullable(),
  hosted_invoice_url: z.string().nullable(),
});
export type TRequestPayment = z.infer<typeof ZRequestPayment>;
export const ZRequestPayments = z.array(ZRequestPayment);

/** PUT /installerPaymentSettle/{requestId} (row 39): one payment, or every unpaid one of the request. */
export const ZSettleRequestBody = z
  .object({
    payment_id: z.coerce.number().int().positive().max(MAX_DB_ID).optional(),
    paymentId: z.coerce.number().int().positive().max(MAX_DB_ID).optional(),
  })
  .optional();

/** PUT /installerPaymentCheck/{requestId} (row 40): payment_id and the check number (none: cash). */
export const ZCheckPaymentBody = z.object({
  payment_id: z.coerce.number().int().positive().max(MAX_DB_ID).optional(),
  paymentId: z.coerce.number().int().positive().max(MAX_DB_ID).optional(),
  checkNumber: z.string().trim().max(50).optional(),
  check_number: z.string().trim().max(50).optional(),
  method: z.enum(['check', 'cash']).optional(),
});
export type TCheckPaymentBody = z.infer<typeof ZCheckPaymentBody>;

export const ZRequestPaymentsReply = z.object({
  success: z.literal(true),
  message: z.string(),
  payments: ZRequestPayments,
});

export const ZDeleteRequestPaymentsReply = z.object({
  success: z.literal(true),
  /** Unpaid payment rows removed (their invoices voided or, for drafts, deleted). */
  deleted: z.number().int(),
  /** Payments already received stay for the financial record. */
  kept: z.number().int(),
  voidedInvoices: z.number().int(),
});

/** POST /payment-failures (row 42). The user comes from the sign-in, not from the body. */
export const ZPaymentFailureBody = z.object({
  request_id: z.coerce.number().int().positive().max(MAX_DB_ID).nullish(),
  failure_type: z.string().trim().min(1).max(100),
  failure_stage: z.string().trim().max(100).nullish(),
  error_message: z.string().max(2000).nullish(),
  user_id: z.coerce.number().int().nullish(),
  user_type: z.string().max(20).nullish(),
  stripe_object_id: z.string().max(255).nullish(),
  idempotencyKey: ZIdempotencyKey.optional(),
});
export type TPaymentFailureBody = z.infer<typeof ZPaymentFailureBody>;
export const ZPaymentFailureReply = z.object({ success: z.literal(true), id: z.number().int() });

/** POST /payments (row 43): a card-present payment intent for an invoice at a location's reader. */
export const ZCreateCardPaymentBody = z.object({
  invoiceId: z.union([ZInvoiceRef, z.number().int().positive()]).optional(),
  /** An installer location id, or its reader id (stripe_location). Default: the first location with a reader. */
  locationId: z.union([z.string().trim().min(1).max(255), z.number().int().positive()]).optional(),
  installerName: z.string().max(200).optional(),
  idempotencyKey: ZIdempotencyKey.optional(),
});
export type TCreateCardPaymentBody = z.infer<typeof ZCreateCardPaymentBody>;

/** Where a card payment is (000 §4 card payment progress, server side). */
export const cardPaymentStages = [
  'created',
  'waiting_for_customer',
  'processing',
  'succeeded',
  'declined',
  'canceled',
] as const;
export const ZCardPaymentStage = z.enum(cardPaymentStages);

export const ZCreateCardPaymentReply = z.object({
  success: z.boolean(),
  paymentIntentId: z.string().nullable(),
  id: z.string().nullable().describe('same as paymentIntentId'),
  amount: ZCents.nullable(),
  readerId: z.string().nullable(),
  error: z.string().nullable(),
});
export type TCreateCardPaymentReply = z.infer<typeof ZCreateCardPaymentReply>;

export const ZCardPaymentParams = z.object({ paymentId: z.string().trim().min(1).max(255) });

/** GET /payments/{paymentId} (row 44): status processing | succeeded | payment_failed (shown as declined). */
export const ZCardPaymentReply = z.object({
  success: z.boolean(),
  status: z.enum(['processing', 'succeeded', 'payment_failed']),
  stage: ZCardPaymentStage,
  paymentIntentId: z.string(),
  invoiceId: z.number().int(),
  amount: ZCents,
  error: z.string().nullable(),
});
export type TCardPaymentReply = z.infer<typeof ZCardPaymentReply>;

export const ZTerminalParams = z.object({ id: z.string().trim().min(1).max(255) });

/** GET /terminal/{id} (row 45): the reader of a location (by reader id or location id). */
export const ZTerminalReply = z.object({
  success: z.boolean(),
  data: z
    .object({
      id: z.string(),
      status: z.enum(['online', 'offline']),
      label: z.string(),
      device_type: z.string(),
      location_id: z.number().int().nullable(),
    })
    .nullable(),
  error: z.string().nullable(),
});
export type TTerminalReply = z.infer<typeof ZTerminalReply>;

/** POST /terminalPay/ (row 46). */
export const ZTerminalPayBody = z.object({
  paymentId: z.string().trim().min(1).max(255),
  terminalId: z.string().trim().min(1).max(255).optional(),
});
export type TTerminalPayBody = z.infer<typeof ZTerminalPayBody>;

export const ZTerminalPayReply = z.object({
  success: z.boolean(),
  status: ZCardPaymentStage.nullable(),
  paymentIntentId: z.string().nullable(),
  terminalId: z.string().nullable(),
  error: z.string().nullable(),
});
export type TTerminalPayReply = z.infer<typeof ZTerminalPayReply>;

/** Behaviours of a simulated card reader (local payment adapter only). */
export const readerBehaviours = ['online', 'offline', 'decline', 'slow', 'timeout'] as const;
export const ZReaderBehaviour = z.enum(readerBehaviours);
export type TReaderBehaviour = z.infer<typeof ZReaderBehaviour>;

export const ZDevReaderParams = z.object({ readerId: z.string().trim().min(1).max(255) });
export const ZDevReaderBody = z.object({
  behaviour: ZReaderBehaviour,
  /** How long the customer takes (ms) before the outcome; default 1500 (slow: 12000). */
  delayMs: z.number().int().min(0).max(600_000).optional(),
});
export type TDevReaderBody = z.infer<typeof ZDevReaderBody>;
export const ZDevReaderReply = z.object({
  readerId: z.string(),
  behaviour: ZReaderBehaviour,
  delayMs: z.number().int(),
  source: z.enum(['setting', 'suffix', 'default']),
});
export type TDevReaderReply = z.infer<typeof ZDevReaderReply>;

export const ZWebhookReply = z.object({
  received: z.literal(true),
  type: z.string(),
  /** False when the event changed nothing (a repeat, or an event the product does not use). */
  applied: z.boolean(),
});

const tags = ['payments'];
const keyNote = `Takes an \`Idempotency-Key\` header (or an idempotencyKey body field): the same key again returns the first result (200, header ${IDEMPOTENT_REPLAYED_HEADER}: true) and creates nothing.`;

/**
 * The payment calls (catalogue rows 30–46, decision 008). Errors: NOT_FOUND for what the caller may not see,
 * INVALID_TRANSITION for an invoice in the wrong state, CONFLICT for a Stripe invoice on a server without
 * Stripe or a reused key, INTERNAL (with a userMessage) when the payment provider fails.
 */
export const paymentCalls = {
  // Invoices (rows 30–37)
  invoice: defineCall({
    operationId: 'getInvoice',
    method: 'GET',
    path: paymentPaths.invoice,
    params: ZInvoiceRefParams,
    reply: ZInvoice,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'An invoice (amounts in cents). The id may be the invoice id, its number or the provider’s id.',
    tags,
  }),
  createInvoice: defineCall({
    operationId: 'createInvoice',
    method: 'POST',
    path: paymentPaths.createInvoice,
    body: ZCreateInvoiceBody,
    reply: ZInvoice,
    status: 201,
    otherStatuses: [200],
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'INTERNAL'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Create the deposit or final invoice of a job (installers)',
    description: `requestId (alias invoiceId) and requestType are required ('Invalid request - missing requestId' / 'Invalid request - missing requestType'); invoiceType deposit|final, default final (decision 11). A deposit takes amount in cents (default: the job's deposit). One deposit and one final invoice per job: asking again returns the existing one (200). finalize: true opens it at once (pay link, e-mail). ${keyNote}`,
    tags,
  }),
  invoiceMeta: defineCall({
    operationId: 'updateInvoiceMeta',
    method: 'PUT',
    path: paymentPaths.invoiceMeta,
    params: ZInvoiceIdParams,
    body: ZInvoiceMetaBody,
    reply: ZInvoiceMetaReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'INTERNAL'],
    access: { effect: 'write' },
    summary:
      'Set the PO of an invoice (dealer: PO required); installers may add a check number to close it out',
    description: 'The PO is saved only if it changed (changed: false otherwise).',
    tags,
  }),
  settleInvoice: defineCall({
    operationId: 'settleInvoice',
    method: 'PUT',
    path: paymentPaths.settleInvoice,
    params: ZInvoiceIdParams,
    body: ZSettleInvoiceBody,
    reply: ZInvoiceActionReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'INTERNAL'],
    // No `roles`: the service refuses dealers with the spec's message, which depends on the invoice type.
    access: { effect: 'write' },
    summary: 'Settle an invoice paid outside the product (installers; cannot be undone)',
    description:
      "method settle (default), check (with checkNumber) or cash. Settling a paid invoice changes nothing. Deposit: 'Deposit invoice settled successfully.'",
    tags,
  }),
  resendInvoice: defineCall({
    operationId: 'resendInvoice',
    method: 'PUT',
    path: paymentPaths.resendInvoice,
    params: ZInvoiceIdParams,
    reply: ZResendInvoiceReply,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
    access: { effect: 'write' },
    summary: 'E-mail the invoice and its pay link again (installers; dealers on finished jobs)',
    description: 'Through the outbox. With an Idempotency-Key, a repeat sends nothing more.',
    tags,
  }),
  finalizeInvoice: defineCall({
    operationId: 'finalizeInvoice',
    method: 'PUT',
    path: paymentPaths.finalizeInvoice,
    params: ZInvoiceIdParams,
    reply: ZInvoiceActionReply,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'INTERNAL'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Finalize a draft invoice: it opens, gets its pay link and is e-mailed (installers)',
    tags,
  }),
  voidInvoice: defineCall({
    operationId: 'voidInvoice',
    method: 'PUT',
    path: paymentPaths.voidInvoice,
    params: ZInvoiceIdParams,
    reply: ZInvoiceActionReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'INTERNAL'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Void an unpaid invoice (installers; used when a job is deleted)',
    tags,
  }),
  deleteInvoice: defineCall({
    operationId: 'deleteDraftInvoice',
    method: 'DELETE',
    path: paymentPaths.deleteInvoice,
    params: ZInvoiceRefParams,
    reply: ZDeleteInvoiceReply,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Delete a draft invoice (installers; drafts only)',
    tags,
  }),

  // Payments of a request (rows 38–42)
  requestPayments: defineCall({
    operationId: 'listRequestPayments',
    method: 'GET',
    path: paymentPaths.requestPayments,
    params: ZRequestIdParams,
    reply: ZRequestPayments,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'Payments of a request (payment_type, payment_state, payment_amount in dollars, payment_id)',
    tags,
  }),
  settleRequestPayments: defineCall({
    operationId: 'settleRequestPayments',
    method: 'PUT',
    path: paymentPaths.settleRequestPayments,
    params: ZRequestIdParams,
    body: ZSettleRequestBody,
    reply: ZRequestPaymentsReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'INTERNAL'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Settle the unpaid payments of a job ("Settle" without a card reader; installers)',
    description: 'payment_id: that payment only; none: every unpaid payment of the job.',
    tags,
  }),
  checkPayment: defineCall({
    operationId: 'recordCheckPayment',
    method: 'PUT',
    path: paymentPaths.checkPayment,
    params: ZRequestIdParams,
    body: ZCheckPaymentBody,
    reply: ZRequestPaymentsReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'INTERNAL'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Record a check (with its number) or cash payment (installers)',
    tags,
  }),
  deleteRequestPayments: defineCall({
    operationId: 'deleteRequestPayments',
    method: 'DELETE',
    path: paymentPaths.deleteRequestPayments,
    params: ZRequestIdParams,
    reply: ZDeleteRequestPaymentsReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'INTERNAL'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Job deletion: void open invoices, delete drafts, remove unpaid payments (installers)',
    description: 'Payments already received are kept for the financial record.',
    tags,
  }),
  paymentFailures: defineCall({
    operationId: 'recordPaymentFailure',
    method: 'POST',
    path: paymentPaths.paymentFailures,
    body: ZPaymentFailureBody,
    reply: ZPaymentFailureReply,
    status: 201,
    errors: ['NOT_FOUND', 'INTERNAL'],
    access: { effect: 'write' },
    summary: 'Log a payment failure (e.g. invoice creation after completion)',
    description: `The user is the signed-in caller. ${keyNote}`,
    tags,
  }),

  // Card reader (rows 43–46)
  createCardPayment: defineCall({
    operationId: 'createCardPayment',
    method: 'POST',
    path: paymentPaths.createCardPayment,
    body: ZCreateCardPaymentBody,
    reply: ZCreateCardPaymentReply,
    status: 201,
    otherStatuses: [200],
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'INTERNAL'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Create the card-present payment intent of an invoice (installers)',
    description: `invoiceId (id or number), locationId (location id or reader id; default the first location with a reader), installerName. A draft invoice is finalized first. ${keyNote}`,
    tags,
  }),
  cardPayment: defineCall({
    operationId: 'getCardPayment',
    method: 'GET',
    path: paymentPaths.cardPayment,
    params: ZCardPaymentParams,
    reply: ZCardPaymentReply,
    errors: ['NOT_FOUND'],
    // A poll records the outcome it finds (the invoice gets paid), so it is a write.
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Poll a card payment: processing, succeeded or payment_failed (shown as declined)',
    description: 'stage gives the detail: waiting_for_customer, processing, succeeded, declined, canceled.',
    tags,
  }),
  terminal: defineCall({
    operationId: 'getTerminal',
    method: 'GET',
    path: paymentPaths.terminal,
    params: ZTerminalParams,
    reply: ZTerminalReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'Check a card reader (id: reader id or location id): data.status online | offline',
    tags,
  }),
  terminalPay: defineCall({
    operationId: 'sendCardPaymentToTerminal',
    method: 'POST',
    path: paymentPaths.terminalPay,
    body: ZTerminalPayBody,
    reply: ZTerminalPayReply,
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Send a card payment to the reader',
    description: 'Sending the same payment again does nothing more.',
    tags,
  }),

  /** Verified on the raw body: the API registers it in a scope that keeps the JSON body unparsed. */
  stripeWebhook: defineCall({
    operationId: 'receiveStripeWebhook',
    method: 'POST',
    path: paymentPaths.stripeWebhook,
    reply: ZWebhookReply,
    errors: ['VALIDATION_FAILED'],
    access: { public: true },
    summary: 'Stripe webhook (signature verified on the raw body)',
    tags,
  }),

  // Simulated readers (local payment adapter, not in production). A reader that is not the caller's is
  // absent (404), so no `roles`: a dealer has no reader and gets the same 404.
  setDevReader: defineCall({
    operationId: 'setDevReaderBehaviour',
    method: 'PUT',
    path: paymentPaths.devReader,
    params: ZDevReaderParams,
    body: ZDevReaderBody,
    reply: ZDevReaderReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'write' },
    summary: 'Choose a simulated card reader’s behaviour: online, offline, decline, slow, timeout',
    description:
      'Local payment adapter only, not in production. Only for a reader at one of the caller’s installer locations (else 404). Shared by every API process (kept in the database).',
    tags: ['dev'],
  }),
  devReader: defineCall({
    operationId: 'getDevReaderBehaviour',
    method: 'GET',
    path: paymentPaths.devReader,
    params: ZDevReaderParams,
    reply: ZDevReaderReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'A simulated card reader’s behaviour and where it comes from',
    tags: ['dev'],
  }),
};
