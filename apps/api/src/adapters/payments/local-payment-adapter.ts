import { createHash } from 'node:crypto';
import { financialsPaths } from '@app/contracts/financials.contract';
import type { TReaderBehaviour } from '@app/contracts/payments.contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/identity';
import { createLocalConnectOnboarding, type LocalConnectOnboarding } from './local-connect-onboarding';
import { type CardPaymentState, type PaymentPort, type ReaderInfo, ReaderOfflineError } from './payment-port';

/**
 * The local payment provider: the product is its own provider, so the whole money path works without any
 * outside account (demo, tests, a shop trying it).
 *
 * - Invoices exist only in our database; the hosted invoice page is the product's /pay/{token}, where
 *   `chargeTestCard` plays the card network (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 declines).
 * - Card readers are simulated. A reader's behaviour comes from, in order:
 *   1. a setting kept in the database (`app_settings`, key `payments.sim_reader.<readerId>`), written by the
 *      dev call `PUT /api/dev/readers/:readerId {behaviour, delayMs}`, so every API process sees it;
 *   2. the reader id's suffix: `…_offline`, `…_decline`, `…_slow`, `…_timeout`, `…_online`;
 *   3. otherwise online.
 * - A simulated payment keeps no state of its own: where it is follows from the reader's behaviour and the
 *   time since the intent was sent to the reader (`sentAt`, stored on the card payment attempt), so any
 *   process can answer a poll. Online and decline take `delayMs` (default 1.5 s): waiting for the customer for
 *   the first half, processing for the second, then succeeded or declined; slow takes 12 s; timeout never
 *   finishes (the popup gives up after 5 minutes); offline refuses the payment.
 */

export const DEFAULT_READER_DELAY_MS = 1_500;
export const SLOW_READER_DELAY_MS = 12_000;
const SETTING_PREFIX = 'payments.sim_reader.';

export type ReaderSetting = { behaviour: TReaderBehaviour; delayMs: number };
export type ResolvedReaderSetting = ReaderSetting & { source: 'setting' | 'suffix' | 'default' };

const SUFFIX = /_(online|offline|decline|declined|slow|timeout)$/i;

function defaultDelay(behaviour: TReaderBehaviour): number {
  return behaviour === 'slow' ? SLOW_READER_DELAY_MS : DEFAULT_READER_DELAY_MS;
}

/** The behaviour a reader id's suffix asks for, if any. */
export function behaviourFromReaderId(readerId: string): TReaderBehaviour | null {
  const match = SUFFIX.exec(readerId);
  if (!match?.[1]) return null;
  const word = match[1].toLowerCase();
  return word === 'declined' ? 'decline' : (word as TReaderBehaviour);
}

/**
 * Where a simulated card payment is, `elapsedMs` after it was sent to a reader with `setting`. Pure, so the
 * timing is unit-tested without waiting.
 */
export function simulateReaderPayment(
  intentId: string,
  setting: ReaderSetting,
  elapsedMs: number | null,
): CardPaymentState {
  if (elapsedMs === null) return { stage: 'waiting_for_customer' };
  if (setting.behaviour === 'timeout' || setting.behaviour === 'offline') {
    return { stage: 'waiting_for_customer' };
  }
  if (elapsedMs < setting.delayMs / 2) return { stage: 'waiting_for_customer' };
  if (elapsedMs < setting.delayMs) return { stage: 'processing' };
  if (setting.behaviour === 'decline') return { stage: 'declined', message: 'Your card was declined.' };
  return {
    stage: 'succeeded',
    providerPaymentId: `ch_sim_${intentId.replace(/^pi_sim_/, '')}`,
    cardLast4: '4242',
    cardBrand: 'visa',
  };
}

