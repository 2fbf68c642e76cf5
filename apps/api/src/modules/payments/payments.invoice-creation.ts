import { AppError } from '@app/contracts/errors.contract';
import { paymentMessages as M, type TInvoice, type TInvoiceType } from '@app/contracts/payments.contract';
import { calculateDepositInvoice } from '@app/domain/invoicing/deposit';
import { calculateFinalInvoice } from '@app/domain/invoicing/invoice-totals';
import type { Tx } from '../../db/client';
import { type Actor, inTx, label, type PaymentsContext, requestNotFound } from './payments.context';
import type { InvoiceState } from './payments.invoice-state';
import type { DbOrTx, InvoiceRow, RequestForInvoice } from './payments.repository';

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

export type InvoiceCreation = ReturnType<typeof createInvoiceCreation>;

/** Invoice creation and cancellation: what the lifecycle's invoicing hooks call, and POST /invoices/ underneath. */
export function createInvoiceCreation(
  { port, repo, clock, logger, dto, lockedInvoice }: PaymentsContext,
  { finalizeLocked, voidInvoiceEverywhere, findBillingParty }: InvoiceState,
) {
  /**
   * Creates the deposit or final invoice of a job, exactly once. Runs in the caller's transaction (as a
   * savepoint) or its own. Rules:
   * - the request row is locked (FOR UPDATE), so creations for one job are serialized across processes;
   * - numbered in the installer's series (EAF-1041; decision 009): number = customer-facing number, the
   *   series row locked until the transaction ends, so invoices of one installer queue for their numbers;
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
      const party = await findBillingParty(tx, request);
      const now = clock();
      const isNothingDue = totals.amountCents === 0;
      const inserted = await repo.insertInvoice(tx, {
        requestId: request.id,
        installerId,
        dealerId: party.kind === 'dealer' ? party.id : null,
        customerId: party.kind === 'customer' ? party.id : null,
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
      // The next of the installer's series, taken only once the row exists (an idempotent replay above takes
      // none) and in this transaction, so a rollback gives it back (decision 009).
      const number = await repo.allocateInvoiceNumber(tx, installerId);
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

  return { createInvoiceForRequest, tryCreateInvoiceForRequest, cancelInvoicesOfRequest };
}
