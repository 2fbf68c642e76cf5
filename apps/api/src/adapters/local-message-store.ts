import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { localMessages } from '../db/schema/outbox';

export type LocalMessage = {
  outboxId: number | null;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
};

/**
 * Where the local (offline) mail and SMS adapters "deliver": the local_messages table, read by
 * the dev mailbox. The unique index on outbox_id makes a re-delivery of the same outbox item
 * (at-least-once after a crash) a no-op that returns the first message's id.
 */
export function createLocalMessageStore(db: Db) {
  return {
    async save(message: LocalMessage): Promise<{ id: number }> {
      const inserted = await db
        .insert(localMessages)
        .values(message)
        .onConflictDoNothing({ target: localMessages.outboxId })
        .returning({ id: localMessages.id });
      const row = inserted[0];
      if (row) return row;
      if (message.outboxId === null) throw new Error('local message insert returned no row');
      const existing = await db
        .select({ id: localMessages.id })
        .from(localMessages)
        .where(eq(localMessages.outboxId, message.outboxId))
        .limit(1);
      if (!existing[0]) throw new Error(`local message for outbox item ${message.outboxId} vanished`);
      return existing[0];
    },
  };
}

export type LocalMessageStore = ReturnType<typeof createLocalMessageStore>;
