import { randomUUID } from 'node:crypto';
import { AppError } from '@app/contracts/errors.contract';
import {
  CARD_PAYMENT_TIMEOUT_MS,
  paymentMessages as M,
  type TCardPaymentReply,
  type TCreateCardPaymentBody,
  type TCreateCardPaymentReply,
  type TTerminalPayBody,
  type TTerminalPayReply,
  type TTerminalReply,
} from '@app/contracts/payments.contract';
import {
  type CardPaymentState,
  ReaderBusyError,
  ReaderOfflineError,
} from '../../adapters/payments/payment-port';
import type { AuthContext } from '../../platform/security/auth-context';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import { actorOf, assertInstaller, assertIssuer, type PaymentsAccess } from './payments.access';
import { inTx, label, type PaymentsContext } from './payments.context';
import type { InvoiceState } from './payments.invoice-state';
import { cancelIntentItem } from './payments.outbox-handlers';
import type { AttemptRow } from './payments.repository';

/** An in-flight reader payment older than this is abandoned (the popup gave up at 5 minutes). */
const STALE_CARD_PAYMENT_MS = CARD_PAYMENT_TIMEOUT_MS + 30_000;

export type CardPayments = ReturnType<typeof createCardPayments>;

/** Card reader payments: POST /payments, GET /payments/:id, GET /terminal/:id, POST /terminalPay/. */
export function createCardPayments(
  { db, port, repo, clock, logger, lockedInvoice, logFailure, withProvider }: PaymentsContext,
  { visibleInvoice }: PaymentsAccess,
  { markPaid, providerPaidOutOfBand, finalizeLocked, platformFeeOf }: InvoiceState,
) {
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

  return { createCardPayment, getTerminal, terminalPay, pollCardPayment, applyCardOutcome };
}