export type LocalPaymentAdapter = PaymentPort &
  LocalConnectOnboarding & {
    readonly kind: 'local';
    /** The simulated reader's behaviour (setting, else suffix, else online). Not inside a transaction. */
    getReaderSetting(readerId: string): Promise<ResolvedReaderSetting>;
    /** Chooses a simulated reader's behaviour for every process (dev call, tests). */
    setReaderSetting(
      readerId: string,
      setting: { behaviour: TReaderBehaviour; delayMs?: number },
    ): Promise<ResolvedReaderSetting>;
  };

/** The local adapter's stand-in for the provider's dashboard (served by the financials module). */
export const LOCAL_DASHBOARD_PATH = financialsPaths.localDashboard;

export function createLocalPaymentAdapter({
  db,
  clock = () => new Date(),
}: {
  db: Db;
  clock?: () => Date;
}): LocalPaymentAdapter {
  async function getReaderSetting(readerId: string): Promise<ResolvedReaderSetting> {
    const rows = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, `${SETTING_PREFIX}${readerId}`));
    const stored = parseSetting(rows[0]?.value);
    if (stored) return { ...stored, source: 'setting' };
    const fromSuffix = behaviourFromReaderId(readerId);
    if (fromSuffix) return { behaviour: fromSuffix, delayMs: defaultDelay(fromSuffix), source: 'suffix' };
    return { behaviour: 'online', delayMs: DEFAULT_READER_DELAY_MS, source: 'default' };
  }

  return {
    kind: 'local',
    getReaderSetting,

    async setReaderSetting(readerId, setting) {
      const value: ReaderSetting = {
        behaviour: setting.behaviour,
        delayMs: setting.delayMs ?? defaultDelay(setting.behaviour),
      };
      await db
        .insert(appSettings)
        .values({ key: `${SETTING_PREFIX}${readerId}`, value: JSON.stringify(value), updatedAt: clock() })
        .onConflictDoUpdate({
          target: appSettings.key,
          set: { value: JSON.stringify(value), updatedAt: clock() },
        });
      return { ...value, source: 'setting' };
    },

    // Local invoices live only in our database: nothing to do at a provider.
    finalizeInvoice: async () => null,
    markInvoicePaidOutOfBand: async () => undefined,
    voidInvoice: async () => undefined,
    updateInvoiceMetadata: async () => undefined,

    async getReader(readerId): Promise<ReaderInfo> {
      const setting = await getReaderSetting(readerId);
      return {
        id: readerId,
        status: setting.behaviour === 'offline' ? 'offline' : 'online',
        label: `Simulated reader (${setting.behaviour})`,
        deviceType: 'simulated_wisepos_e',
      };
    },

    async createCardIntent({ idempotencyKey }) {
      // The same key gives the same intent id; the unique index on card_payment_attempts does the rest.
      const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24);
      return { intentId: `pi_sim_${digest}` };
    },

    async processIntentOnReader({ readerId }) {
      const setting = await getReaderSetting(readerId);
      if (setting.behaviour === 'offline') throw new ReaderOfflineError(readerId);
    },

    async retrieveCardPayment({ intentId, readerId, sentAt }) {
      if (!readerId) return { stage: 'waiting_for_customer' };
      const setting = await getReaderSetting(readerId);
      const elapsed = sentAt ? clock().getTime() - sentAt.getTime() : null;
      return simulateReaderPayment(intentId, setting, elapsed);
    },

    cancelCardPayment: async () => undefined,
    // A simulated intent keeps no state of its own (above): once its attempt is canceled it is gone.
    cancelPaymentIntent: async () => undefined,
    createDashboardLink: async (accountId) => ({
      url: `${LOCAL_DASHBOARD_PATH}/${encodeURIComponent(accountId)}`,
    }),
    // Connect onboarding: the product's own onboarding page (local-connect-onboarding.ts).
    ...createLocalConnectOnboarding({ db, clock }),
  };
}

