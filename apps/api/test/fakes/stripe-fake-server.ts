import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small Stripe API for tests: the endpoints the payment adapter uses, answering with the JSON shapes Stripe
 * gives (ids with Stripe's prefixes, `object` fields, lists, error envelopes). Point the official client at
 * it with `new Stripe(key, { host: '127.0.0.1', port, protocol: 'http' })`.
 *
 * Served: customers; invoices (create, retrieve, update, finalize, pay, void, delete) and invoice items
 * (with tax rates); payment intents (create, retrieve with expand[]=latest_charge, cancel); Terminal readers
 * (retrieve, process_payment_intent, cancel_action) and the test helper present_payment_method. POSTs honour
 * Idempotency-Key like Stripe (same key → the first response). Webhook events are built and signed with the
 * library's own `webhooks.generateTestHeaderString`.
 *
 * Test controls: addReader, setReaderStatus, addTaxRate, presentCard (the customer at the reader), payInvoice
 * (the customer on Stripe's hosted invoice page), event (a signed webhook delivery) and the request log.
 */

type Json = Record<string, unknown>;
type Obj = Json & { id: string };

export type StripeFake = {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  /** Every API call received: method, path, idempotency key. */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  invoices: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  customers: Map<string, Obj>;
  /** Connect accounts created through the API. */
  accounts: Map<string, Obj>;
  readers: Map<string, Obj>;
  addReader(id: string, options?: { status?: 'online' | 'offline'; label?: string }): void;
  setReaderStatus(id: string, status: 'online' | 'offline'): void;
  addTaxRate(id: string, percentage: number): void;
  /** The customer taps a card on the reader: 4000 0000 0000 0002 declines, anything else succeeds. */
  presentCard(readerId: string, cardNumber?: string): Obj;
  /** The customer pays an open invoice on Stripe's hosted page; returns the paid invoice. */
  payInvoice(invoiceId: string): Obj;
  /** A webhook delivery: the JSON body and its Stripe-Signature header. */
  event(
    type: string,
    object: Obj,
    options?: { id?: string; secret?: string; created?: number },
  ): { payload: string; signature: string; id: string };
  close(): Promise<void>;
};

const DECLINING_CARD = '4000000000000002';

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

/** Stripe's form encoding (a[b][0]=c) back into an object. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Json = out;
    path.forEach((segment, index) => {
      const isLast = index === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      if (isLast) {
        node[segment] = value;
        return;
      }
      if (node[segment] === undefined) node[segment] = nextIsIndex ? [] : {};
      node = node[segment] as Json;
    });
  }
  return out;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string; decline_code?: string },
  ) {
    super(body.message);
  }
}

function missing(kind: string, id: string): never {
  throw new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });
}

function invalid(message: string, code?: string): never {
  throw new StripeHttpError(400, { type: 'invalid_request_error', message, ...(code ? { code } : {}) });
}

function toInt(value: unknown, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) invalid(`Invalid integer: ${name}`);
  return n;
}

export async function startStripeFake(options: { webhookSecret?: string } = {}): Promise<StripeFake> {
  const secretKey = 'sk_test_fake_0123456789';
  const webhookSecret = options.webhookSecret ?? 'whsec_test_fake_secret';
  const signer = new Stripe(secretKey);
  const customers = new Map<string, Obj>();
  const accounts = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const invoiceItems = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const readers = new Map<string, Obj>();
  const taxRates = new Map<string, number>();
  const idempotent = new Map<string, { status: number; body: string }>();
  const requests: StripeFake['requests'] = [];
  let invoiceCounter = 0;
  let url = '';

  function recomputeInvoice(invoice: Obj) {
    const items = [...invoiceItems.values()].filter((i) => i.invoice === invoice.id);
    let subtotal = 0;
    const taxes: {
      amount: number;
      tax_rate_details: { tax_rate: string };
      taxability_reason: string;
      taxable_amount: number;
      tax_behavior: string;
      type: string;
    }[] = [];
    for (const item of items) {
      const amount = item.amount as number;
      subtotal += amount;
      for (const rate of (item.tax_rates as Obj[] | undefined) ?? []) {
        const percentage = rate.percentage as number;
        taxes.push({
          amount: Math.round((amount * percentage) / 100),
          tax_rate_details: { tax_rate: rate.id },
          taxability_reason: 'standard_rated',
          taxable_amount: amount,
          tax_behavior: 'exclusive',
          type: 'tax_rate_details',
        });
      }
    }
    const tax = taxes.reduce((sum, t) => sum + t.amount, 0);
    const total = subtotal + tax;
    Object.assign(invoice, {
      subtotal,
      subtotal_excluding_tax: subtotal,
      total,
      total_excluding_tax: subtotal,
      total_taxes: taxes,
      amount_due: total,
      amount_remaining: total - (invoice.amount_paid as number),
      lines: {
        object: 'list',
        data: items.map((i) => ({
          id: `il_${(i.id as string).slice(3)}`,
          object: 'line_item',
          amount: i.amount,
          currency: 'usd',
          description: i.description,
        })),
        has_more: false,
        total_count: items.length,
        url: `/v1/invoices/${invoice.id}/lines`,
      },
    });
  }

  function getInvoice(id: string): Obj {
    return invoices.get(id) ?? missing('invoice', id);
  }

  function getIntent(id: string): Obj {
    return paymentIntents.get(id) ?? missing('payment_intent', id);
  }

  function getReader(id: string): Obj {
    return readers.get(id) ?? missing('terminal.reader', id);
  }

  function withExpand(object: Obj, expand: unknown): Obj {
    const fields = Array.isArray(expand) ? (expand as string[]) : [];
    if (
      object.object === 'payment_intent' &&
      fields.includes('latest_charge') &&
      typeof object.latest_charge === 'string'
    ) {
      return { ...object, latest_charge: charges.get(object.latest_charge) ?? object.latest_charge };
    }
    return object;
  }

  function route(method: string, path: string, params: Json): { status?: number; body: unknown } {
    /** The path's id when method and pattern match, else null. */
    const at = (want: string | null, pattern: RegExp): string | null => {
      if (want !== null && method !== want) return null;
      return pattern.exec(path)?.[1] ?? null;
    };
    // Customers
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Obj = {
        id: newId('cus'),
        object: 'customer',
        name: params.name ?? null,
        email: params.email ?? null,
        metadata: params.metadata ?? {},
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { body: customer };
    }
    // Connect Express accounts and their onboarding links (payment onboarding, P27).
    if (method === 'POST' && path === '/v1/accounts') {
      const account: Obj = {
        id: newId('acct'),
        object: 'account',
        type: params.type ?? 'express',
        email: params.email ?? null,
        business_profile: params.business_profile ?? {},
        metadata: params.metadata ?? {},
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        created: now(),
      };
      accounts.set(account.id, account);
      return { body: account };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = accounts.get(String(params.account ?? ''));
      if (!account) invalid(`No such account: '${String(params.account)}'`, 'resource_missing');
      return {
        body: {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `https://connect.stripe.test/setup/e/${account.id}?return=${encodeURIComponent(String(params.return_url))}&refresh=${encodeURIComponent(String(params.refresh_url))}`,
        },
      };
    }
    // Express dashboard login links (Connect): any acct_ id but acct_missing.
    const loginFor = at('POST', /^\/v1\/accounts\/([^/]+)\/login_links$/);
    if (loginFor) {
      if (loginFor === 'acct_missing') invalid(`No such account: '${loginFor}'`, 'resource_missing');
      return {
        body: {
          object: 'login_link',
          created: now(),
          url: `https://connect.stripe.test/express/${loginFor}`,
        },
      };
    }
    // Invoices
    if (method === 'POST' && path === '/v1/invoices') {
      if (!params.customer || !customers.has(params.customer as string))
        invalid('No such customer', 'resource_missing');
      const invoice: Obj = {
        id: newId('in'),
        object: 'invoice',
        customer: params.customer,
        status: 'draft',
        collection_method: params.collection_method ?? 'charge_automatically',
        auto_advance: params.auto_advance === 'true',
        days_until_due: params.days_until_due ? Number(params.days_until_due) : null,
        currency: 'usd',
        description: params.description ?? null,
        metadata: params.metadata ?? {},
        // Stripe keeps a number set on the draft; it assigns one at finalization otherwise.
        number: params.number ?? null,
        hosted_invoice_url: null,
        invoice_pdf: null,
        amount_due: 0,
        amount_paid: 0,
        amount_remaining: 0,
        subtotal: 0,
        total: 0,
        total_taxes: [],
        application_fee_amount: params.application_fee_amount
          ? toInt(params.application_fee_amount, 'application_fee_amount')
          : null,
        transfer_data: params.transfer_data
          ? { amount: null, destination: (params.transfer_data as Json).destination }
          : null,
        status_transitions: {
          finalized_at: null,
          marked_uncollectible_at: null,
          paid_at: null,
          voided_at: null,
        },
        created: now(),
        livemode: false,
      };
      recomputeInvoice(invoice);
      invoices.set(invoice.id, invoice);
      return { body: invoice };
    }
    if (method === 'POST' && path === '/v1/invoiceitems') {
      const invoice = getInvoice(String(params.invoice));
      if (invoice.status !== 'draft') invalid('You can only add invoice items to draft invoices.');
      const rates = ((params.tax_rates as string[] | undefined) ?? []).map((id) => {
        const percentage = taxRates.get(id);
        if (percentage === undefined) missing('tax_rate', id);
        return {
          id,
          object: 'tax_rate',
          percentage,
          inclusive: false,
          active: true,
          display_name: 'Sales tax',
        };
      });
      const item: Obj = {
        id: newId('ii'),
        object: 'invoiceitem',
        amount: toInt(params.amount, 'amount'),
        currency: params.currency ?? 'usd',
        customer: params.customer ?? invoice.customer,
        invoice: invoice.id,
        description: params.description ?? null,
        tax_rates: rates,
        livemode: false,
      };
      invoiceItems.set(item.id, item);
      recomputeInvoice(invoice);
      return { body: item };
    }
    const id1 = at('POST', /^\/v1\/invoices\/([^/]+)\/finalize$/);
    if (id1 !== null) {
      const invoice = getInvoice(id1);
      if (invoice.status !== 'draft')
        invalid(
          `This invoice is already finalized, you can't re-finalize a non-draft invoice.`,
          'invoice_not_editable',
        );
      invoiceCounter += 1;
      Object.assign(invoice, {
        status: 'open',
        number: invoice.number ?? `FAKE-${String(invoiceCounter).padStart(4, '0')}`,
        hosted_invoice_url: `${url}/hosted/invoice/${invoice.id}`,
        invoice_pdf: `${url}/hosted/invoice/${invoice.id}/pdf`,
        status_transitions: { ...(invoice.status_transitions as Json), finalized_at: now() },
      });
      if (invoice.amount_due === 0) markInvoicePaid(invoice, null);
      return { body: invoice };
    }
    const id2 = at('POST', /^\/v1\/invoices\/([^/]+)\/pay$/);
    if (id2 !== null) {
      const invoice = getInvoice(id2);
      if (invoice.status === 'paid') invalid('Invoice is already paid', 'invoice_already_paid');
      if (invoice.status !== 'open')
        invalid(`You can only pay an open invoice; this one is ${invoice.status}.`, 'invoice_not_open');
      if (params.paid_out_of_band !== 'true') invalid('This fake only supports paid_out_of_band');
      markInvoicePaid(invoice, null);
      return { body: invoice };
    }
    const id3 = at('POST', /^\/v1\/invoices\/([^/]+)\/void$/);
    if (id3 !== null) {
      const invoice = getInvoice(id3);
      if (invoice.status !== 'open')
        invalid(`You can only void an open invoice; this one is ${invoice.status}.`, 'invoice_not_open');
      Object.assign(invoice, {
        status: 'void',
        amount_remaining: 0,
        status_transitions: { ...(invoice.status_transitions as Json), voided_at: now() },
      });
      return { body: invoice };
    }
    const id4 = at(null, /^\/v1\/invoices\/([^/]+)$/);
    if (id4 !== null) {
      const invoice = getInvoice(id4);
      if (method === 'GET') return { body: invoice };
      if (method === 'POST') {
        if (params.metadata)
          invoice.metadata = { ...(invoice.metadata as Json), ...(params.metadata as Json) };
        if (params.description !== undefined) invoice.description = params.description;
        return { body: invoice };
      }
      if (method === 'DELETE') {
        if (invoice.status !== 'draft') invalid('You can only delete draft invoices.');
        invoices.delete(invoice.id);
        return { body: { id: invoice.id, object: 'invoice', deleted: true } };
      }
    }
    // Payment intents
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent: Obj = {
        id: newId('pi'),
        object: 'payment_intent',
        amount: toInt(params.amount, 'amount'),
        amount_received: 0,
        currency: params.currency ?? 'usd',
        status: 'requires_payment_method',
        capture_method: params.capture_method ?? 'automatic',
        allowed_payment_method_types: params.allowed_payment_method_types ?? null,
        payment_method_types: params.allowed_payment_method_types ?? ['card_present'],
        description: params.description ?? null,
        metadata: params.metadata ?? {},
        application_fee_amount: params.application_fee_amount
          ? toInt(params.application_fee_amount, 'application_fee_amount')
          : null,
        transfer_data: params.transfer_data ?? null,
        latest_charge: null,
        last_payment_error: null,
        created: now(),
        livemode: false,
      };
      paymentIntents.set(intent.id, intent);
      return { body: intent };
    }
    const id5 = at('POST', /^\/v1\/payment_intents\/([^/]+)\/cancel$/);
    if (id5 !== null) {
      const intent = getIntent(id5);
      if (intent.status === 'succeeded')
        invalid(
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
          'payment_intent_unexpected_state',
        );
      intent.status = 'canceled';
      return { body: intent };
    }
    const id6 = at('GET', /^\/v1\/payment_intents\/([^/]+)$/);
    if (id6 !== null) {
      return { body: withExpand(getIntent(id6), params.expand) };
    }
    // Terminal readers
    const id7 = at('POST', /^\/v1\/terminal\/readers\/([^/]+)\/process_payment_intent$/);
    if (id7 !== null) {
      const reader = getReader(id7);
      const intent = getIntent(String(params.payment_intent));
      if (reader.status !== 'online') {
        throw new StripeHttpError(400, {
          type: 'invalid_request_error',
          code: 'terminal_reader_offline',
          message:
            'Reader is currently offline, please ensure the reader is powered on and connected to the internet before retrying your request.',
        });
      }
      const action = reader.action as Json | null;
      if (
        action &&
        action.status === 'in_progress' &&
        (action.process_payment_intent as Json).payment_intent !== intent.id
      ) {
        throw new StripeHttpError(400, {
          type: 'invalid_request_error',
          code: 'terminal_reader_busy',
          message: 'Reader is currently busy processing another request.',
        });
      }
      reader.action = {
        type: 'process_payment_intent',
        status: 'in_progress',
        failure_code: null,
        failure_message: null,
        process_payment_intent: { payment_intent: intent.id },
      };
      intent.last_payment_error = null;
      return { body: reader };
    }
    const id8 = at('POST', /^\/v1\/terminal\/readers\/([^/]+)\/cancel_action$/);
    if (id8 !== null) {
      const reader = getReader(id8);
      reader.action = null;
      return { body: reader };
    }
    const id9 = at('GET', /^\/v1\/terminal\/readers\/([^/]+)$/);
    if (id9 !== null) {
      return { body: getReader(id9) };
    }
    const id10 = at('POST', /^\/v1\/test_helpers\/terminal\/readers\/([^/]+)\/present_payment_method$/);
    if (id10 !== null) {
      const number =
        ((params.card_present as Json | undefined)?.number as string | undefined) ?? '4242424242424242';
      return { body: presentCard(id10, number) };
    }
    throw new StripeHttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  function markInvoicePaid(invoice: Obj, intentId: string | null) {
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      status_transitions: { ...(invoice.status_transitions as Json), paid_at: now() },
      payments: {
        object: 'list',
        data: intentId
          ? [
              {
                id: newId('inpay'),
                object: 'invoice_payment',
                amount_paid: invoice.amount_due,
                invoice: invoice.id,
                is_default: true,
                payment: { type: 'payment_intent', payment_intent: intentId },
                status: 'paid',
              },
            ]
          : [],
        has_more: false,
        url: `/v1/invoice_payments?invoice=${invoice.id}`,
      },
    });
  }

  function presentCard(readerId: string, cardNumber = '4242424242424242'): Obj {
    const reader = getReader(readerId);
    const action = reader.action as Json | null;
    if (action?.status !== 'in_progress' || !action)
      invalid('The reader has no action to complete.', 'terminal_reader_no_action');
    const intent = getIntent((action.process_payment_intent as Json).payment_intent as string);
    const digits = cardNumber.replace(/\D/g, '');
    if (digits === DECLINING_CARD) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      reader.action = {
        ...action,
        status: 'failed',
        failure_code: 'card_declined',
        failure_message: 'Your card was declined.',
      };
    } else {
      const charge: Obj = {
        id: newId('ch'),
        object: 'charge',
        amount: intent.amount,
        currency: 'usd',
        paid: true,
        status: 'succeeded',
        payment_intent: intent.id,
        payment_method_details: {
          type: 'card_present',
          card_present: {
            brand: digits.startsWith('5') ? 'mastercard' : 'visa',
            last4: digits.slice(-4),
            exp_month: 12,
            exp_year: 2034,
          },
        },
      };
      charges.set(charge.id, charge);
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        latest_charge: charge.id,
        last_payment_error: null,
      });
      reader.action = { ...action, status: 'succeeded' };
    }
    return reader;
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const method = request.method ?? 'GET';
      const parsed = new URL(request.url ?? '/', 'http://fake');
      const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method, path: parsed.pathname, idempotencyKey: key });
      const send = (status: number, body: string) => {
        response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
        response.end(body);
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        send(
          401,
          JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }),
        );
        return;
      }
      const cacheKey = key && method === 'POST' ? `${parsed.pathname}|${key}` : null;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) {
        send(cached.status, cached.body);
        return;
      }
      const params =
        method === 'GET' || method === 'DELETE'
          ? parseStripeForm(parsed.searchParams.toString())
          : parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      let status = 200;
      let body: string;
      try {
        body = JSON.stringify(route(method, parsed.pathname, params).body);
      } catch (error) {
        if (!(error instanceof StripeHttpError)) throw error;
        status = error.status;
        body = JSON.stringify({ error: error.body });
      }
      if (cacheKey) idempotent.set(cacheKey, { status, body });
      send(status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    secretKey,
    webhookSecret,
    requests,
    invoices,
    paymentIntents,
    customers,
    accounts,
    readers,
    addReader(id, readerOptions = {}) {
      readers.set(id, {
        id,
        object: 'terminal.reader',
        action: null,
        device_type: 'bbpos_wisepos_e',
        label: readerOptions.label ?? `Reader ${id}`,
        location: 'tml_fake_location',
        serial_number: `WSC-${id}`,
        status: readerOptions.status ?? 'online',
        metadata: {},
        livemode: false,
      });
    },
    setReaderStatus(id, status) {
      getReader(id).status = status;
    },
    addTaxRate(id, percentage) {
      taxRates.set(id, percentage);
    },
    presentCard,
    payInvoice(invoiceId) {
      const invoice = getInvoice(invoiceId);
      if (invoice.status !== 'open') invalid(`Invoice ${invoiceId} is ${invoice.status}`);
      const intent: Obj = {
        id: newId('pi'),
        object: 'payment_intent',
        amount: invoice.amount_due,
        status: 'succeeded',
        currency: 'usd',
        metadata: {},
        latest_charge: null,
        last_payment_error: null,
        created: now(),
        livemode: false,
      };
      paymentIntents.set(intent.id, intent);
      markInvoicePaid(invoice, intent.id);
      return invoice;
    },
    event(type, object, eventOptions = {}) {
      const id = eventOptions.id ?? newId('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: eventOptions.created ?? now(),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload,
        secret: eventOptions.secret ?? webhookSecret,
      });
      return { payload, signature, id };
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
