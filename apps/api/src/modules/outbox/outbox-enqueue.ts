import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { outbox } from '../../db/schema/outbox';
import type { OutboxItem } from './outbox-messages';

/**
 * Queues a side effect in the caller's transaction, so it exists exactly when the change that
 * caused it was committed. A repeated dedupe key is ignored (the effect is already queued).
 */
export async function enqueueOutbox(tx: Db | Tx, item: OutboxItem): Promise<void> {
  await tx
    .insert(outbox)
    .values({
      channel: item.channel,
      kind: item.kind,
      payload: item.payload,
      requestId: item.requestId ?? null,
      dedupeKey: item.dedupeKey ?? null,
    })
    .onConflictDoNothing();
  // Wake workers in other processes quickly on PostgreSQL; harmless elsewhere.
  await tx.execute(sql`select pg_notify('outbox', '')`).catch(() => undefined);
}
