import { createHash, randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/identity';
import type { ProviderEvent } from './payment-port';

/** Where the local onboarding page is served (outside /api; the payment-onboarding module's page). */
export const LOCAL_ONBOARDING_PATH = '/connect/onboard';
const LINK_PREFIX = 'payments.connect_link.';
const ACCOUNT_PREFIX = 'payments.connect_account.';
/** An onboarding link works once, for an hour (Stripe's account links expire within minutes). */
const LINK_TTL_MS = 60 * 60 * 1000;

export type AccountUpdatedEvent = Extract<ProviderEvent, { kind: 'account_updated' }>;
type StoredLink = { accountId: string; refreshUrl: string; returnUrl: string; expiresAt: string };
export type LocalOnboardingLink = { accountId: string; refreshUrl: string; returnUrl: string };
/** What the local onboarding form collects (what Stripe's Express onboarding asks for), already validated. */
export type LocalAccountDetails = {
  businessType: 'individual' | 'company';
  legalName: string;
  taxIdLast4: string;
  phone: string;
  addressLine1: string;
  city: string;
  state: string;
  zip: string;
  routingNumber: string;
  accountLast4: string;
};

const keyOf = (token: string) => `${LINK_PREFIX}${createHash('sha256').update(token).digest('hex')}`;

/**
 * Connect onboarding of the local payment adapter (P27 offline): the account id is derived from the installer,
 * the onboarding link is a random single-use token kept hashed in app_settings, and the product's own page
 * (payment-onboarding.page.ts) completes the account, as Stripe's hosted onboarding does.
 */
export function createLocalConnectOnboarding({ db, clock }: { db: Db; clock: () => Date }) {
  async function readLink(token: string): Promise<StoredLink | null> {
    if (!/^[\w-]{20,100}$/.test(token)) return null;
    const rows = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, keyOf(token)));
    const link = rows[0] ? (JSON.parse(rows[0].value) as StoredLink) : null;
    if (!link || new Date(link.expiresAt).getTime() <= clock().getTime()) return null;
    return link;
  }

  return {
    createConnectedAccount: async ({ installerId }: { installerId: number }) => ({
      accountId: `acct_local_${installerId}`,
    }),

    async createOnboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }) {
      const token = randomBytes(24).toString('base64url');
      const value: StoredLink = {
        ...input,
        expiresAt: new Date(clock().getTime() + LINK_TTL_MS).toISOString(),
      };
      await db
        .insert(appSettings)
        .values({ key: keyOf(token), value: JSON.stringify(value), updatedAt: clock() });
      return { url: `${LOCAL_ONBOARDING_PATH}/${token}` };
    },

    /** The link of a token, or null when it is unknown, used or expired. */
    async findOnboardingLink(token: string): Promise<LocalOnboardingLink | null> {
      const link = await readLink(token);
      return link
        ? { accountId: link.accountId, refreshUrl: link.refreshUrl, returnUrl: link.returnUrl }
        : null;
    },

    /**
     * Completes the account with the details (the link is spent: a second post finds nothing) and returns the
     * event a provider would send, or null when the link is unknown, used or expired.
     */
    async completeOnboarding(
      token: string,
      details: LocalAccountDetails,
    ): Promise<{ event: AccountUpdatedEvent; returnUrl: string } | null> {
      const link = await readLink(token);
      if (!link) return null;
      const spent = await db
        .delete(appSettings)
        .where(eq(appSettings.key, keyOf(token)))
        .returning({ key: appSettings.key });
      if (spent.length === 0) return null;
      const value = JSON.stringify({ ...details, completedAt: clock().toISOString() });
      await db
        .insert(appSettings)
        .values({ key: `${ACCOUNT_PREFIX}${link.accountId}`, value, updatedAt: clock() })
        .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: clock() } });
      return {
        event: {
          kind: 'account_updated',
          eventId: `evt_local_${randomBytes(12).toString('base64url')}`,
          type: 'account.updated',
          accountId: link.accountId,
          onboardingComplete: true,
          occurredAt: clock(),
        },
        returnUrl: link.returnUrl,
      };
    },

    /** Forgets expired links (they are otherwise left behind by owners who never finish). */
    async pruneLinks(): Promise<void> {
      const rows = await db
        .select({ key: appSettings.key, value: appSettings.value })
        .from(appSettings)
        .where(like(appSettings.key, `${LINK_PREFIX}%`));
      for (const row of rows) {
        const link = JSON.parse(row.value) as StoredLink;
        if (new Date(link.expiresAt).getTime() <= clock().getTime()) {
          await db.delete(appSettings).where(eq(appSettings.key, row.key));
        }
      }
    },
  };
}
export type LocalConnectOnboarding = ReturnType<typeof createLocalConnectOnboarding>;
