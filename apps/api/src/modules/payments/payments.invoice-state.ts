import { AppError } from '@app/contracts/errors.contract';
import type { TPaymentMethod } from '@app/contracts/payments.contract';
import { calculateInvoicePlatformFee } from '@app/domain/invoicing/invoice-totals';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import { buildInvoiceEmail } from './invoice-email';
import { inTx, invoiceNotFound, label, newPayToken, type PaymentsContext } from './payments.context';
import { cancelIntentItem } from './payments.outbox-handlers';
import { type DbOrTx, hostedUrlOf, type InvoiceRow, payPageUrl, providerOf } from './payments.repository';

/** The unique index that keeps one provider payment from being recorded twice. */
const PROVIDER_PAYMENT_ID_INDEX = 'payments_provider_payment_id_unique';

export type PaidVia = {
  method: TPaymentMethod;
  providerPaymentId?: string | null;
  cardLast4?: string | null;
  cardType?: string | null;
  checkNumber?: string | null;
};

export type InvoiceState = ReturnType<typeof createInvoiceState>;

/**
 * Exactly-once state changes (each runs inside the caller's transaction, on a locked invoice row): paid, void,
 * open (finalize), and what goes with them (provider, open card payments, the invoice e-mail).
 */
export function createInvoiceState({ port, repo, publicUrl, clock, logger }: PaymentsContext) {
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

  /**
   * Who a request or an invoice bills: its dealership, else its retail customer, else nobody; with the name,
   * e-mail (a dealership's billing address first) and provider customer id of their record.
   */
  async function findBillingParty(tx: DbOrTx, of: { dealerId: number | null; customerId: number | null }) {
    if (of.dealerId !== null) {
      const dealer = await repo.findDealer(tx, of.dealerId);
      return {
        kind: 'dealer' as const,
        id: of.dealerId,
        name: dealer?.name ?? null,
        email: dealer?.billingEmail ?? dealer?.email ?? null,
        providerCustomerId: dealer?.stripeCustomerId ?? null,
      };
    }
    if (of.customerId !== null) {
      const customer = await repo.findCustomer(tx, of.customerId);
      return {
        kind: 'customer' as const,
        id: of.customerId,
        name: customer?.name ?? null,
        email: customer?.email ?? null,
        providerCustomerId: customer?.stripeCustomerId ?? null,
      };
    }
    return { kind: 'none' as const, id: null, name: null, email: null, providerCustomerId: null };
  }

  /** The invoice's billing party: the name and e-mail written on the invoice come before its record's. */
  async function billingParty(tx: DbOrTx, invoice: InvoiceRow) {
    const party = await findBillingParty(tx, invoice);
    return {
      ...party,
      name: invoice.customerName ?? party.name,
      email: invoice.customerEmail ?? party.email,
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

  return {
    markPaid,
    voidLocked,
    voidInvoiceEverywhere,
    requireStripe,
    providerPaidOutOfBand,
    finalizeLocked,
    platformFeeOf,
    queueInvoiceEmail,
    ensurePayToken,
    findBillingParty,
  };
}