function parseSetting(value: string | undefined): ReaderSetting | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<ReaderSetting>;
    const behaviours: readonly string[] = ['online', 'offline', 'decline', 'slow', 'timeout'];
    if (typeof parsed.behaviour !== 'string' || !behaviours.includes(parsed.behaviour)) return null;
    const behaviour = parsed.behaviour as TReaderBehaviour;
    const delayMs =
      typeof parsed.delayMs === 'number' && parsed.delayMs >= 0 ? parsed.delayMs : defaultDelay(behaviour);
    return { behaviour, delayMs };
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// The hosted invoice page's card network (test mode).

export type TestCardInput = { number: string; expiry: string; cvc: string };

export type TestCardResult =
  | { ok: true; last4: string; brand: string }
  | {
      ok: false;
      /** invalid: the form is wrong (nothing was tried); declined: the "bank" refused. */
      kind: 'invalid' | 'declined';
      field: 'number' | 'expiry' | 'cvc' | null;
      message: string;
    };

/** Test cards the page knows, as Stripe's test mode has them. */
const TEST_CARDS: Record<
  string,
  { brand: string; outcome: 'success' | 'declined' | 'insufficient' | 'expired' }
> = {
  '4242424242424242': { brand: 'visa', outcome: 'success' },
  '5555555555554444': { brand: 'mastercard', outcome: 'success' },
  '378282246310005': { brand: 'amex', outcome: 'success' },
  '4000000000000002': { brand: 'visa', outcome: 'declined' },
  '4000000000009995': { brand: 'visa', outcome: 'insufficient' },
  '4000000000000069': { brand: 'visa', outcome: 'expired' },
};

export const TEST_CARD_DECLINED_MESSAGE = 'The card was declined. Please try a different card.';

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** MM/YY, MM / YY or MM/YYYY → { month, year } (four-digit year), or null. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match?.[1] || !match[2]) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/**
 * Checks the form and "charges" a test card. Nothing is stored but the last four digits and the brand.
 */
export function chargeTestCard(card: TestCardInput, now: Date): TestCardResult {
  const digits = card.number.replace(/[\s-]/g, '');
  if (digits.length === 0) {
    return { ok: false, kind: 'invalid', field: 'number', message: 'Enter your card number.' };
  }
  if (!/^\d+$/.test(digits)) {
    return { ok: false, kind: 'invalid', field: 'number', message: 'Your card number is invalid.' };
  }
  if (digits.length < 13) {
    return { ok: false, kind: 'invalid', field: 'number', message: 'Your card number is incomplete.' };
  }
  if (digits.length > 19 || !passesLuhn(digits)) {
    return { ok: false, kind: 'invalid', field: 'number', message: 'Your card number is invalid.' };
  }
  const expiry = parseExpiry(card.expiry);
  if (!expiry) {
    return {
      ok: false,
      kind: 'invalid',
      field: 'expiry',
      message: 'Your card’s expiration date is invalid. Use MM/YY.',
    };
  }
  const isPast =
    expiry.year < now.getUTCFullYear() ||
    (expiry.year === now.getUTCFullYear() && expiry.month < now.getUTCMonth() + 1);
  if (isPast) {
    return {
      ok: false,
      kind: 'invalid',
      field: 'expiry',
      message: 'Your card’s expiration date is in the past.',
    };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    return { ok: false, kind: 'invalid', field: 'cvc', message: 'Your card’s security code is invalid.' };
  }
  const known = TEST_CARDS[digits];
  if (!known) {
    return {
      ok: false,
      kind: 'invalid',
      field: 'number',
      message: 'This page is in test mode: use a test card such as 4242 4242 4242 4242.',
    };
  }
  switch (known.outcome) {
    case 'success':
      return { ok: true, last4: digits.slice(-4), brand: known.brand };
    case 'insufficient':
      return {
        ok: false,
        kind: 'declined',
        field: null,
        message: 'The card has insufficient funds. Please try a different card.',
      };
    case 'expired':
      return {
        ok: false,
        kind: 'declined',
        field: null,
        message: 'The card has expired. Please try a different card.',
      };
    default:
      return { ok: false, kind: 'declined', field: null, message: TEST_CARD_DECLINED_MESSAGE };
  }
}
