import { and, eq, isNull } from 'drizzle-orm';
import { firstRow } from '../../db/any-row';
import type { Db } from '../../db/client';
import { insertOnce } from '../../db/insert-once';
import { pickColumns } from '../../db/pick-columns';
import { appSettings, installers } from '../../db/schema/identity';

const EVENT_PREFIX = 'payments.account_event.';

export type OnboardingInstaller = {
  id: number;
  name: string;
  email: string | null;
  stripeAccountId: string | null;
  onboardingComplete: boolean;
};

/** The installer's payment account columns: the only Drizzle of payment onboarding. */
export function createPaymentOnboardingRepository(db: Db) {
  return {
    async findInstaller(id: number): Promise<OnboardingInstaller | null> {
      const columns = pickColumns(installers, 'id', 'name', 'email', 'stripeAccountId', 'onboardingComplete');
      return firstRow(db, installers, eq(installers.id, id), columns);
    },

    /** Keeps the first account of the installer: returns the one it has after this (a racing create's). */
    async saveAccountId(installerId: number, accountId: string): Promise<string> {
      await db
        .update(installers)
        .set({ stripeAccountId: accountId })
        .where(and(eq(installers.id, installerId), isNull(installers.stripeAccountId)));
      const rows = await db
        .select({ accountId: installers.stripeAccountId })
        .from(installers)
        .where(eq(installers.id, installerId));
      return rows[0]?.accountId ?? accountId;
    },
  };
}

/**
 * Applies a verified `account.updated` (Stripe webhook, or the local onboarding page) once: the event id is
 * recorded first (a repeat delivery changes nothing), then the installer whose account it is gets its
 * onboarding_complete, unless the state it has came from a newer event: Stripe does not deliver in order,
 * and an older "not yet payable" arriving after "payable" must not block COMPLETE JOB again. Two events of
 * the same second (Stripe's `created` has seconds) apply in the order they arrive. Returns whether the
 * installer's state changed.
 */
export async function applyAccountUpdate(
  db: Db,
  event: { eventId: string; accountId: string; onboardingComplete: boolean; occurredAt: Date },
  at: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const recorded = await insertOnce(tx, appSettings, {
      key: `${EVENT_PREFIX}${event.eventId}`,
      value: event.accountId,
      updatedAt: at,
    });
    if (!recorded) return false;
    const [current] = await tx
      .select({
        id: installers.id,
        complete: installers.onboardingComplete,
        eventAt: installers.onboardingEventAt,
      })
      .from(installers)
      .where(eq(installers.stripeAccountId, event.accountId))
      .for('update');
    if (!current || (current.eventAt && current.eventAt > event.occurredAt)) return false;
    await tx
      .update(installers)
      .set({ onboardingComplete: event.onboardingComplete, onboardingEventAt: event.occurredAt })
      .where(eq(installers.id, current.id));
    return current.complete !== event.onboardingComplete;
  });
}
