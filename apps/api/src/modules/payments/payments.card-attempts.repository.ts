import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { firstRow } from '../../db/any-row';
import { insertOnce } from '../../db/insert-once';
import { lockRow } from '../../db/lock-row';
import { cardPaymentAttempts } from '../../db/schema/money';
import type { AttemptRow, DbOrTx } from './payments.repository';

/** Card payment attempts (the card reader's intents). */
export function createCardAttemptRows() {
  return {
    async insertAttempt(
      tx: DbOrTx,
      values: typeof cardPaymentAttempts.$inferInsert,
    ): Promise<AttemptRow | null> {
      return insertOnce(tx, cardPaymentAttempts, values, cardPaymentAttempts.providerIntentId);
    },

    async findAttemptByIntent(tx: DbOrTx, intentId: string): Promise<AttemptRow | null> {
      return firstRow(tx, cardPaymentAttempts, eq(cardPaymentAttempts.providerIntentId, intentId));
    },

    /** An attempt by intent id or numeric id, of the installer. */
    async findAttemptOfInstaller(
      tx: DbOrTx,
      installerId: number,
      paymentId: string,
    ): Promise<AttemptRow | null> {
      const byId = /^\d{1,10}$/.test(paymentId) && Number(paymentId) <= 2_147_483_647;
      return firstRow(
        tx,
        cardPaymentAttempts,
        and(
          eq(cardPaymentAttempts.installerId, installerId),
          byId
            ? or(
                eq(cardPaymentAttempts.id, Number(paymentId)),
                eq(cardPaymentAttempts.providerIntentId, paymentId),
              )
            : eq(cardPaymentAttempts.providerIntentId, paymentId),
        ),
      );
    },

    async lockAttempt(tx: DbOrTx, attemptId: number): Promise<AttemptRow | null> {
      return lockRow(tx, cardPaymentAttempts, eq(cardPaymentAttempts.id, attemptId));
    },

    /** Updates an attempt only while its status is one of `fromStatuses`; null when it was not. */
    async updateAttempt(
      tx: DbOrTx,
      attemptId: number,
      set: Partial<typeof cardPaymentAttempts.$inferInsert>,
      fromStatuses: readonly string[],
    ): Promise<AttemptRow | null> {
      const rows = await tx
        .update(cardPaymentAttempts)
        .set(set)
        .where(
          and(eq(cardPaymentAttempts.id, attemptId), inArray(cardPaymentAttempts.status, [...fromStatuses])),
        )
        .returning();
      return rows[0] ?? null;
    },

    async listOpenAttemptsOfInvoice(tx: DbOrTx, invoiceId: number): Promise<AttemptRow[]> {
      return tx
        .select()
        .from(cardPaymentAttempts)
        .where(
          and(
            eq(cardPaymentAttempts.invoiceId, invoiceId),
            inArray(cardPaymentAttempts.status, ['created', 'sent_to_reader', 'processing']),
          ),
        )
        .orderBy(asc(cardPaymentAttempts.id));
    },
  };
}
