import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '@app/contracts/errors.contract';
import {
  BATCH_CHECK_MAX,
  CARD_PAYMENT_TIMEOUT_MS,
  paymentMessages as M,
  type TCardPaymentReply,
  type TCheckPaymentBody,
  type TCreateCardPaymentBody,
  type TCreateCardPaymentReply,
  type TDevReaderBody,
  type TDevReaderReply,
  type TInvoice,
  type TInvoiceActionReply,
  type TInvoiceMetaBody,
  type TInvoiceType,
  type TPaymentFailureBody,
  type TPaymentMethod,
  type TRequestPayment,
  type TSettleInvoiceBody,
  type TTerminalPayBody,
  type TTerminalPayReply,
  type TTerminalReply,
} from '@app/contracts/payments.contract';
import { calculateDepositInvoice } from '@app/domain/invoicing/deposit';
import {
  calculateFinalInvoice,
  calculateInvoicePlatformFee,
  unreceivedPaymentStates,
} from '@app/domain/invoicing/invoice-totals';
import {
  chargeTestCard,
  type LocalPaymentAdapter,
  type TestCardInput,
} from '../../adapters/payments/local-payment-adapter';
import {
  type CardPaymentState,
  type PaymentPort,
  PaymentProviderError,
  type ProviderEvent,
  ReaderBusyError,
  ReaderOfflineError,
} from '../../adapters/payments/payment-port';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../auth/auth-context';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import { buildInvoiceEmail } from './invoice-email';
import { cancelIntentItem } from './payments.outbox-handlers';
import {
  type AttemptRow,
  type DbOrTx,
  hostedUrlOf,
  type InvoiceRow,
  type PaymentsRepository,
  payPageUrl,
  providerOf,
  type RequestForInvoice,
  toInvoiceDto,
  toRequestPaymentDto,
  type Viewer,
} from './payments.repository';

/** Customer-facing numbers of invoices the product creates: INV-100001, INV-100002, … (from the row id). */
const INVOICE_NUMBER_BASE = 100_000;
/** An in-flight reader payment older than this is abandoned (the popup gave up at 5 minutes). */
const STALE_CARD_PAYMENT_MS = CARD_PAYMENT_TIMEOUT_MS + 30_000;
/** Declined card attempts allowed per invoice on the hosted page in the window. */
const HOSTED_DECLINES_PER_WINDOW = 10;
const HOSTED_DECLINE_WINDOW_MS = 15 * 60_000;
/** The unique index that keeps one provider payment from being recorded twice. */
const PROVIDER_PAYMENT_ID_INDEX = 'payments_provider_payment_id_unique';
/** An idempotent payment-failure log call repeated within this window returns the first row. */
const FAILURE_DEDUPE_MS = 24 * 60 * 60_000;

export type PaymentsLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type PaymentsServiceDeps = {
  db: Db;
  port: PaymentPort;
  repository: PaymentsRepository;
  publicUrl: string;
  clock: () => Date;
  logger: PaymentsLogger;
};

/** Who acts: a signed-in user, or the system (lifecycle hooks, webhooks). */
export type Actor = {
  userId: number | null;
  userType: 'dealer' | 'installer' | 'system';
  companyId: number | null;
};

export type CreateInvoiceForRequestInput = {
  requestId: number;
  invoiceType: TInvoiceType;
  /** Deposits only: the amount in cents (default: the job's deposit amount). */
  amountCents?: number;
  /** Same key, same invoice (one row). Null: no key (the one-per-job rule still holds). */
  idempotencyKey: string | null;
  /** Open it at once: pay link and the invoice e-mail to the customer or dealership. */
  finalize?: boolean;
  description?: string;
  /** Omitted: the system (hooks). An installer must be the job's installer. */
  actor?: Actor;
  /**
   * The job's installer, for a caller whose transaction assigned it but has not written it to the request
   * yet (claim and book in one step). Must agree with the request's assigned installer when that is set.
   */
  installerId?: number;
};

export type CreateInvoiceResult = { invoice: TInvoice; created: boolean };

export type TryCreateInvoiceResult =
  | ({ ok: true } & CreateInvoiceResult)
  | { ok: false; code: string; error: string; userMessage: string; failureId: number | null };

/** What happened to a hosted-page payment form. */
export type HostedPayOutcome =
  | { kind: 'paid'; invoice: InvoiceRow }
  | { kind: 'already_paid'; invoice: InvoiceRow }
  | { kind: 'unavailable'; invoice: InvoiceRow }
  | { kind: 'redirect'; url: string }
  | { kind: 'card_error'; invoice: InvoiceRow; field: 'number' | 'expiry' | 'cvc' | null; message: string }
  | { kind: 'rate_limited'; invoice: InvoiceRow }
  | { kind: 'not_found' };

type PaidVia = {
  method: TPaymentMethod;
  providerPaymentId?: string | null;
  cardLast4?: string | null;
  cardType?: string | null;
  checkNumber?: string | null;
};

