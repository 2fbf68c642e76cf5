import type { TW9 } from '@app/contracts/profile.contract';
import { eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { installers, installerW9s, users } from '../../db/schema/identity';

export type W9Row = typeof installerW9s.$inferSelect & { uploadedByName: string | null };
export type NewW9 = Omit<typeof installerW9s.$inferInsert, 'installerId'>;

/** The W-9 as the wire shows it: never the storage key. */
export function w9Dto(row: {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  uploadedAt: Date | string;
  uploadedByName: string | null;
}): TW9 {
  return {
    file_name: row.fileName,
    content_type: row.contentType as TW9['content_type'],
    size_bytes: Number(row.sizeBytes),
    uploaded_at: new Date(row.uploadedAt).toISOString(),
    uploaded_by: row.uploadedByName,
  };
}

const columns = {
  ...pickColumns(
    installerW9s,
    'installerId',
    'storageKey',
    'fileName',
    'contentType',
    'sizeBytes',
    'uploadedAt',
    'uploadedByUserId',
  ),
  uploadedByName: users.name,
};

/** The installers' W-9 records (table installer_w9s, one per installer). */
export function createW9Repository(db: Db) {
  async function find(installerId: number): Promise<W9Row | null> {
    const rows = await db
      .select(columns)
      .from(installerW9s)
      .leftJoin(users, eq(users.id, installerW9s.uploadedByUserId))
      .where(eq(installerW9s.installerId, installerId));
    return rows[0] ?? null;
  }

  return {
    find,

    /** Adds the installer's W-9; false when one is on file already (also when another upload just won). */
    async insert(installerId: number, values: NewW9): Promise<boolean> {
      const rows = await db
        .insert(installerW9s)
        .values({ ...values, installerId })
        .onConflictDoNothing({ target: installerW9s.installerId })
        .returning({ installerId: installerW9s.installerId });
      return rows.length > 0;
    },

    /** Replaces the W-9 on file; answers the key of the file it replaced, or null when none was on file. */
    async replace(installerId: number, values: NewW9): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select({ storageKey: installerW9s.storageKey })
          .from(installerW9s)
          .where(eq(installerW9s.installerId, installerId))
          .for('update');
        if (!old) return null;
        await tx.update(installerW9s).set(values).where(eq(installerW9s.installerId, installerId));
        return old.storageKey;
      });
    },

    /** Removes the W-9 record; answers its file's key, or null when none was on file. */
    async remove(installerId: number): Promise<string | null> {
      const [row] = await db
        .delete(installerW9s)
        .where(eq(installerW9s.installerId, installerId))
        .returning({ storageKey: installerW9s.storageKey });
      return row?.storageKey ?? null;
    },

    /**
     * Whether the dealership paid this installer directly (check, cash, or settled outside the platform) for
     * any of its invoices: what lets it download the installer's W-9 for its 1099s.
     */
    async dealerPaidDirectly(dealerId: number, installerId: number): Promise<boolean> {
      const result = await db.execute(sql`
        select exists (
          select 1 from invoices i
            join payments p on p.invoice_id = i.id
           where i.dealer_id = ${dealerId} and i.installer_id = ${installerId}
             and p.installer_id = ${installerId}
             and p.method in ('check','cash','settle') and p.payment_state in ('paid','settled')
        ) as paid`);
      const rows = (result as unknown as { rows: { paid: boolean }[] }).rows;
      return rows[0]?.paid === true;
    },

    /** The demo W-9's size once its file is written (the seed cannot know it). */
    async setSize(installerId: number, sizeBytes: number): Promise<void> {
      await db.update(installerW9s).set({ sizeBytes }).where(eq(installerW9s.installerId, installerId));
    },

    /** The demo data's W-9 records (keys under w9/demo/) with what their generated form shows. */
    async listDemo() {
      return db
        .select({
          ...pickColumns(installerW9s, 'installerId', 'storageKey', 'uploadedAt'),
          ...pickColumns(installers, 'name', 'addressLine1', 'city', 'state', 'zip'),
        })
        .from(installerW9s)
        .innerJoin(installers, eq(installers.id, installerW9s.installerId))
        .where(like(installerW9s.storageKey, 'w9/demo/%'))
        .limit(20);
    },
  };
}
export type W9Repository = ReturnType<typeof createW9Repository>;
