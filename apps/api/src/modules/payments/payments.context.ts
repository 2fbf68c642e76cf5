import { randomBytes } from 'node:crypto';
import { AppError } from '@app/contracts/errors.contract';
import type { TInvoice } from '@app/contracts/payments.contract';
import { type PaymentPort, PaymentProviderError } from '../../adapters/payments/payment-port';
import type { Db, Tx } from '../../db/client';
import { type DbOrTx, type InvoiceRow, type PaymentsRepository, toInvoiceDto } from './payments.repository';

/*
 * What every use case of the payments service shares: its dependencies (database, payment port, repository,
 * clock, logger) and the few internals they all use. `createPaymentsService` builds one context and hands it
 * to each use-case factory (payments.invoice-creation.ts, payments.invoices.ts, payments.card-payments.ts …).
 */

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

/** A transaction, or a savepoint inside the caller's one. */
export function inTx<T>(dbOrTx: DbOrTx, run: (tx: Tx) => Promise<T>): Promise<T> {
  return (dbOrTx as Db).transaction(run);
}

export function invoiceNotFound(ref: string | number): never {
  throw new AppError('NOT_FOUND', `Invoice ${ref} was not found`);
}

export function requestNotFound(requestId: number): never {
  throw new AppError('NOT_FOUND', `Request ${requestId} was not found`);
}

export function label(invoice: InvoiceRow): string {
  return invoice.customerFacingNumber ?? invoice.number ?? String(invoice.id);
}

export function newPayToken(): string {
  return randomBytes(24).toString('base64url');
}

export type PaymentsContext = ReturnType<typeof createPaymentsContext>;

export function createPaymentsContext(deps: PaymentsServiceDeps) {
  const { db, port, repository: repo, publicUrl, clock, logger } = deps;

  function dto(invoice: InvoiceRow): TInvoice {
    return toInvoiceDto(invoice, publicUrl);
  }

  async function lockedInvoice(tx: Tx, invoiceId: number): Promise<InvoiceRow> {
    const invoice = await repo.lockInvoice(tx, invoiceId);
    if (!invoice) invoiceNotFound(invoiceId);
    return invoice;
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

  return { db, port, repo, publicUrl, clock, logger, dto, lockedInvoice, logFailure, withProvider };
}
