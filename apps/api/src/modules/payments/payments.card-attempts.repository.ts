import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { cardPaymentAttempts } from '../../db/schema/money';
import type { AttemptRow, DbOrTx } from './payments.repository';

/** Card payment attempts (the card reader's intents). */
export function createCardAttemptRows() {
  return {
    async insertAttempt(
      tx: DbOrTx,
      values: typeof cardPaymentAttempts.$inferInsert,
    ): Promise<AttemptRow | null> {
      const rows = await tx
        .insert(cardPaymentAttempts)
        .values(values)
        .onConflictDoNothing({ target: cardPaymentAttempts.providerIntentId })
        .returning();
      return rows[0] ?? null;
    },

    async findAttemptByIntent(tx: DbOrTx, intentId: string): Promise<AttemptRow | null> {
      const rows = await tx
        .select()
        .from(cardPaymentAttempts)
        .where(eq(cardPaymentAttempts.providerIntentId, intentId));
      return rows[0] ?? null;
    },

    /** An attempt by intent id or numeric id, of the installer. */
    async findAttemptOfInstaller(
      tx: DbOrTx,
      installerId: number,
      paymentId: string,
    ): Promise<AttemptRow | null> {
      const byId = /^\d{1,10}$/.test(paymentId) && Number(paymentId) <= 2_147_483_647;
      const rows = await tx
        .select()
        .from(cardPaymentAttempts)
        .where(
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
      return rows[0] ?? null;
    },

    async lockAttempt(tx: DbOrTx, attemptId: number): Promise<AttemptRow | null> {
      const rows = await tx
        .select()
        .from(cardPaymentAttempts)
        .where(eq(cardPaymentAttempts.id, attemptId))
        .for('update');
      return rows[0] ?? null;
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
