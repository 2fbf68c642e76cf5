import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import { firstRow } from '../../db/any-row';
import { appSettings, rateLimitHits } from '../../db/schema/identity';
import { paymentFailures } from '../../db/schema/money';
import type { DbOrTx } from './payments.repository';

/** Payment failures, rate-limit hits, advisory locks and settings. */
export function createFailureRows() {
  return {
    async insertFailure(tx: DbOrTx, values: typeof paymentFailures.$inferInsert) {
      const rows = await tx.insert(paymentFailures).values(values).returning();
      return rows[0] ?? null;
    },

    /** A failure logged with the same fields since `since` (repeat of an idempotent log call). */
    async findSameFailure(tx: DbOrTx, values: typeof paymentFailures.$inferInsert, since: Date) {
      const same = (column: SQL | typeof paymentFailures.requestId, value: unknown) =>
        value === null || value === undefined ? sql`${column} is null` : sql`${column} = ${value}`;
      return firstRow(
        tx,
        paymentFailures,
        and(
          same(paymentFailures.requestId, values.requestId),
          eq(paymentFailures.failureType, values.failureType),
          same(sql`${paymentFailures.failureStage}`, values.failureStage),
          same(sql`${paymentFailures.errorMessage}`, values.errorMessage),
          same(sql`${paymentFailures.userId}`, values.userId),
          same(sql`${paymentFailures.providerObjectId}`, values.providerObjectId),
          gt(paymentFailures.createdAt, since),
        ),
      );
    },

    /** Serializes work on one key for the rest of the transaction (all API processes). */
    async lockKey(tx: DbOrTx, key: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    },

    async countHits(tx: DbOrTx, bucket: string, since: Date): Promise<number> {
      const rows = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.hitAt, since)));
      return Number(rows[0]?.n ?? 0);
    },

    async addHit(tx: DbOrTx, bucket: string, at: Date): Promise<void> {
      await tx.insert(rateLimitHits).values({ bucket, hitAt: at });
    },

    async readSetting(tx: DbOrTx, key: string): Promise<string | null> {
      const rows = await tx
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, key));
      return rows[0]?.value ?? null;
    },
  };
}
