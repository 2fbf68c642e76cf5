import { and, asc, desc, eq, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { dealers, installers } from '../../db/schema/identity';
import { localMessages, outbox } from '../../db/schema/outbox';
import type { OutboxChannel, OutboxDelivery } from './outbox-handlers';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dead';

export type DevMessageRow = {
  id: number;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  attachments: string[];
};

/** Whose messages the dev mailbox shows: e-mail addresses (lower case) and phone numbers (last 10 digits). */
export type DevMailbox = {
  /** The signed-in user's own address: the only one whose personal messages (a reset link) it sees. */
  ownEmail: string;
  emails: string[];
  phones: string[];
};

/** Messages that only the person they are addressed to may read, never a colleague sharing the address. */
export const PERSONAL_MESSAGE_KINDS = ['password-reset'];

export type RequestDeliveryRow = {
  id: number;
  channel: OutboxChannel;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

type ClaimedRow = {
  id: number | string;
  channel: OutboxChannel;
  kind: string;
  payload: unknown;
  request_id: number | null;
  attempts: number;
  max_attempts: number;
};

const MAX_ERROR_LENGTH = 2000;

/** How far a queued message got (the dev mailbox and a request's deliveries both show it). */
const deliveryColumns = {
  ...pickColumns(outbox, 'status', 'attempts', 'lastError', 'createdAt', 'sentAt'),
};
export const LEASE_EXPIRED_ERROR =
  'Delivery did not finish within its lease (the delivering process probably stopped mid-send); retrying';
export const OUTBOX_NOTIFY_CHANNEL = 'outbox';

/**
 * Every query of the outbox. Time comes from the database (now()), never from the app clock:
 * rows are stamped by column defaults in the database, and several processes must agree on
 * what is due even if their clocks differ.
 */
export function createOutboxRepository(db: Db) {
  return {
    /**
     * Claims up to `limit` due items for this process and returns them. The MATERIALIZED CTE
     * locks the chosen ids exactly once (FOR UPDATE SKIP LOCKED: rows another process is
     * claiming are skipped, not waited for); the UPDATE marks them 'sending' under a lease
     * (locked_until) and counts the attempt. Only 'pending'/'failed' rows are candidates, so the
     * partial index outbox_due_idx serves the query however many sent rows the table holds.
     */
    async claimDue(limit: number, lockMs: number): Promise<OutboxDelivery[]> {
      const result = (await db.execute(sql`
        with due as materialized (
          select id from outbox
          where status in ('pending', 'failed')
            and next_attempt_at <= now()
            and (locked_until is null or locked_until < now())
          order by id
          limit ${limit}
          for update skip locked
        )
        update outbox as o
        set status = 'sending',
            locked_until = now() + ${lockMs}::int * interval '1 millisecond',
            attempts = o.attempts + 1
        from due
        where o.id = due.id
        returning o.id, o.channel, o.kind, o.payload, o.request_id, o.attempts, o.max_attempts
      `)) as unknown as { rows: ClaimedRow[] };
      return result.rows
        .map((r) => ({
          id: Number(r.id),
          channel: r.channel,
          kind: r.kind,
          payload: r.payload,
          requestId: r.request_id === null ? null : Number(r.request_id),
          attempts: Number(r.attempts),
          maxAttempts: Number(r.max_attempts),
        }))
        .sort((a, b) => a.id - b.id);
    },

    /**
     * Gives back items whose lease expired while 'sending': the process delivering them died
     * (or hung) mid-send. They become 'failed' and due at once (or 'dead' if that was their last
     * attempt), so claimDue() picks them up. Kept out of claimDue() because 'sending' rows are
     * not in the partial index: this is a scan, run every so often rather than on every poll.
     */
    async releaseExpiredLeases(): Promise<number> {
      const rows = await db
        .update(outbox)
        .set({
          status: sql`case when ${outbox.attempts} >= ${outbox.maxAttempts} then 'dead' else 'failed' end`,
          lastError: LEASE_EXPIRED_ERROR,
          lockedUntil: null,
          nextAttemptAt: sql`now()`,
        })
        .where(and(eq(outbox.status, 'sending'), lt(outbox.lockedUntil, sql`now()`)))
        .returning({ id: outbox.id });
      return rows.length;
    },

    /**
     * Records a delivery. Guarded by status and attempts (a fencing token): if this process's
     * lease expired and another process re-claimed the item, this write does nothing and
     * returns false.
     */
    async markSent(id: number, attempts: number): Promise<boolean> {
      const rows = await db
        .update(outbox)
        .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'sending'), eq(outbox.attempts, attempts)))
        .returning({ id: outbox.id });
      return rows.length > 0;
    },

    /** Records a failed attempt: 'failed' with the next attempt `retryDelayMs` from now, or 'dead'. */
    async markFailed(
      id: number,
      attempts: number,
      failure: { error: string; retryDelayMs: number; isDead: boolean },
    ): Promise<boolean> {
      const rows = await db
        .update(outbox)
        .set({
          status: failure.isDead ? 'dead' : 'failed',
          lastError: failure.error.slice(0, MAX_ERROR_LENGTH),
          nextAttemptAt: sql`now() + ${Math.max(0, Math.round(failure.retryDelayMs))}::int * interval '1 millisecond'`,
          lockedUntil: null,
        })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'sending'), eq(outbox.attempts, attempts)))
        .returning({ id: outbox.id });
      return rows.length > 0;
    },

    /** E-mail addresses (lower case) and phone numbers (last 10 digits) of these dealerships or installers. */
    async listCompanyAddresses(
      kind: 'dealer' | 'installer',
      ids: number[],
    ): Promise<{ emails: string[]; phones: string[] }> {
      if (ids.length === 0) return { emails: [], phones: [] };
      const rows =
        kind === 'dealer'
          ? await db
              .select({ email: dealers.email, billingEmail: dealers.billingEmail, phone: dealers.phone })
              .from(dealers)
              .where(inArray(dealers.id, ids))
          : await db
              .select({ email: installers.email, billingEmail: sql<null>`null`, phone: installers.phone })
              .from(installers)
              .where(inArray(installers.id, ids));
      return {
        emails: rows.flatMap((r) => [r.email, r.billingEmail]).flatMap((e) => (e ? [normalizeEmail(e)] : [])),
        phones: rows.flatMap((r) => (r.phone ? [normalizePhone(r.phone)] : [])),
      };
    },

    /**
     * E-mail/SMS items of one mailbox, newest first: e-mails to its addresses (personal kinds only to its own
     * address), texts to its phone numbers. Starts from the outbox so items not delivered yet (pending, failed,
     * dead) show too, with what they will say.
     */
    async listDevMessages({
      channel,
      limit,
      mailbox,
    }: {
      channel: 'email' | 'sms' | null;
      limit: number;
      mailbox: DevMailbox;
    }): Promise<DevMessageRow[]> {
      const to = sql`(${outbox.payload}->>'to')`;
      const emails = mailbox.emails.length > 0 ? mailbox.emails : [''];
      const phones = mailbox.phones.filter((p) => p.length > 0);
      const email = and(
        eq(outbox.channel, 'email'),
        inArray(sql`lower(trim(${to}))`, emails),
        or(
          notInArray(outbox.kind, PERSONAL_MESSAGE_KINDS),
          eq(sql`lower(trim(${to}))`, normalizeEmail(mailbox.ownEmail)),
        ),
      );
      const sms =
        phones.length > 0
          ? and(
              eq(outbox.channel, 'sms'),
              inArray(sql`right(regexp_replace(${to}, '[^0-9]', '', 'g'), 10)`, phones),
            )
          : undefined;
      const rows = await db
        .select({
          id: outbox.id,
          channel: outbox.channel,
          to: sql<string>`coalesce(${localMessages.to}, ${outbox.payload}->>'to', '')`,
          subject: sql<
            string | null
          >`case when ${outbox.channel} = 'email' then coalesce(${localMessages.subject}, ${outbox.payload}->>'subject') end`,
          text: sql<string>`coalesce(${localMessages.text}, ${outbox.payload}->>'text', '')`,
          attachments: sql<string[]>`(select coalesce(json_agg(a->>'filename'), '[]'::json)
            from jsonb_array_elements(case when jsonb_typeof(${outbox.payload}->'attachments') = 'array'
              then ${outbox.payload}->'attachments' else '[]'::jsonb end) a)`,
          ...deliveryColumns,
        })
        .from(outbox)
        .leftJoin(localMessages, eq(localMessages.outboxId, outbox.id))
        .where(channel === 'email' ? email : channel === 'sms' ? (sms ?? sql`false`) : or(email, sms))
        .orderBy(desc(outbox.id))
        .limit(limit);
      return rows as DevMessageRow[];
    },

    /** Every effect queued for one request (job), oldest first. */
    async listByRequest(requestId: number): Promise<RequestDeliveryRow[]> {
      const rows = await db
        .select({
          ...pickColumns(outbox, 'id', 'channel', 'kind'),
          ...deliveryColumns,
        })
        .from(outbox)
        .where(eq(outbox.requestId, requestId))
        .orderBy(asc(outbox.id))
        .limit(500);
      return rows as RequestDeliveryRow[];
    },

    /**
     * Calls `onWake` whenever something is enqueued (enqueueOutbox runs pg_notify('outbox')).
     * PostgreSQL: a dedicated pg.Client outside the pool (a LISTEN connection is held forever),
     * reconnected after errors; PGlite: its built-in listen(). Resolves to an unsubscribe
     * function, or null when the driver cannot listen (the worker then only polls).
     */
    async listenForWakeups(
      onWake: () => void,
      onError: (error: unknown) => void,
    ): Promise<(() => Promise<void>) | null> {
      const driver = (db as unknown as { $client?: unknown }).$client;
      if (driver instanceof pg.Pool) return listenOnPostgres(driver, onWake, onError);
      const pglite = driver as { listen?: (channel: string, cb: () => void) => Promise<() => Promise<void>> };
      if (driver && typeof pglite.listen === 'function') {
        const unlisten = await pglite.listen(OUTBOX_NOTIFY_CHANNEL, onWake);
        return async () => {
          await unlisten().catch(() => undefined);
        };
      }
      return null;
    },
  };
}

async function listenOnPostgres(
  pool: pg.Pool,
  onWake: () => void,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let isClosed = false;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async () => {
    if (isClosed) return;
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel === OUTBOX_NOTIFY_CHANNEL) onWake();
    });
    next.on('error', (error) => {
      onError(error);
      reconnectSoon(next);
    });
    next.on('end', () => reconnectSoon(next));
    try {
      await next.connect();
      await next.query(`listen ${OUTBOX_NOTIFY_CHANNEL}`);
      if (isClosed) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      // Anything enqueued while we were not listening is picked up by this wake or the next poll.
      onWake();
    } catch (error) {
      onError(error);
      reconnectSoon(next);
    }
  };

  const reconnectSoon = (broken: pg.Client) => {
    if (client === broken) client = null;
    void broken.end().catch(() => undefined);
    if (isClosed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, 5_000);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    isClosed = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    if (current) await current.end().catch(() => undefined);
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The last 10 digits: 813-555-0100, (813) 555 0100 and +1 813 555 0100 are one number. */
export function normalizePhone(phone: string): string {
  return phone.replace(/\D/g, '').slice(-10);
}