const FINISHED_STATES = new Set(['finished', 'collected', 'reviewed']);

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, port, repository: repo, publicUrl, clock, logger } = deps;

  // -------------------------------------------------------------------------------------------------
  // Helpers

  function viewerOf(auth: AuthContext): Viewer {
    return { role: auth.userType, companyId: auth.companyId };
  }

  function actorOf(auth: AuthContext): Actor {
    return { userId: auth.userId, userType: auth.userType, companyId: auth.companyId };
  }

  /** A transaction, or a savepoint inside the caller's one. */
  function inTx<T>(dbOrTx: DbOrTx, run: (tx: Tx) => Promise<T>): Promise<T> {
    return (dbOrTx as Db).transaction(run);
  }

  function dto(invoice: InvoiceRow): TInvoice {
    return toInvoiceDto(invoice, publicUrl);
  }

  function invoiceNotFound(ref: string | number): never {
    throw new AppError('NOT_FOUND', `Invoice ${ref} was not found`);
  }

  function requestNotFound(requestId: number): never {
    throw new AppError('NOT_FOUND', `Request ${requestId} was not found`);
  }

  function assertIssuer(auth: AuthContext, invoice: InvoiceRow, message?: string) {
    if (auth.userType !== 'installer' || invoice.installerId !== auth.companyId) {
      throw new AppError(
        'FORBIDDEN',
        message ?? `Only the installer who issued invoice ${invoice.number ?? invoice.id} can do this`,
      );
    }
  }

  async function visibleInvoice(dbOrTx: DbOrTx, auth: AuthContext, ref: string): Promise<InvoiceRow> {
    const invoice = await repo.findInvoiceForViewer(dbOrTx, viewerOf(auth), ref);
    if (!invoice) invoiceNotFound(ref);
    return invoice;
  }

  async function lockedInvoice(tx: Tx, invoiceId: number): Promise<InvoiceRow> {
    const invoice = await repo.lockInvoice(tx, invoiceId);
    if (!invoice) invoiceNotFound(invoiceId);
    return invoice;
  }

  function label(invoice: InvoiceRow): string {
    return invoice.customerFacingNumber ?? invoice.number ?? String(invoice.id);
  }

  function newPayToken(): string {
    return randomBytes(24).toString('base64url');
  }

  /** Logs a payment problem on its own (never inside a transaction that may roll back). Never throws. */
  async function logFailure(values: {
    requestId: number | null;
    failureType: string;
    failureStage: string | null;
    errorMessage: string | null;
    actor?: Actor | null;
    providerObjectId?: string | null;
  }): Promise<number | null> {
    try {
      const row = await repo.insertFailure(db, {
        requestId: values.requestId,
        failureType: values.failureType,
        failureStage: values.failureStage,
        errorMessage: values.errorMessage,
        userId: values.actor?.userId ?? null,
        userType: values.actor?.userType ?? 'system',
        providerObjectId: values.providerObjectId ?? null,
      });
      return row?.id ?? null;
    } catch (error) {
      logger.error({ err: error, ...values }, 'could not log a payment failure');
      return null;
    }
  }

  /** Runs provider work; a provider failure is logged as a payment failure and becomes `userMessage`. */
  async function withProvider<T>(
    context: { requestId: number | null; stage: string; actor?: Actor | null; objectId?: string | null },
    userMessage: string,
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        logger.error({ err: error, ...context }, 'payment provider call failed');
        await logFailure({
          requestId: context.requestId,
          failureType: 'provider_error',
          failureStage: context.stage,
          errorMessage: error.message,
          actor: context.actor,
          providerObjectId: context.objectId ?? null,
        });
        throw new AppError('INTERNAL', userMessage, {
          details: { provider: error.message, code: error.code },
        });
      }
      throw error;
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Exactly-once state changes (each runs inside the caller's transaction, on a locked invoice row)

  /**
   * The one way an invoice becomes paid: `WHERE status IN ('draft','open')` on the locked row, then its
   * payment row moves to paid (or one is written). A second report of the same payment (webhook twice,
   * two pollers, the form posted twice) finds the invoice paid and changes nothing.
   */
  async function markPaid(
    tx: Tx,
    invoice: InvoiceRow,
    via: PaidVia,
  ): Promise<{ changed: boolean; invoice: InvoiceRow }> {
    const providerPaymentId = via.providerPaymentId ?? null;
    if (providerPaymentId !== null && (await repo.findPaymentByProviderId(tx, providerPaymentId))) {
      // This provider payment is recorded already (a repeated report): nothing changes.
      return { changed: false, invoice };
    }
    try {
      // A savepoint: should a racing report record the same provider payment first, the unique index
      // refuses this one and the savepoint undoes the invoice change too.
      return await inTx(tx, (savepoint) => markPaidUnchecked(savepoint, invoice, via));
    } catch (error) {
      if (providerPaymentId !== null && isUniqueViolation(error, PROVIDER_PAYMENT_ID_INDEX)) {
        logger.warn({ invoiceId: invoice.id, providerPaymentId }, 'provider payment already recorded');
        return { changed: false, invoice };
      }
      throw error;
    }
  }

  async function markPaidUnchecked(
    tx: Tx,
    invoice: InvoiceRow,
    via: PaidVia,
  ): Promise<{ changed: boolean; invoice: InvoiceRow }> {
    const now = clock();
    const updated = await repo.updateInvoice(
      tx,
      invoice.id,
      {
        status: 'paid',
        amountPaidCents: invoice.amountDueCents,
        amountRemainingCents: 0,
        paidAt: now,
        finalizedAt: invoice.finalizedAt ?? now,
        updatedAt: now,
      },
      ['draft', 'open'],
    );
    if (!updated) return { changed: false, invoice };
    await cancelOpenAttemptsLocked(tx, invoice.id, `Invoice paid by ${via.method}`);
    const paymentSet = {
      paymentState: 'paid',
      method: via.method,
      cardLast4: via.cardLast4 ?? null,
      cardType: via.cardType ?? null,
      checkNumber: via.checkNumber ?? null,
      paymentDate: now,
      updatedAt: now,
    };
    const moved = await repo.updateUnpaidPaymentsOfInvoice(tx, invoice.id, paymentSet);
    const [first] = moved;
    if (first && via.providerPaymentId) {
      // The provider payment id goes on one row only (it is unique; older data may hold two rows).
      await repo.updatePayment(tx, first.id, { providerPaymentId: via.providerPaymentId }, ['paid']);
    }
    if (moved.length === 0) {
      await repo.insertPayment(tx, {
        requestId: invoice.requestId,
        invoiceId: invoice.id,
        installerId: invoice.installerId,
        paymentType: invoice.invoiceType,
        amountCents: invoice.amountDueCents,
        platformFeeCents: calculateInvoicePlatformFee(invoice.amountDueCents, { taxCents: invoice.taxCents }),
        idempotencyKey: `invoice:${invoice.id}:paid`,
        ...paymentSet,
        providerPaymentId: via.providerPaymentId ?? null,
      });
    }
    logger.info(
      {
        invoiceId: invoice.id,
        requestId: invoice.requestId,
        method: via.method,
        amountCents: invoice.amountDueCents,
      },
      'invoice paid',
    );
    return { changed: true, invoice: updated };
  }

  async function voidLocked(tx: Tx, invoice: InvoiceRow): Promise<InvoiceRow> {
    const now = clock();
    const updated = await repo.updateInvoice(
      tx,
      invoice.id,
      { status: 'void', voidedAt: now, amountRemainingCents: 0, updatedAt: now },
      ['draft', 'open'],
    );
    if (!updated) return invoice;
    await repo.deleteUnpaidPaymentsOfInvoice(tx, invoice.id);
    await cancelOpenAttemptsLocked(tx, invoice.id, 'Invoice voided');
    if (invoice.invoiceType === 'final') await repo.unlinkInvoice(tx, invoice.requestId, invoice.number);
    return updated;
  }

  /**
   * Card payments still open on an invoice that just got paid another way or voided: the reader action is
   * canceled at the provider at once (best effort: the customer may be standing at the reader), then the
   * attempt, and the intent's cancellation at the provider is queued in the same transaction, so it is never
   * lost when the quick call fails. Should the card be charged anyway, the late success is logged as a
   * duplicate payment to refund (applyCardOutcome).
   */
  async function cancelOpenAttemptsLocked(tx: Tx, invoiceId: number, reason: string) {
    for (const attempt of await repo.listOpenAttemptsOfInvoice(tx, invoiceId)) {
      if (attempt.status !== 'created') {
        await port
          .cancelCardPayment({ intentId: attempt.providerIntentId, readerId: attempt.readerId })
          .catch((error) =>
            logger.warn({ err: error, intentId: attempt.providerIntentId }, 'reader cancel failed'),
          );
      }
      await repo.updateAttempt(
        tx,
        attempt.id,
        { status: 'canceled', errorMessage: reason, updatedAt: clock() },
        ['created', 'sent_to_reader', 'processing'],
      );
      if (port.kind !== 'local')
        await enqueueOutbox(tx, cancelIntentItem(attempt.providerIntentId, attempt.requestId));
    }
  }

  /** Voids an unpaid invoice here and at the provider (provider first: a retry repeats it harmlessly). */
  async function voidInvoiceEverywhere(tx: Tx, invoice: InvoiceRow): Promise<InvoiceRow> {
    if (invoice.status === 'open' && providerOf(invoice) === 'stripe' && invoice.providerInvoiceId) {
      await requireStripe(invoice);
      await port.voidInvoice(invoice.providerInvoiceId);
    }
    return voidLocked(tx, invoice);
  }

  async function requireStripe(invoice: InvoiceRow) {
    if (providerOf(invoice) === 'stripe' && port.kind !== 'stripe') {
      throw new AppError(
        'CONFLICT',
        `Invoice ${label(invoice)} was issued through Stripe, but Stripe is not configured on this server`,
      );
    }
  }

  /** Marks the provider's invoice paid when money came outside it (check, cash, settle, card reader). */
  async function providerPaidOutOfBand(invoice: InvoiceRow) {
    if (providerOf(invoice) === 'stripe' && invoice.providerInvoiceId && invoice.status === 'open') {
      await requireStripe(invoice);
      await port.markInvoicePaidOutOfBand(invoice.providerInvoiceId);
    }
  }

  /**
   * draft → open: pay link (our hosted page, or the provider's), provider invoice, e-mail through the outbox.
   * Runs on a locked draft invoice.
   */
  async function finalizeLocked(tx: Tx, invoice: InvoiceRow): Promise<InvoiceRow> {
    const now = clock();
    const token = newPayToken();
    const set: Partial<InvoiceRow> = { status: 'open', finalizedAt: now, updatedAt: now };
    const metadata: Record<string, string> = { pay_token: token, provider: port.kind };
    if (port.kind === 'stripe') {
      const installer = await repo.findInstaller(tx, invoice.installerId);
      if (!installer) throw new AppError('NOT_FOUND', `Installer ${invoice.installerId} was not found`);
      if (!installer.stripeAccountId) {
        throw new AppError(
          'INVALID_TRANSITION',
          `${installer.name} has not finished payment setup, so invoice ${label(invoice)} cannot be sent through Stripe`,
        );
      }
      const party = await billingParty(tx, invoice);
      const provided = await port.finalizeInvoice({
        invoiceId: invoice.id,
        number: invoice.number ?? String(invoice.id),
        amountCents: invoice.amountDueCents,
        taxCents: invoice.taxCents,
        platformFeeCents: await platformFeeOf(tx, invoice),
        description: invoice.description ?? `Invoice ${label(invoice)}`,
        metadata: {
          payment_type: invoice.invoiceType,
          request_id: String(invoice.requestId),
          installer_id: String(invoice.installerId),
          ...(invoice.poNumber ? { PO: invoice.poNumber } : {}),
        },
        customer: party,
        installer: {
          id: installer.id,
          name: installer.name,
          connectedAccountId: installer.stripeAccountId,
          taxRateId: installer.stripeTaxRate,
        },
      });
      if (provided) {
        if (provided.createdCustomerId && party.kind !== 'none' && party.id !== null) {
          await repo.saveProviderCustomerId(tx, party.kind, party.id, provided.createdCustomerId);
        }
        set.providerInvoiceId = provided.providerInvoiceId;
        set.hostedInvoiceUrl = provided.hostedInvoiceUrl;
        set.customerFacingNumber = provided.number ?? invoice.customerFacingNumber;
        if (provided.amountDueCents !== invoice.amountDueCents || provided.taxCents !== invoice.taxCents) {
          // A provider tax rate rounded differently: what the provider collects is what is owed.
          logger.warn(
            { invoiceId: invoice.id, ours: invoice.amountDueCents, provider: provided.amountDueCents },
            'provider invoice total differs from ours; using the provider total',
          );
          set.amountDueCents = provided.amountDueCents;
          set.amountRemainingCents = provided.amountDueCents;
          set.taxCents = Math.min(provided.taxCents, provided.amountDueCents);
          await repo.updateUnpaidPaymentsOfInvoice(tx, invoice.id, {
            amountCents: provided.amountDueCents,
            platformFeeCents: calculateInvoicePlatformFee(provided.amountDueCents, {
              taxCents: Math.min(provided.taxCents, provided.amountDueCents),
            }),
          });
        }
      }
    } else {
      set.hostedInvoiceUrl = payPageUrl(publicUrl, token);
    }
    const opened = await repo.addInvoiceMetadata(tx, invoice.id, metadata, set);
    if (!opened) invoiceNotFound(invoice.id);
    if (opened.invoiceType === 'final') {
      await repo.linkFinalInvoice(tx, opened.requestId, opened.number, opened.customerFacingNumber);
    }
    await queueInvoiceEmail(tx, opened, `invoice-finalized:${opened.id}`);
    return opened;
  }

  async function platformFeeOf(tx: DbOrTx, invoice: InvoiceRow): Promise<number> {
    const rows = await repo.listPaymentsOfInvoice(tx, invoice.id);
    return (
      rows[0]?.platformFeeCents ??
      calculateInvoicePlatformFee(invoice.amountDueCents, { taxCents: invoice.taxCents })
    );
  }

  async function billingParty(tx: DbOrTx, invoice: InvoiceRow) {
    if (invoice.dealerId !== null) {
      const dealer = await repo.findDealer(tx, invoice.dealerId);
      return {
        kind: 'dealer' as const,
        id: invoice.dealerId,
        name: invoice.customerName ?? dealer?.name ?? null,
        email: invoice.customerEmail ?? dealer?.billingEmail ?? dealer?.email ?? null,
        providerCustomerId: dealer?.stripeCustomerId ?? null,
      };
    }
    if (invoice.customerId !== null) {
      const customer = await repo.findCustomer(tx, invoice.customerId);
      return {
        kind: 'customer' as const,
        id: invoice.customerId,
        name: invoice.customerName ?? customer?.name ?? null,
        email: invoice.customerEmail ?? customer?.email ?? null,
        providerCustomerId: customer?.stripeCustomerId ?? null,
      };
    }
    return {
      kind: 'none' as const,
      id: null,
      name: invoice.customerName,
      email: invoice.customerEmail,
      providerCustomerId: null,
    };
  }

  /** Queues the invoice e-mail in the transaction (nothing without an address: logged, not an error). */
  async function queueInvoiceEmail(
    tx: DbOrTx,
    invoice: InvoiceRow,
    dedupeKey: string | null,
  ): Promise<string | null> {
    if (!invoice.customerEmail) {
      logger.warn({ invoiceId: invoice.id }, 'invoice has no e-mail address; nothing sent');
      return null;
    }
    const installer = await repo.findInstaller(tx, invoice.installerId);
    await enqueueOutbox(tx, {
      channel: 'email',
      kind: 'invoice',
      requestId: invoice.requestId,
      dedupeKey,
      payload: buildInvoiceEmail({
        to: invoice.customerEmail,
        installerName: installer?.name ?? 'Your installer',
        invoiceNumber: label(invoice),
        invoiceType: invoice.invoiceType === 'deposit' ? 'deposit' : 'final',
        customerName: invoice.customerName,
        description: invoice.description,
        amountDueCents: invoice.amountRemainingCents,
        isPaid: invoice.status === 'paid',
        payUrl: hostedUrlOf(invoice, publicUrl),
      }),
    });
    return invoice.customerEmail;
  }

  /** Gives an open or paid local invoice its pay link if it has none (demo data, invoices of older versions). */
  async function ensurePayToken(dbOrTx: DbOrTx, invoice: InvoiceRow): Promise<InvoiceRow> {
    if (providerOf(invoice) !== 'local' || invoice.metadata?.pay_token) return invoice;
    if (invoice.status !== 'open' && invoice.status !== 'paid') return invoice;
    const token = newPayToken();
    const updated = await repo.addInvoiceMetadata(
      dbOrTx,
      invoice.id,
      { pay_token: token },
      { hostedInvoiceUrl: payPageUrl(publicUrl, token) },
      { onlyWithoutPayToken: true },
    );
    return updated ?? (await repo.findInvoiceById(dbOrTx, invoice.id)) ?? invoice;
  }

  // -------------------------------------------------------------------------------------------------
  // Invoice creation (POST /invoices/ and the lifecycle hooks)

  /**
   * Creates the deposit or final invoice of a job, exactly once. Runs in the caller's transaction (as a
   * savepoint) or its own. Rules:
   * - the request row is locked (FOR UPDATE), so creations for one job are serialized across processes;
   * - the same idempotency key returns the first invoice (unique index + ON CONFLICT DO NOTHING);
   * - one deposit and one final invoice per job: a second call returns the existing one;
   * - deposit: 000 §5 rules through calculateDepositInvoice ('No deposit amount set', never above the total);
   * - final: customer total − paid deposits (calculateFinalInvoice); unpaid deposit invoices are voided (the
   *   final invoice asks for the whole rest); a job fully paid by deposits gets a paid 0 invoice, 'covered';
   * - a warning is logged when the request is not finished (000 §5).
   */
  async function createInvoiceForRequest(
    dbOrTx: DbOrTx,
    input: CreateInvoiceForRequestInput,
  ): Promise<CreateInvoiceResult> {
    const { invoice, created } = await inTx(dbOrTx, async (tx) => {
      const request = await repo.lockRequest(tx, input.requestId);
      if (!request) requestNotFound(input.requestId);
      const actor = input.actor;
      if (actor && actor.userType !== 'system') {
        if (actor.userType !== 'installer' || request.assignedInstallerId !== actor.companyId) {
          const visible =
            actor.companyId !== null &&
            (await repo.findRequestForViewer(
              tx,
              { role: actor.userType, companyId: actor.companyId },
              request.id,
            ));
          if (!visible) requestNotFound(input.requestId);
          throw new AppError('FORBIDDEN', `Only the installer of request ${request.id} can invoice it`);
        }
      }
      if (input.idempotencyKey) {
        const first = await repo.findInvoiceByIdempotencyKey(tx, input.idempotencyKey);
        if (first) return { invoice: sameKeyResult(first, input), created: false };
      }
      if (request.deletedAt) {
        throw new AppError('INVALID_TRANSITION', `Request ${request.id} is deleted and cannot be invoiced`);
      }
      if (
        input.installerId !== undefined &&
        request.assignedInstallerId !== null &&
        request.assignedInstallerId !== input.installerId
      ) {
        throw new AppError(
          'CONFLICT',
          `Request ${request.id} is assigned to installer ${request.assignedInstallerId}, not ${input.installerId}`,
        );
      }
      const installerId = request.assignedInstallerId ?? input.installerId ?? null;
      if (installerId === null) {
        throw new AppError('INVALID_TRANSITION', `Request ${request.id} has no installer to invoice for`);
      }
      const active = await repo.listActiveInvoicesOfRequest(tx, request.id);
      const existing = active.find((i) => i.invoiceType === input.invoiceType);
      if (existing) return { invoice: existing, created: false };

      const totals = await invoiceTotals(tx, request, input, active);
      if (input.invoiceType === 'final' && request.currentState !== 'finished') {
        logger.warn(
          { requestId: request.id, currentState: request.currentState },
          `Invoice created for request ${request.id} in state ${request.currentState}, not finished`,
        );
      }
      const party = await billingPartyOfRequest(tx, request);
      const now = clock();
      const isNothingDue = totals.amountCents === 0;
      const inserted = await repo.insertInvoice(tx, {
        requestId: request.id,
        installerId,
        dealerId: party.dealerId,
        customerId: party.customerId,
        invoiceType: input.invoiceType,
        status: isNothingDue ? 'paid' : 'draft',
        amountDueCents: totals.amountCents,
        amountRemainingCents: totals.amountCents,
        amountPaidCents: 0,
        taxCents: totals.taxCents,
        customerName: party.name,
        customerEmail: party.email,
        description:
          input.description ??
          (input.invoiceType === 'deposit'
            ? `Deposit: ${request.serviceRequested || `request ${request.id}`}`
            : request.serviceRequested || `Request ${request.id}`),
        metadata: {
          payment_type: input.invoiceType,
          request_id: String(request.id),
          installer_id: String(installerId),
          provider: port.kind,
        },
        idempotencyKey: input.idempotencyKey,
        invoiceDate: now,
        finalizedAt: isNothingDue ? now : null,
        paidAt: isNothingDue ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      if (!inserted) {
        // Only a key reused by a racing call for another request gets here (this request is locked).
        const first = input.idempotencyKey
          ? await repo.findInvoiceByIdempotencyKey(tx, input.idempotencyKey)
          : null;
        if (!first) throw new AppError('CONFLICT', 'The invoice could not be created; try again');
        return { invoice: sameKeyResult(first, input), created: false };
      }
      const number = `INV-${INVOICE_NUMBER_BASE + inserted.id}`;
      let invoice =
        (await repo.updateInvoice(tx, inserted.id, { number, customerFacingNumber: number })) ?? inserted;
      await repo.insertPayment(tx, {
        requestId: request.id,
        invoiceId: invoice.id,
        installerId,
        paymentType: input.invoiceType,
        paymentState: isNothingDue ? (totals.isCoveredByDeposits ? 'covered' : 'paid') : 'invoiced',
        amountCents: totals.amountCents,
        platformFeeCents: totals.platformFeeCents,
        paymentDate: isNothingDue ? now : null,
        idempotencyKey: `invoice:${invoice.id}`,
        createdAt: now,
        updatedAt: now,
      });
      if (input.invoiceType === 'final') {
        await repo.linkFinalInvoice(tx, request.id, invoice.number, invoice.customerFacingNumber);
      }
      if (input.finalize && invoice.status === 'draft') invoice = await finalizeLocked(tx, invoice);
      logger.info(
        {
          invoiceId: invoice.id,
          requestId: request.id,
          type: input.invoiceType,
          amountCents: invoice.amountDueCents,
        },
        'invoice created',
      );
      return { invoice, created: true };
    });
    return { invoice: dto(invoice), created };
  }

  function sameKeyResult(first: InvoiceRow, input: CreateInvoiceForRequestInput): InvoiceRow {
    if (first.requestId !== input.requestId || first.invoiceType !== input.invoiceType) {
      throw new AppError(
        'CONFLICT',
        `Idempotency-Key ${input.idempotencyKey} was already used for invoice ${label(first)} of request ${first.requestId}`,
      );
    }
    return first;
  }

  async function invoiceTotals(
    tx: Tx,
    request: RequestForInvoice,
    input: CreateInvoiceForRequestInput,
    active: InvoiceRow[],
  ) {
    const job = {
      finalAmountCents: request.totalCents - request.discountCents,
      taxesCents: request.taxesCents,
    };
    if (input.invoiceType === 'deposit') {
      if (request.requestType !== 'installer') {
        throw new AppError(
          'VALIDATION_FAILED',
          `Deposits apply to installer jobs only; request ${request.id} is dealer work`,
        );
      }
      const result = calculateDepositInvoice({
        ...job,
        depositCents: input.amountCents ?? request.depositAmountCents,
      });
      if (!result.ok)
        throw new AppError('VALIDATION_FAILED', result.message, { userMessage: result.message });
      return { ...result.invoice, isCoveredByDeposits: false };
    }
    if (input.amountCents !== undefined) {
      throw new AppError(
        'VALIDATION_FAILED',
        'amount applies to deposit invoices only: a final invoice asks for the job total less paid deposits',
      );
    }
    // Unpaid deposit invoices give way to the final invoice, which asks for everything still owed.
    for (const deposit of active.filter((i) => i.invoiceType === 'deposit' && i.status !== 'paid')) {
      const locked = await lockedInvoice(tx, deposit.id);
      await voidInvoiceEverywhere(tx, locked);
    }
    const paidDepositCents = await repo.sumPaidDeposits(tx, request.id);
    return calculateFinalInvoice({ ...job, paidDepositCents });
  }

  async function billingPartyOfRequest(tx: Tx, request: RequestForInvoice) {
    if (request.dealerId !== null) {
      const dealer = await repo.findDealer(tx, request.dealerId);
      return {
        dealerId: request.dealerId,
        customerId: null,
        name: dealer?.name ?? null,
        email: dealer?.billingEmail ?? dealer?.email ?? null,
      };
    }
    if (request.customerId !== null) {
      const customer = await repo.findCustomer(tx, request.customerId);
      return {
        dealerId: null,
        customerId: request.customerId,
        name: customer?.name ?? null,
        email: customer?.email ?? null,
      };
    }
    return { dealerId: null, customerId: null, name: null, email: null };
  }

  /**
   * createInvoiceForRequest for the lifecycle hooks: never throws. On failure the savepoint is rolled back,
   * the failure is logged through payment_failures in the caller's transaction, and the spec's message for
   * the screen comes back (M26 at booking; M36 after completion, decision 12).
   */
  async function tryCreateInvoiceForRequest(
    tx: DbOrTx,
    input: CreateInvoiceForRequestInput & { completedKind?: 'estimate' | 'job' },
  ): Promise<TryCreateInvoiceResult> {
    try {
      const result = await createInvoiceForRequest(tx, input);
      return { ok: true, ...result };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const code = error instanceof AppError ? error.code : 'INTERNAL';
      const userMessage =
        input.invoiceType === 'deposit'
          ? M.depositInvoiceFailedAtBooking
          : input.completedKind === 'estimate'
            ? M.invoiceFailedAfterEstimate
            : M.invoiceFailedAfterJob;
      logger.warn(
        { err: error, requestId: input.requestId, type: input.invoiceType },
        'invoice creation failed',
      );
      const row = await repo
        .insertFailure(tx, {
          requestId: input.requestId,
          failureType: 'invoice_creation',
          failureStage: input.invoiceType === 'deposit' ? 'booking' : 'job_completion',
          errorMessage: message,
          userId: input.actor?.userId ?? null,
          userType: input.actor?.userType ?? 'system',
        })
        .catch(() => null);
      return { ok: false, code, error: message, userMessage, failureId: row?.id ?? null };
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Invoice calls

  async function createInvoice(
    auth: AuthContext,
    body: {
      requestId?: number;
      invoiceId?: number;
      requestType?: 'dealer' | 'installer';
      invoiceType: TInvoiceType;
      amount?: number;
      description?: string;
      finalize: boolean;
    },
    idempotencyKey: string | null,
  ): Promise<CreateInvoiceResult> {
    const requestId = body.requestId ?? body.invoiceId;
    if (requestId === undefined)
      throw new AppError('VALIDATION_FAILED', M.missingRequestId, { userMessage: M.missingRequestId });
    if (!body.requestType) {
      throw new AppError('VALIDATION_FAILED', M.missingRequestType, { userMessage: M.missingRequestType });
    }
    const request = await repo.findRequestForViewer(db, viewerOf(auth), requestId);
    if (!request) requestNotFound(requestId);
    if (request.requestType !== body.requestType) {
      throw new AppError(
        'VALIDATION_FAILED',
        `requestType ${body.requestType} does not match request ${requestId}, which is ${request.requestType} work`,
      );
    }
    return withProvider(
      { requestId, stage: 'invoice_create', actor: actorOf(auth) },
      'The payment provider could not create the invoice',
      () =>
        createInvoiceForRequest(db, {
          requestId,
          invoiceType: body.invoiceType,
          amountCents: body.amount,
          description: body.description,
          idempotencyKey,
          finalize: body.finalize,
          actor: actorOf(auth),
        }),
    );
  }

  async function getInvoice(auth: AuthContext, ref: string): Promise<TInvoice> {
    const invoice = await visibleInvoice(db, auth, ref);
    return dto(await ensurePayToken(db, invoice));
  }

  async function updateInvoiceMeta(
    auth: AuthContext,
    ref: string,
    body: TInvoiceMetaBody,
  ): Promise<{ success: true; changed: boolean; invoice: TInvoice }> {
    const found = await visibleInvoice(db, auth, ref);
    const po = (body.PO ?? body.po)?.trim() || null;
    const checkNumber = (body.checkNumber ?? body.check_number)?.trim() || null;
    if (auth.userType === 'dealer') {
      if (!po) throw new AppError('VALIDATION_FAILED', M.poRequired, { userMessage: M.poRequired });
    } else {
      assertIssuer(auth, found);
      if (!po && !checkNumber) {
        throw new AppError('VALIDATION_FAILED', 'Enter a PO number, a check number or both');
      }
    }
    return withProvider(
      {
        requestId: found.requestId,
        stage: 'invoice_meta',
        actor: actorOf(auth),
        objectId: found.providerInvoiceId,
      },
      M.settleFailed,
      () =>
        inTx(db, async (tx) => {
          let invoice = await lockedInvoice(tx, found.id);
          if (invoice.status === 'void') {
            throw new AppError('INVALID_TRANSITION', `Invoice ${label(invoice)} is void`);
          }
          const changed = po !== null && po !== invoice.poNumber;
          if (changed) {
            if (providerOf(invoice) === 'stripe' && invoice.providerInvoiceId) {
              await requireStripe(invoice);
              await port.updateInvoiceMetadata(invoice.providerInvoiceId, { PO: po });
            }
            invoice =
              (await repo.addInvoiceMetadata(
                tx,
                invoice.id,
                { PO: po },
                { poNumber: po, updatedAt: clock() },
              )) ?? invoice;
          }
          if (checkNumber && auth.userType === 'installer' && invoice.status !== 'paid') {
            await providerPaidOutOfBand(invoice);
            invoice = (await markPaid(tx, invoice, { method: 'check', checkNumber })).invoice;
          }
          return { success: true as const, changed, invoice: dto(invoice) };
        }),
    );
  }

  async function settleInvoice(
    auth: AuthContext,
    ref: string,
    body: TSettleInvoiceBody,
  ): Promise<TInvoiceActionReply> {
    const found = await visibleInvoice(db, auth, ref);
    assertIssuer(
      auth,
      found,
      found.invoiceType === 'deposit' ? M.onlySpecialistsSettleDeposits : M.onlySpecialistsSettleInvoices,
    );
    const checkNumber = (body?.checkNumber ?? body?.check_number)?.trim() || null;
    const method = body?.method ?? (checkNumber ? 'check' : 'settle');
    const invoice = await settleById(auth, found.id, { method, checkNumber });
    const message =
      invoice.invoiceType === 'deposit'
        ? M.depositSettled
        : `Invoice ${label(invoice)} settled successfully.`;
    return { success: true, message, invoice: dto(invoice) };
  }

  /** Settles one invoice (check, cash or settle), here and at the provider. Paid already: unchanged. */
  async function settleById(
    auth: AuthContext,
    invoiceId: number,
    via: { method: TPaymentMethod; checkNumber: string | null },
  ): Promise<InvoiceRow> {
    const found = await repo.findInvoiceById(db, invoiceId);
    const userMessage = found?.invoiceType === 'deposit' ? M.depositSettleFailed : M.settleFailed;
    return withProvider(
      {
        requestId: found?.requestId ?? null,
        stage: 'settle',
        actor: actorOf(auth),
        objectId: found?.providerInvoiceId,
      },
      userMessage,
      () =>
        inTx(db, async (tx) => {
          const invoice = await lockedInvoice(tx, invoiceId);
          if (invoice.status === 'paid') return invoice;
          if (invoice.status === 'void') {
            throw new AppError(
              'INVALID_TRANSITION',
              `Invoice ${label(invoice)} is void and cannot be settled`,
            );
          }
          await providerPaidOutOfBand(invoice);
          return (await markPaid(tx, invoice, via)).invoice;
        }),
    );
  }

  async function resendInvoice(
    auth: AuthContext,
    ref: string,
    idempotencyKey: string | null,
  ): Promise<TInvoiceActionReply & { sentTo: string }> {
    const found = await visibleInvoice(db, auth, ref);
    if (auth.userType === 'dealer') {
      const request = await repo.findRequestSummary(db, found.requestId);
      if (!request || !FINISHED_STATES.has(request.currentState)) {
        throw new AppError('FORBIDDEN', 'Dealers can resend the invoices of finished jobs only');
      }
    } else {
      assertIssuer(auth, found);
    }
    if (found.status === 'draft') {
      throw new AppError(
        'INVALID_TRANSITION',
        `Invoice ${label(found)} is a draft: finalize it before sending it`,
      );
    }
    if (found.status === 'void') throw new AppError('INVALID_TRANSITION', `Invoice ${label(found)} is void`);
    if (!found.customerEmail) {
      throw new AppError('INVALID_TRANSITION', `Invoice ${label(found)} has no e-mail address to send it to`);
    }
    return inTx(db, async (tx) => {
      const invoice = await ensurePayToken(tx, found);
      const dedupeKey = idempotencyKey ? `invoice-resend:${invoice.id}:${idempotencyKey}` : null;
      const sentTo = (await queueInvoiceEmail(tx, invoice, dedupeKey)) ?? '';
      return {
        success: true as const,
        message: `Invoice ${label(invoice)} sent to ${sentTo}`,
        sentTo,
        invoice: dto(invoice),
      };
    });
  }

  async function finalizeInvoice(auth: AuthContext, ref: string): Promise<TInvoiceActionReply> {
    const found = await visibleInvoice(db, auth, ref);
    assertIssuer(auth, found);
    const invoice = await withProvider(
      { requestId: found.requestId, stage: 'invoice_finalize', actor: actorOf(auth) },
      'The payment provider could not finalize the invoice',
      () =>
        inTx(db, async (tx) => {
          const locked = await lockedInvoice(tx, found.id);
          if (locked.status === 'void') {
            throw new AppError(
              'INVALID_TRANSITION',
              `Invoice ${label(locked)} is void and cannot be finalized`,
            );
          }
          if (locked.status !== 'draft') return ensurePayToken(tx, locked);
          return finalizeLocked(tx, locked);
        }),
    );
    return { success: true, message: `Invoice ${label(invoice)} is open`, invoice: dto(invoice) };
  }

  async function voidInvoice(auth: AuthContext, ref: string): Promise<TInvoiceActionReply> {
    const found = await visibleInvoice(db, auth, ref);
    assertIssuer(auth, found);
    const invoice = await withProvider(
      {
        requestId: found.requestId,
        stage: 'invoice_void',
        actor: actorOf(auth),
        objectId: found.providerInvoiceId,
      },
      'The payment provider could not void the invoice',
      () =>
        inTx(db, async (tx) => {
          const locked = await lockedInvoice(tx, found.id);
          if (locked.status === 'paid') {
            throw new AppError('INVALID_TRANSITION', `Invoice ${label(locked)} is paid and cannot be voided`);
          }
          if (locked.status === 'void') return locked;
          return voidInvoiceEverywhere(tx, locked);
        }),
    );
    return { success: true, message: `Invoice ${label(invoice)} voided`, invoice: dto(invoice) };
  }

  async function deleteDraftInvoice(
    auth: AuthContext,
    ref: string,
  ): Promise<{ success: true; deleted: number }> {
    const found = await visibleInvoice(db, auth, ref);
    assertIssuer(auth, found);
    return inTx(db, async (tx) => {
      const locked = await lockedInvoice(tx, found.id);
      if (locked.status !== 'draft') {
        throw new AppError(
          'INVALID_TRANSITION',
          `Only draft invoices can be deleted; invoice ${label(locked)} is ${locked.status}`,
        );
      }
      if (locked.invoiceType === 'final') await repo.unlinkInvoice(tx, locked.requestId, locked.number);
      await repo.deleteInvoice(tx, locked.id);
      return { success: true as const, deleted: 1 };
    });
  }

  /**
   * Batch check settlement (002 §2.6, §4): every chosen invoice paid by one check, all or nothing.
   * Exposed for the financials module; not a route of this module.
   */
  async function settleInvoicesByCheck(
    auth: AuthContext,
    input: { invoiceIds: readonly (string | number)[]; checkNumber: string },
  ): Promise<{ success: true; message: string; invoices: TInvoice[] }> {
    if (input.invoiceIds.length === 0)
      throw new AppError('VALIDATION_FAILED', M.batchEmpty, { userMessage: M.batchEmpty });
    if (input.invoiceIds.length > BATCH_CHECK_MAX) {
      throw new AppError('VALIDATION_FAILED', M.batchTooLarge, { userMessage: M.batchTooLarge });
    }
    const found: InvoiceRow[] = [];
    for (const ref of input.invoiceIds) {
      const invoice = await visibleInvoice(db, auth, String(ref));
      assertIssuer(auth, invoice, M.onlySpecialistsSettleInvoices);
      found.push(invoice);
    }
    const settled = await inTx(db, async (tx) => {
      const out: InvoiceRow[] = [];
      for (const invoice of [...found].sort((a, b) => a.id - b.id)) {
        const locked = await lockedInvoice(tx, invoice.id);
        if (locked.status === 'void') {
          throw new AppError('INVALID_TRANSITION', `Invoice ${label(locked)} is void and cannot be settled`);
        }
        if (locked.status === 'paid') {
          out.push(locked);
          continue;
        }
        await providerPaidOutOfBand(locked);
        out.push((await markPaid(tx, locked, { method: 'check', checkNumber: input.checkNumber })).invoice);
      }
      return out;
    });
    return {
      success: true,
      message: `Check payment processed successfully for ${settled.length} invoices.`,
      invoices: settled.map(dto),
    };
  }

  // -------------------------------------------------------------------------------------------------
  // Payments of a request

  async function moneyRequest(auth: AuthContext, requestId: number) {
    const request = await repo.findRequestForViewer(db, viewerOf(auth), requestId);
    if (!request) requestNotFound(requestId);
    return request;
  }

  async function listRequestPayments(auth: AuthContext, requestId: number): Promise<TRequestPayment[]> {
    await moneyRequest(auth, requestId);
    await repo.backfillPaymentRows(db, requestId);
    const rows = await repo.listRequestPayments(db, viewerOf(auth), requestId);
    return rows.map((row) => toRequestPaymentDto(row, publicUrl));
  }

  function assertRequestInstaller(auth: AuthContext, request: RequestForInvoice) {
    if (
      auth.userType !== 'installer' ||
      (request.assignedInstallerId !== auth.companyId && request.requestorInstallerId !== auth.companyId)
    ) {
      throw new AppError('FORBIDDEN', `Only the installer of request ${request.id} can record its payments`);
    }
  }

  /** The request's unpaid payment rows of the caller, with their invoices. */
  async function unpaidPaymentsOf(auth: AuthContext, requestId: number) {
    await repo.backfillPaymentRows(db, requestId);
    const rows = await repo.listRequestPayments(db, viewerOf(auth), requestId);
    return rows.filter(
      (row) =>
        (unreceivedPaymentStates as readonly string[]).includes(row.payment.paymentState) &&
        (!row.invoice || row.invoice.status === 'draft' || row.invoice.status === 'open'),
    );
  }

  async function settleRequestPayments(
    auth: AuthContext,
    requestId: number,
    body: { payment_id?: number; paymentId?: number } | undefined,
  ) {
    const request = await moneyRequest(auth, requestId);
    assertRequestInstaller(auth, request);
    const paymentId = body?.payment_id ?? body?.paymentId;
    const unpaid = await unpaidPaymentsOf(auth, requestId);
    const chosen = paymentId === undefined ? unpaid : unpaid.filter((row) => row.payment.id === paymentId);
    if (paymentId !== undefined && chosen.length === 0) {
      const payment = await repo.findPaymentOfRequest(db, requestId, paymentId);
      if (!payment || payment.installerId !== auth.companyId) {
        throw new AppError('NOT_FOUND', `Payment ${paymentId} of request ${requestId} was not found`);
      }
    }
    for (const row of chosen) await settleRow(auth, row, { method: 'settle', checkNumber: null });
    return {
      success: true as const,
      message:
        chosen.length === 0
          ? 'Nothing to settle: every payment of this job is received'
          : `Settled ${chosen.length} payment(s)`,
      payments: await listRequestPayments(auth, requestId),
    };
  }

  async function settleRow(
    auth: AuthContext,
    row: { payment: { id: number; paymentState: string }; invoice: InvoiceRow | null },
    via: { method: TPaymentMethod; checkNumber: string | null },
  ) {
    if (row.invoice) {
      await settleById(auth, row.invoice.id, via);
      return;
    }
    // A payment without an invoice (older data): record it directly.
    await repo.updatePayment(
      db,
      row.payment.id,
      {
        paymentState: 'paid',
        method: via.method,
        checkNumber: via.checkNumber,
        paymentDate: clock(),
        updatedAt: clock(),
      },
      unreceivedPaymentStates,
    );
  }

  async function recordCheckPayment(auth: AuthContext, requestId: number, body: TCheckPaymentBody) {
    const request = await moneyRequest(auth, requestId);
    assertRequestInstaller(auth, request);
    const checkNumber = (body.checkNumber ?? body.check_number)?.trim() || null;
    const method = body.method ?? (checkNumber ? 'check' : 'cash');
    const paymentId = body.payment_id ?? body.paymentId;
    const unpaid = await unpaidPaymentsOf(auth, requestId);
    let row = paymentId === undefined ? undefined : unpaid.find((r) => r.payment.id === paymentId);
    if (paymentId === undefined) {
      if (unpaid.length !== 1) {
        throw new AppError(
          'VALIDATION_FAILED',
          unpaid.length === 0
            ? `Request ${requestId} has no unpaid payment`
            : `Request ${requestId} has ${unpaid.length} unpaid payments: say which one (payment_id)`,
        );
      }
      row = unpaid[0];
    }
    if (!row) {
      const payment =
        paymentId === undefined ? null : await repo.findPaymentOfRequest(db, requestId, paymentId);
      if (!payment || payment.installerId !== auth.companyId) {
        throw new AppError('NOT_FOUND', `Payment ${paymentId} of request ${requestId} was not found`);
      }
      // Received already: a repeated call changes nothing.
      return {
        success: true as const,
        message: `Payment ${payment.id} is already ${payment.paymentState}`,
        payments: await listRequestPayments(auth, requestId),
      };
    }
    await settleRow(auth, row, { method, checkNumber });
    return {
      success: true as const,
      message: method === 'check' ? `Check ${checkNumber} recorded` : 'Cash payment recorded',
      payments: await listRequestPayments(auth, requestId),
    };
  }

  /**
   * Job deletion (000 §4): open invoices are voided, drafts deleted, their unpaid payment rows removed.
   * Money already received stays (financial record).
   */
  async function deleteRequestPayments(auth: AuthContext, requestId: number) {
    const request = await moneyRequest(auth, requestId);
    assertRequestInstaller(auth, request);
    const result = await withProvider(
      { requestId, stage: 'job_deletion', actor: actorOf(auth) },
      'The payment provider could not void the invoices of this job',
      () => cancelInvoicesOfRequest(db, requestId),
    );
    // Payment rows without an invoice (older data) that were never received went too.
    const kept = await repo.listRequestPayments(db, viewerOf(auth), requestId);
    return {
      success: true as const,
      deleted: result.paymentsDeleted,
      kept: kept.length,
      voidedInvoices: result.voided,
    };
  }

  /**
   * Job deletion for the lifecycle (no caller checks; the caller's transaction, as a savepoint): drafts
   * deleted, open invoices voided here and at the provider, unpaid payment rows removed (also those without
   * an invoice), money received kept.
   */
  async function cancelInvoicesOfRequest(
    dbOrTx: DbOrTx,
    requestId: number,
  ): Promise<{ deleted: number; voided: number; paymentsDeleted: number }> {
    return inTx(dbOrTx, async (tx) => {
      let deleted = 0;
      let voided = 0;
      let paymentsDeleted = 0;
      for (const invoice of await repo.listActiveInvoicesOfRequest(tx, requestId)) {
        const locked = await lockedInvoice(tx, invoice.id);
        const unpaid = (await repo.listPaymentsOfInvoice(tx, locked.id)).filter(
          (p) => p.paymentState !== 'paid' && p.paymentState !== 'settled',
        ).length;
        if (locked.status === 'draft') {
          if (locked.invoiceType === 'final') await repo.unlinkInvoice(tx, locked.requestId, locked.number);
          await repo.deleteInvoice(tx, locked.id);
          deleted += 1;
          paymentsDeleted += unpaid;
        } else if (locked.status === 'open') {
          await voidInvoiceEverywhere(tx, locked);
          voided += 1;
          paymentsDeleted += unpaid;
        }
      }
      paymentsDeleted += await repo.deleteUnreceivedPaymentsWithoutInvoice(tx, requestId);
      return { deleted, voided, paymentsDeleted };
    });
  }

  /** POST /payment-failures: the user is the caller; the same idempotency key logs one row. */
  async function recordPaymentFailure(
    auth: AuthContext,
    body: TPaymentFailureBody,
    idempotencyKey: string | null,
  ) {
    const requestId = body.request_id ?? null;
    if (requestId !== null) await moneyRequest(auth, requestId);
    const values = {
      requestId,
      failureType: body.failure_type,
      failureStage: body.failure_stage ?? null,
      errorMessage: body.error_message ?? null,
      userId: auth.userId,
      userType: auth.userType,
      providerObjectId: body.stripe_object_id ?? null,
    };
    const row = await inTx(db, async (tx) => {
      if (idempotencyKey) {
        // No key column on payment_failures (see README): the key serializes callers, then the same row is reused.
        await repo.lockKey(tx, `payment-failure:${auth.userId}:${idempotencyKey}`);
        const same = await repo.findSameFailure(tx, values, new Date(clock().getTime() - FAILURE_DEDUPE_MS));
        if (same) return same;
      }
      return repo.insertFailure(tx, values);
    });
    if (!row) throw new AppError('INTERNAL', 'The payment failure could not be logged');
    return { success: true as const, id: row.id };
  }

  // -------------------------------------------------------------------------------------------------
  // Card reader (POST /payments, GET /payments/:id, GET /terminal/:id, POST /terminalPay/)

  function assertInstaller(auth: AuthContext) {
    if (auth.userType !== 'installer') {
      throw new AppError('FORBIDDEN', 'Only installers take card payments');
    }
  }

  /** A reader of the installer: by location id (digits) or reader id. */
  async function findReader(installerId: number, ref: string | number | undefined) {
    const locations = await repo.listReaderLocations(db, installerId);
    if (ref === undefined) return locations[0] ?? null;
    const text = String(ref);
    return (
      locations.find((l) => l.cardReaderId === text) ??
      (/^\d+$/.test(text) ? locations.find((l) => l.id === Number(text)) : undefined) ??
      null
    );
  }

  function isStale(attempt: AttemptRow): boolean {
    return clock().getTime() - attempt.updatedAt.getTime() > STALE_CARD_PAYMENT_MS;
  }

  async function createCardPayment(
    auth: AuthContext,
    body: TCreateCardPaymentBody,
    idempotencyKey: string | null,
  ): Promise<{ reply: TCreateCardPaymentReply; created: boolean }> {
    assertInstaller(auth);
    if (body.invoiceId === undefined || body.invoiceId === '') {
      throw new AppError('VALIDATION_FAILED', M.noInvoice, { userMessage: M.noInvoice });
    }
    let invoice = await visibleInvoice(db, auth, String(body.invoiceId));
    assertIssuer(auth, invoice);
    if (invoice.status === 'paid')
      throw new AppError('INVALID_TRANSITION', `Invoice ${label(invoice)} is already paid`);
    if (invoice.status === 'void')
      throw new AppError('INVALID_TRANSITION', `Invoice ${label(invoice)} is void`);
    const location = await findReader(auth.companyId, body.locationId);
    if (!location?.cardReaderId) {
      throw new AppError(
        body.locationId === undefined ? 'INVALID_TRANSITION' : 'NOT_FOUND',
        body.locationId === undefined
          ? M.noReader
          : `Card reader ${body.locationId} is not configured at your locations`,
        { userMessage: M.noReader },
      );
    }
    const readerId = location.cardReaderId;
    const actor = actorOf(auth);
    if (invoice.status === 'draft') {
      // Swipe needs an open invoice: finalize it first (pay link, provider invoice).
      invoice = await withProvider(
        { requestId: invoice.requestId, stage: 'invoice_finalize', actor },
        M.setupFailed,
        () =>
          inTx(db, async (tx) => {
            const locked = await lockedInvoice(tx, invoice.id);
            return locked.status === 'draft' ? finalizeLocked(tx, locked) : locked;
          }),
      );
    }
    const scopedKey = `${auth.companyId}:${invoice.id}:${idempotencyKey ?? randomUUID()}`;
    let intentId: string;
    try {
      ({ intentId } = await port.createCardIntent({
        amountCents: invoice.amountRemainingCents,
        description: `${label(invoice)}${body.installerName ? ` — ${body.installerName}` : ''}`,
        metadata: {
          invoice_id: String(invoice.id),
          invoice_number: label(invoice),
          request_id: String(invoice.requestId),
          installer_id: String(invoice.installerId),
        },
        connectedAccountId: (await repo.findInstaller(db, invoice.installerId))?.stripeAccountId ?? null,
        platformFeeCents: await platformFeeOf(db, invoice),
        idempotencyKey: scopedKey,
      }));
    } catch (error) {
      logger.error({ err: error, invoiceId: invoice.id }, 'payment intent creation failed');
      await logFailure({
        requestId: invoice.requestId,
        failureType: 'card_payment',
        failureStage: 'create_intent',
        errorMessage: error instanceof Error ? error.message : String(error),
        actor,
        providerObjectId: invoice.providerInvoiceId,
      });
      return {
        reply: {
          success: false,
          paymentIntentId: null,
          id: null,
          amount: null,
          readerId,
          error: M.createIntentFailed,
        },
        created: false,
      };
    }

    const outcome = await inTx(db, async (tx) => {
      // Every attempt of an invoice is created under this lock, so the lookup below sees them all.
      const locked = await lockedInvoice(tx, invoice.id);
      const same = await repo.findAttemptByIntent(tx, intentId);
      if (same) return { attempt: same, created: false, conflict: null as AttemptRow | null };
      if (locked.status !== 'open') {
        throw new AppError('INVALID_TRANSITION', `Invoice ${label(locked)} is ${locked.status}`);
      }
      for (const open of await repo.listOpenAttemptsOfInvoice(tx, invoice.id)) {
        if (open.status === 'created' || isStale(open)) {
          await repo.updateAttempt(
            tx,
            open.id,
            { status: 'canceled', errorMessage: 'Replaced by a new card payment', updatedAt: clock() },
            ['created', 'sent_to_reader', 'processing'],
          );
          // Canceled at the provider too, once this commits (its reader action is left alone: the reader may
          // be busy with the payment that replaces it).
          if (port.kind !== 'local')
            await enqueueOutbox(tx, cancelIntentItem(open.providerIntentId, invoice.requestId));
          await repo.updateUnpaidPaymentsOfInvoice(
            tx,
            invoice.id,
            { paymentState: 'invoiced', updatedAt: clock() },
            ['pending'],
          );
        } else {
          return { attempt: null, created: false, conflict: open };
        }
      }
      const inserted = await repo.insertAttempt(tx, {
        invoiceId: invoice.id,
        requestId: invoice.requestId,
        installerId: invoice.installerId,
        locationId: location.id,
        readerId,
        providerIntentId: intentId,
        amountCents: locked.amountRemainingCents,
        status: 'created',
        createdAt: clock(),
        updatedAt: clock(),
      });
      const attempt = inserted ?? (await repo.findAttemptByIntent(tx, intentId));
      if (!attempt) throw new AppError('CONFLICT', 'The card payment could not be created; try again');
      return { attempt, created: inserted !== null, conflict: null };
    });
    if (outcome.conflict) {
      // The intent made for this refused attempt is canceled at the provider through the outbox.
      if (port.kind !== 'local') await enqueueOutbox(db, cancelIntentItem(intentId, invoice.requestId));
      throw new AppError(
        'CONFLICT',
        `A card payment for invoice ${label(invoice)} is already in progress (${outcome.conflict.providerIntentId})`,
      );
    }
    const attempt = outcome.attempt as AttemptRow;
    return {
      reply: {
        success: true,
        paymentIntentId: attempt.providerIntentId,
        id: attempt.providerIntentId,
        amount: attempt.amountCents,
        readerId: attempt.readerId,
        error: null,
      },
      created: outcome.created,
    };
  }

  async function getTerminal(auth: AuthContext, id: string): Promise<TTerminalReply> {
    assertInstaller(auth);
    const location = await findReader(auth.companyId, id);
    if (!location?.cardReaderId)
      throw new AppError('NOT_FOUND', `Card reader ${id} was not found at your locations`);
    try {
      const reader = await port.getReader(location.cardReaderId);
      if (!reader) return { success: false, data: null, error: M.readerConnectFailed };
      return {
        success: true,
        data: {
          id: reader.id,
          status: reader.status,
          label: reader.label,
          device_type: reader.deviceType,
          location_id: location.id,
        },
        error: reader.status === 'offline' ? M.readerOffline : null,
      };
    } catch (error) {
      logger.warn({ err: error, readerId: location.cardReaderId }, 'reader check failed');
      return { success: false, data: null, error: M.readerConnectFailed };
    }
  }

  async function attemptOf(auth: AuthContext, paymentId: string): Promise<AttemptRow> {
    assertInstaller(auth);
    const attempt = await repo.findAttemptOfInstaller(db, auth.companyId, paymentId);
    if (!attempt) throw new AppError('NOT_FOUND', `Card payment ${paymentId} was not found`);
    return attempt;
  }

  async function terminalPay(auth: AuthContext, body: TTerminalPayBody): Promise<TTerminalPayReply> {
    const attempt = await attemptOf(auth, body.paymentId);
    let readerId = attempt.readerId;
    if (body.terminalId) {
      const location = await findReader(auth.companyId, body.terminalId);
      if (!location?.cardReaderId) {
        throw new AppError('NOT_FOUND', `Card reader ${body.terminalId} was not found at your locations`);
      }
      readerId = location.cardReaderId;
    }
    const base = { paymentIntentId: attempt.providerIntentId, terminalId: readerId };
    if (!readerId) return { success: false, status: null, ...base, error: M.noReader };
    if (attempt.status === 'succeeded') return { success: true, status: 'succeeded', ...base, error: null };
    if (attempt.status === 'payment_failed' || attempt.status === 'canceled') {
      throw new AppError(
        'INVALID_TRANSITION',
        `Card payment ${attempt.providerIntentId} is finished (${attempt.status}); start a new payment`,
      );
    }
    if (attempt.status !== 'created') {
      // Sent already (a retry of this call): the reader has it.
      return {
        success: true,
        status: attempt.status === 'processing' ? 'processing' : 'waiting_for_customer',
        ...base,
        error: null,
      };
    }
    // Claim, then act: only one caller sends the intent to the reader.
    const claimed = await inTx(db, async (tx) => {
      // Under the invoice lock: an invoice paid or voided meanwhile never reaches the reader.
      const invoice = await lockedInvoice(tx, attempt.invoiceId);
      if (invoice.status !== 'open') {
        throw new AppError('INVALID_TRANSITION', `Invoice ${label(invoice)} is ${invoice.status}`);
      }
      const sent = await repo.updateAttempt(
        tx,
        attempt.id,
        { status: 'sent_to_reader', readerId, errorMessage: null, updatedAt: clock() },
        ['created'],
      );
      if (sent) {
        await repo.updateUnpaidPaymentsOfInvoice(
          tx,
          attempt.invoiceId,
          { paymentState: 'pending', updatedAt: clock() },
          ['invoiced'],
        );
      }
      return sent;
    });
    if (!claimed) {
      return { success: true, status: 'waiting_for_customer', ...base, error: null };
    }
    try {
      await port.processIntentOnReader({ readerId, intentId: attempt.providerIntentId });
      return { success: true, status: 'waiting_for_customer', ...base, error: null };
    } catch (error) {
      const message = error instanceof ReaderOfflineError ? M.readerOffline : M.readerConnectFailed;
      await inTx(db, async (tx) => {
        await repo.updateAttempt(tx, attempt.id, { status: 'created', errorMessage: message }, [
          'sent_to_reader',
        ]);
        await repo.updateUnpaidPaymentsOfInvoice(
          tx,
          attempt.invoiceId,
          { paymentState: 'invoiced', updatedAt: clock() },
          ['pending'],
        );
      });
      if (!(error instanceof ReaderOfflineError) && !(error instanceof ReaderBusyError)) {
        logger.error({ err: error, readerId }, 'sending the payment to the reader failed');
      }
      await logFailure({
        requestId: attempt.requestId,
        failureType: 'card_payment',
        failureStage: 'send_to_reader',
        errorMessage: error instanceof Error ? error.message : String(error),
        actor: actorOf(auth),
        providerObjectId: attempt.providerIntentId,
      });
      return { success: false, status: null, ...base, error: message };
    }
  }

  function cardReply(attempt: AttemptRow, extra: Partial<TCardPaymentReply> = {}): TCardPaymentReply {
    const stage =
      attempt.status === 'succeeded'
        ? 'succeeded'
        : attempt.status === 'payment_failed'
          ? 'declined'
          : attempt.status === 'canceled'
            ? 'canceled'
            : attempt.status === 'processing'
              ? 'processing'
              : attempt.status === 'sent_to_reader'
                ? 'waiting_for_customer'
                : 'created';
    const status =
      attempt.status === 'succeeded'
        ? 'succeeded'
        : attempt.status === 'payment_failed' || attempt.status === 'canceled'
          ? 'payment_failed'
          : 'processing';
    return {
      success: true,
      status,
      stage,
      paymentIntentId: attempt.providerIntentId,
      invoiceId: attempt.invoiceId,
      amount: attempt.amountCents,
      error:
        attempt.status === 'payment_failed'
          ? M.cardDeclined
          : attempt.status === 'canceled'
            ? (attempt.errorMessage ?? 'The payment was canceled.')
            : null,
      ...extra,
    };
  }

  /**
   * GET /payments/{id}: asks the provider where the payment is and records the outcome exactly once
   * (pollers may race; the webhook may arrive too).
   */
  async function pollCardPayment(auth: AuthContext, paymentId: string): Promise<TCardPaymentReply> {
    const attempt = await attemptOf(auth, paymentId);
    if (attempt.status === 'created' || !['sent_to_reader', 'processing'].includes(attempt.status)) {
      return cardReply(attempt);
    }
    if (isStale(attempt)) {
      await port
        .cancelCardPayment({ intentId: attempt.providerIntentId, readerId: attempt.readerId })
        .catch(() => undefined);
      const finished = await applyCardOutcome(attempt.providerIntentId, {
        stage: 'canceled',
        message: M.timedOut,
      });
      return cardReply(finished ?? attempt);
    }
    let state: CardPaymentState;
    try {
      state = await port.retrieveCardPayment({
        intentId: attempt.providerIntentId,
        readerId: attempt.readerId,
        sentAt: attempt.updatedAt,
      });
    } catch (error) {
      logger.warn({ err: error, intentId: attempt.providerIntentId }, 'payment status check failed');
      return { ...cardReply(attempt), success: false, error: M.statusCheckFailed };
    }
    if (state.stage === 'waiting_for_customer') return cardReply(attempt, { stage: 'waiting_for_customer' });
    if (state.stage === 'processing') {
      if (attempt.status === 'sent_to_reader') {
        // Only the status: updatedAt stays the time the intent went to the reader.
        await repo.updateAttempt(db, attempt.id, { status: 'processing' }, ['sent_to_reader']);
      }
      return cardReply(attempt, { stage: 'processing' });
    }
    const finished = await applyCardOutcome(attempt.providerIntentId, state);
    return cardReply(finished ?? attempt);
  }

  /**
   * Records a card payment's outcome once: the attempt row is locked and only moves from an open status;
   * a success pays the invoice through markPaid (guarded by the invoice status). Shared by polling and
   * webhooks. Returns the attempt, or null for an intent we do not know.
   */
  async function applyCardOutcome(intentId: string, state: CardPaymentState): Promise<AttemptRow | null> {
    const known = await repo.findAttemptByIntent(db, intentId);
    if (!known) return null;
    if (state.stage === 'waiting_for_customer' || state.stage === 'processing') return known;
    const failedMessage = 'message' in state ? state.message : null;
    if (state.stage === 'succeeded' && ['created', 'sent_to_reader', 'processing'].includes(known.status)) {
      // Provider first (idempotent): a retry after a crash repeats it harmlessly.
      const invoice = await repo.findInvoiceById(db, known.invoiceId);
      if (invoice)
        await providerPaidOutOfBand(invoice).catch((error) =>
          logger.error({ err: error }, 'provider paid-out-of-band failed'),
        );
    }
    const result = await inTx(db, async (tx) => {
      const attempt = await repo.lockAttempt(tx, known.id);
      if (!attempt || !['created', 'sent_to_reader', 'processing'].includes(attempt.status)) {
        // Charged although we had canceled it (the invoice was paid another way or voided): refund it.
        const isLateCharge = state.stage === 'succeeded' && attempt?.status === 'canceled';
        return {
          attempt,
          failure: isLateCharge
            ? {
                type: 'duplicate_payment',
                message: `Card payment ${intentId} succeeded after it was canceled (${attempt?.errorMessage ?? 'canceled'}): refund it`,
              }
            : (null as null | { type: string; message: string }),
        };
      }
      const now = clock();
      if (state.stage === 'succeeded') {
        const updated = await repo.updateAttempt(
          tx,
          attempt.id,
          { status: 'succeeded', errorMessage: null, updatedAt: now },
          ['created', 'sent_to_reader', 'processing'],
        );
        const invoice = await lockedInvoice(tx, attempt.invoiceId);
        const paid = await markPaid(tx, invoice, {
          method: 'card',
          providerPaymentId: state.providerPaymentId,
          cardLast4: state.cardLast4,
          cardType: state.cardBrand,
        });
        return {
          attempt: updated,
          failure: paid.changed
            ? null
            : {
                type: 'duplicate_payment',
                message: `Card payment ${intentId} succeeded on invoice ${label(invoice)}, which is ${invoice.status}: refund it`,
              },
        };
      }
      const status = state.stage === 'declined' ? 'payment_failed' : 'canceled';
      const updated = await repo.updateAttempt(
        tx,
        attempt.id,
        { status, errorMessage: failedMessage, updatedAt: now },
        ['created', 'sent_to_reader', 'processing'],
      );
      await repo.updateUnpaidPaymentsOfInvoice(
        tx,
        attempt.invoiceId,
        { paymentState: 'invoiced', updatedAt: now },
        ['pending'],
      );
      return {
        attempt: updated,
        failure: state.stage === 'declined' ? { type: 'card_declined', message: failedMessage ?? '' } : null,
      };
    });
    if (result.failure) {
      if (result.failure.type === 'duplicate_payment') logger.error({ intentId }, result.failure.message);
      await logFailure({
        requestId: known.requestId,
        failureType: result.failure.type,
        failureStage: 'card_reader',
        errorMessage: result.failure.message,
        providerObjectId: intentId,
      });
    }
    return result.attempt ?? (await repo.findAttemptByIntent(db, intentId));
  }

  // -------------------------------------------------------------------------------------------------
  // Webhooks

  /** Applies a verified provider event; `applied` is false for a repeat or an event we do not use. */
  async function handleProviderEvent(event: ProviderEvent): Promise<{ applied: boolean }> {
    switch (event.kind) {
      case 'invoice_paid': {
        const found = await repo.findInvoiceByProviderId(db, event.providerInvoiceId);
        if (!found) {
          logger.warn(
            { eventId: event.eventId, invoice: event.providerInvoiceId },
            'webhook for an unknown invoice',
          );
          return { applied: false };
        }
        const attempt = event.providerPaymentId
          ? await repo.findAttemptByIntent(db, event.providerPaymentId)
          : null;
        const result = await inTx(db, async (tx) => {
          const invoice = await lockedInvoice(tx, found.id);
          if (invoice.status === 'void') return { changed: false, isVoid: true };
          const paid = await markPaid(tx, invoice, {
            method: attempt ? 'card' : 'online',
            providerPaymentId: event.providerPaymentId ?? event.providerInvoiceId,
          });
          return { changed: paid.changed, isVoid: false };
        });
        if (result.isVoid) {
          await logFailure({
            requestId: found.requestId,
            failureType: 'payment_on_void_invoice',
            failureStage: 'webhook',
            errorMessage: `Stripe reports invoice ${event.providerInvoiceId} paid, but it is void here: refund it`,
            providerObjectId: event.providerInvoiceId,
          });
        }
        return { applied: result.changed };
      }
      case 'invoice_voided': {
        const found = await repo.findInvoiceByProviderId(db, event.providerInvoiceId);
        if (!found) return { applied: false };
        const changed = await inTx(db, async (tx) => {
          const invoice = await lockedInvoice(tx, found.id);
          if (invoice.status !== 'draft' && invoice.status !== 'open') return false;
          await voidLocked(tx, invoice);
          return true;
        });
        return { applied: changed };
      }
      case 'card_payment': {
        const before = await repo.findAttemptByIntent(db, event.intentId);
        if (!before) return { applied: false };
        const after = await applyCardOutcome(event.intentId, event.state);
        return { applied: !!after && after.status !== before.status };
      }
      default:
        return { applied: false };
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Hosted invoice page (local adapter)

  async function findHostedInvoice(token: string) {
    if (!/^[\w-]{16,64}$/.test(token)) return null;
    const invoice = await repo.findInvoiceByPayToken(db, token);
    if (!invoice) return null;
    const installer = await repo.findInstaller(db, invoice.installerId);
    const request = await repo.findRequestSummary(db, invoice.requestId);
    const paid = (await repo.listPaymentsOfInvoice(db, invoice.id)).find(
      (p) => p.paymentState === 'paid' || p.paymentState === 'settled',
    );
    const vehicle = request
      ? [request.vehicleYear, request.vehicleMake, request.vehicleModel].filter(Boolean).join(' ') || null
      : null;
    return {
      invoice,
      // Test cards are the local adapter's: with Stripe configured, a local invoice is shown, not charged.
      canPayHere: port.kind === 'local' && providerOf(invoice) === 'local',
      installerName: installer?.name ?? 'Your installer',
      vehicle,
      payment: paid ? { method: paid.method, cardLast4: paid.cardLast4, cardType: paid.cardType } : null,
    };
  }

  /** The provider payment id of a hosted-page form: one per form, so a second post of it is recognised. */
  function hostedPaymentId(invoiceId: number, formNonce: string): string {
    return `py_local_${createHash('sha256').update(`${invoiceId}:${formNonce}`).digest('hex').slice(0, 24)}`;
  }

  async function payHostedInvoice(
    token: string,
    card: TestCardInput,
    formNonce: string,
  ): Promise<HostedPayOutcome> {
    const found = await findHostedInvoice(token);
    if (!found) return { kind: 'not_found' };
    const { invoice } = found;
    if (providerOf(invoice) === 'stripe') {
      return invoice.hostedInvoiceUrl
        ? { kind: 'redirect', url: invoice.hostedInvoiceUrl }
        : { kind: 'unavailable', invoice };
    }
    const paymentId = hostedPaymentId(invoice.id, formNonce);
    if (invoice.status === 'paid') return paidOutcome(invoice, paymentId);
    if (invoice.status !== 'open' || !found.canPayHere) return { kind: 'unavailable', invoice };
    const bucket = `pay-declines:${invoice.id}`;
    const since = new Date(clock().getTime() - HOSTED_DECLINE_WINDOW_MS);
    if ((await repo.countHits(db, bucket, since)) >= HOSTED_DECLINES_PER_WINDOW)
      return { kind: 'rate_limited', invoice };

    const charge = chargeTestCard(card, clock());
    if (!charge.ok) {
      if (charge.kind === 'declined') {
        await repo.addHit(db, bucket, clock());
        await logFailure({
          requestId: invoice.requestId,
          failureType: 'card_declined',
          failureStage: 'hosted_page',
          errorMessage: charge.message,
          providerObjectId: label(invoice),
        });
      }
      return { kind: 'card_error', invoice, field: charge.field, message: charge.message };
    }
    const result = await inTx(db, async (tx) => {
      const locked = await lockedInvoice(tx, invoice.id);
      return markPaid(tx, locked, {
        method: 'online',
        providerPaymentId: paymentId,
        cardLast4: charge.last4,
        cardType: charge.brand,
      });
    });
    if (result.changed) return { kind: 'paid', invoice: result.invoice };
    const current = (await repo.findInvoiceById(db, invoice.id)) ?? invoice;
    return current.status === 'paid'
      ? paidOutcome(current, paymentId)
      : { kind: 'unavailable', invoice: current };
  }

  async function paidOutcome(invoice: InvoiceRow, paymentId: string): Promise<HostedPayOutcome> {
    const rows = await repo.listPaymentsOfInvoice(db, invoice.id);
    const isThisForm = rows.some((p) => p.providerPaymentId === paymentId);
    return isThisForm ? { kind: 'paid', invoice } : { kind: 'already_paid', invoice };
  }

  // -------------------------------------------------------------------------------------------------
  // Simulated readers (dev call)

  function localAdapter(): LocalPaymentAdapter {
    if (port.kind !== 'local')
      throw new AppError('NOT_FOUND', 'Simulated readers exist only with the local payment adapter');
    return port as LocalPaymentAdapter;
  }

  /** A simulated reader is the caller's when it is at one of its installer's locations; else 404, as if absent. */
  async function assertOwnReader(auth: AuthContext, readerId: string) {
    const locations = auth.userType === 'installer' ? await repo.listReaderLocations(db, auth.companyId) : [];
    if (!locations.some((l) => l.cardReaderId === readerId)) {
      throw new AppError('NOT_FOUND', `Card reader ${readerId} was not found at your locations`);
    }
  }

  async function setReaderBehaviour(
    auth: AuthContext,
    readerId: string,
    body: TDevReaderBody,
  ): Promise<TDevReaderReply> {
    await assertOwnReader(auth, readerId);
    const setting = await localAdapter().setReaderSetting(readerId, body);
    return { readerId, ...setting };
  }

  async function getReaderBehaviour(auth: AuthContext, readerId: string): Promise<TDevReaderReply> {
    await assertOwnReader(auth, readerId);
    const setting = await localAdapter().getReaderSetting(readerId);
    return { readerId, ...setting };
  }

  return {
    providerKind: port.kind,
    // For the lifecycle's invoicing hooks (see README.md).
    createInvoiceForRequest,
    tryCreateInvoiceForRequest,
    cancelInvoicesOfRequest,
    logFailure,
    // Calls.
    createInvoice,
    getInvoice,
    updateInvoiceMeta,
    settleInvoice,
    settleInvoicesByCheck,
    resendInvoice,
    finalizeInvoice,
    voidInvoice,
    deleteDraftInvoice,
    listRequestPayments,
    settleRequestPayments,
    recordCheckPayment,
    deleteRequestPayments,
    recordPaymentFailure,
    createCardPayment,
    getTerminal,
    terminalPay,
    pollCardPayment,
    handleProviderEvent,
    parseWebhook: port.parseWebhook?.bind(port) ?? null,
    findHostedInvoice,
    payHostedInvoice,
    setReaderBehaviour,
    getReaderBehaviour,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** A unique violation (23505) of `constraint`, as thrown by pg or PGlite (possibly wrapped by Drizzle). */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const candidate = e as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (
      candidate.code === '23505' &&
      (candidate.constraint === constraint ||
        (typeof candidate.message === 'string' && candidate.message.includes(constraint)))
    ) {
      return true;
    }
    e = candidate.cause;
  }
  return false;
}
