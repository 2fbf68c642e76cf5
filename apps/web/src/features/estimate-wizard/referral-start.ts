import { z } from 'zod';

/**
 * Referral data the referrals screen passes in navigation state when an installer converts a lead
 * (001 §2.3, §2.5): `navigate('/newestimate', { state: { referral } })`. Both the entity's spellings
 * (referral_id, customer_id, customer_name, VIN) and camelCase are read.
 */
export type ReferralStart = {
  referralId: number;
  customerId: number;
  customerName: string;
  vin: string | null;
};

/** The wizard moves on to the Work step this long after the referral's vehicle is complete (001 §2.3). */
export const REFERRAL_ADVANCE_MS = 500;

const ZId = z.coerce.number().int().positive();
const ZReferralState = z.object({
  referral: z.looseObject({
    referralId: ZId.optional(),
    referral_id: ZId.optional(),
    customerId: ZId.optional(),
    customer_id: ZId.optional(),
    customerName: z.string().optional(),
    customer_name: z.string().optional(),
    vin: z.string().nullish(),
    VIN: z.string().nullish(),
  }),
});

export function readReferralStart(state: unknown): ReferralStart | null {
  const parsed = ZReferralState.safeParse(state);
  if (!parsed.success) return null;
  const r = parsed.data.referral;
  const referralId = r.referralId ?? r.referral_id;
  const customerId = r.customerId ?? r.customer_id;
  const customerName = (r.customerName ?? r.customer_name ?? '').trim();
  if (!referralId || !customerId || !customerName) return null;
  return { referralId, customerId, customerName, vin: (r.vin ?? r.VIN ?? '').trim() || null };
}
