import { AppError } from '@app/contracts/errors.contract';
import {
  BATCH_CHECK_MAX,
  paymentMessages as M,
  type TInvoice,
  type TInvoiceActionReply,
  type TInvoiceMetaBody,
  type TInvoiceType,
  type TPaymentMethod,
  type TSettleInvoiceBody,
} from '@app/contracts/payments.contract';
import type { AuthContext } from '../../platform/security/auth-context';
import { actorOf, assertIssuer, type PaymentsAccess, viewerOf } from './payments.access';
import { inTx, label, type PaymentsContext, requestNotFound } from './payments.context';
import type { CreateInvoiceResult, InvoiceCreation } from './payments.invoice-creation';
import type { InvoiceState } from './payments.invoice-state';
import { type InvoiceRow, providerOf } from './payments.repository';

const FINISHED_STATES = new Set(['finished', 'collected', 'reviewed']);

export type Invoices = ReturnType<typeof createInvoices>;

/** Invoice calls: create, read, PO and check number, settle (one or a batch), resend, finalize, void, delete. */
export function createInvoices(
  { db, port, repo, clock, dto, lockedInvoice, withProvider }: PaymentsContext,
  { visibleInvoice }: PaymentsAccess,
  {
    markPaid,
    voidInvoiceEverywhere,
    requireStripe,
    providerPaidOutOfBand,
    finalizeLocked,
    queueInvoiceEmail,
    ensurePayToken,
  }: InvoiceState,
  { createInvoiceForRequest }: InvoiceCreation,
) {
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
        // All or nothing: an invoice paid meanwhile (another batch, a card) fails the whole batch.
        if (locked.status === 'paid') {
          throw new AppError('CONFLICT', `Invoice ${label(locked)} is already paid`, {
            userMessage: `Invoice ${label(locked)} is already paid. Nothing was settled.`,
          });
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

  return {
    createInvoice,
    getInvoice,
    updateInvoiceMeta,
    settleInvoice,
    settleById,
    resendInvoice,
    finalizeInvoice,
    voidInvoice,
    deleteDraftInvoice,
    settleInvoicesByCheck,
  };
}
