import { referralStatuses } from '@app/domain/referrals/referral-status';
import { z } from 'zod';
import { defineCall } from './call.contract';
import { emailMessage, normalizePhone } from './customers.contract';
import { ZVin } from './vehicles.contract';

/**
 * The referral programme (catalogue rows 96–103, §3.7, §4.17–4.19, §5.11, §5.13, §5.14; 001 §2.5, §2.6, §3,
 * §7, §8; decisions 14, 15, 17 and docs/decisions/010-referral-programme.md). The server owns every status:
 * the customer e-mail (CONTACT), the benefits page (VIEWED, OFFERED), the claim (CLAIMED), the estimate
 * (ESTIMATE_CREATED / BOOKED) and the request it follows up to COMPLETE.
 */
export const referralPaths = {
  dealerReferrals: '/referrals/:userId',
  specialistReferrals: '/referrals/specialist/:typeId',
  summary: '/referrals/summary/:dealerId',
  create: '/referrals/',
  update: '/referrals',
  claim: '/claimreferral',
  publicReferral: '/public/referral',
  benefits: '/referral-benefits',
  benefitsInterest: '/referral-benefits/interest',
} as const;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);

export const ZReferralStatus = z.enum(referralStatuses);
export type TReferralStatus = z.infer<typeof ZReferralStatus>;

/** Messages the pages show (verbatim where the spec gives them). */
export const referralMessages = {
  claimFailed: 'Failed to claim referral. Please try again.',
  claimed: 'Referral claimed successfully!',
  added: 'Sale Added to system',
  network: 'Network error. Please check your connection and try again.',
  submitFailed: 'Failed to submit referral. Please try again.',
  invalidLink: 'This referral link is invalid.',
  expired: 'This referral has expired and can no longer be claimed.',
  alreadyClaimed: 'This referral has already been claimed by another specialist.',
  unknownReferrer:
    'We could not find a dealership account for this e-mail. Use the e-mail you sign in with, or contact support.',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  email: emailMessage,
  phoneRequired: 'Phone number is required',
  phone: 'Please enter a valid phone number',
  businessRequired: 'Business name is required',
  referrerRequired: 'Your email is required',
  customerNameRequired: 'Customer name is required',
  customerEmailRequired: 'Customer email is required',
  customerEmail: 'Please enter a valid customer email address',
  vinRequired: 'VIN is required',
  vin: 'VIN must be exactly 17 characters (letters and numbers, excluding I, O, Q)',
} as const;

const requiredText = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);
const requiredEmail = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(254, invalid)
    .pipe(z.email(invalid))
    .meta({ format: 'email' });
const requiredVin = z
  .string({ error: referralMessages.vinRequired })
  .trim()
  .min(1, referralMessages.vinRequired)
  .pipe(ZVin);

/** A US phone as the claim form takes it (K52): 10 digits with optional +, leading 1, ( ) spaces - . */
export const ZClaimPhone = z
  .string({ error: referralMessages.phoneRequired })
  .trim()
  .min(1, referralMessages.phoneRequired)
  .transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: referralMessages.phone });
      return z.NEVER;
    }
    return phone;
  });

/** The referral entity of rows 96 and 97 (001 §3), with what the screens compute from it. */
export const ZReferral = z.object({
  referral_id: z.number().int(),
  referralId: z.number().int(),
  status: ZReferralStatus,
  date_added: z.string(),
  expiration_date: z.string().nullable(),
  /** Whole days left to claim; null once claimed. */
  days_remaining: z.number().int().nullable(),
  expired: z.boolean(),
  specialist_action: z.enum(['available', 'owned']),
  /** Never sent: tokens are stored hashed and travel only in the e-mailed links. */
  claim_token: z.null(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
  /** Only to the dealership and to the specialist that claimed it. */
  customer_Email_Address: z.string().nullable(),
  customer_phone_number: z.string().nullable(),
  VIN: z.string().nullable(),
  Year: z.number().int().nullable(),
  Make: z.string().nullable(),
  Model: z.string().nullable(),
  requested_service: z.string().nullable(),
  zip_code: z.string().nullable(),
  /** 'Tampa, FL' from the ZIP (the address adapter). */
  location_area: z.string().nullable(),
  claimed_date: z.string().nullable(),
  claimed_at: z.string().nullable(),
  claimed_specialist_name: z.string().nullable(),
  claimed_specialist_business: z.string().nullable(),
  dealer_id: z.number().int(),
  dealer_name: z.string(),
  request_id: z.number().int().nullable(),
  /** The dealer's bonus in dollars: $25, or $100 when the service is PPF (K46). */
  bonus_amount: z.number(),
  bonus_payable: z.boolean(),
  paid_out_at: z.string().nullable(),
  history: z.array(z.object({ status: ZReferralStatus, changed_at: z.string() })),
});
export type TReferral = z.infer<typeof ZReferral>;

export const ZReferralFunnel = z.object({
  sold: z.number().int(),
  contacted: z.number().int(),
  viewed: z.number().int(),
  offered: z.number().int(),
  claimed: z.number().int(),
  booked: z.number().int(),
  complete: z.number().int(),
});
export const ZReferralSummary = z.object({
  funnel: ZReferralFunnel,
  /** Bonuses that became payable this month (UTC), in dollars. */
  bonus_this_month: z.number(),
  bonus_total: z.number(),
  /** Payable bonuses not yet in a monthly payout. */
  bonus_pending_payout: z.number(),
});
export type TReferralSummary = z.infer<typeof ZReferralSummary>;

/**
 * Row 98. The documented flow posts the customer first (row 124) and sends its customerId; a client may instead
 * send the customer's name and e-mail here, so the customer and the referral are written in one transaction.
 */
export const ZCreateReferralBody = z
  .object({
    userId: ZDbId.optional(),
    dealerId: ZDbId.optional(),
    customerId: ZDbId.optional(),
    customerName: requiredText(referralMessages.customerNameRequired).optional(),
    customerEmailAddress: requiredEmail(
      referralMessages.customerEmailRequired,
      referralMessages.customerEmail,
    ).optional(),
    vin: requiredVin,
    dateAdded: z.string().max(40).optional(),
    status: z.literal('NEW').optional(),
    refferingEmail: z.string().max(254).optional(),
  })
  .refine((b) => b.customerId !== undefined || (b.customerName && b.customerEmailAddress), {
    message: 'Send customerId, or customerName and customerEmailAddress',
    path: ['customerId'],
  });
export const ZCreateReferralReply = z.object({
  referralId: z.number().int(),
  referral_id: z.number().int(),
  insertId: z.number().int(),
  customerId: z.number().int(),
  status: ZReferralStatus,
});

/** Row 99: the wizard names the request it made from the referral; any status the client sends is checked. */
export const ZUpdateReferralBody = z
  .object({
    referralId: ZDbId.optional(),
    referral_id: ZDbId.optional(),
    status: ZReferralStatus.optional(),
    requestId: ZDbId.optional(),
    updated_date: z.string().max(40).optional(),
  })
  .refine((b) => b.referralId !== undefined || b.referral_id !== undefined, {
    message: 'referralId is required',
    path: ['referralId'],
  });

/** Row 100: public with the e-mailed token, or signed in as an installer without one (decision 17). */
export const ZClaimReferralBody = z.object({
  referral_id: ZDbId,
  claim_token: z.string().trim().min(1).max(200).optional(),
  specialist_name: z.string().trim().max(120).optional(),
  specialist_phone: z.string().trim().max(40).optional(),
  specialist_email: z.string().trim().max(254).optional(),
  specialist_business: z.string().trim().max(160).optional(),
});
/** The public claim form's fields, all required (catalogue §4.18). */
export const ZPublicClaimFields = z.object({
  specialist_name: requiredText(referralMessages.nameRequired),
  specialist_email: requiredEmail(referralMessages.emailRequired, referralMessages.email),
  specialist_phone: ZClaimPhone,
  specialist_business: requiredText(referralMessages.businessRequired, 160),
});
export const ZClaimReferralReply = z.object({
  success: z.literal(true),
  message: z.string(),
  referral_id: z.number().int(),
  customer_details: z.object({
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    service_requested: z.string().nullable(),
    location: z.string().nullable(),
    vehicle: z.string(),
  }),
  email_sent_to: z.string().nullable(),
});
export type TClaimReferralReply = z.infer<typeof ZClaimReferralReply>;

export const ZReferralLinkQuery = z.object({
  referral: ZDbId,
  token: z.string().trim().min(1).max(200),
});
export const ZReferralPreviewReply = z.object({
  success: z.literal(true),
  referral_preview: z.object({
    /** First name and last initial: contact details only after the claim. */
    customer_name: z.string(),
    service_type: z.string().nullable(),
    location_area: z.string().nullable(),
    vehicle_info: z.string(),
    expiration_date: z.string().nullable(),
  }),
});
export type TReferralPreview = z.infer<typeof ZReferralPreviewReply>['referral_preview'];

/** Row 103 (catalogue §4.19). */
export const ZPublicReferralBody = z.object({
  referring_email: requiredEmail(referralMessages.referrerRequired, referralMessages.email),
  customer_name: requiredText(referralMessages.customerNameRequired),
  customer_email: requiredEmail(referralMessages.customerEmailRequired, referralMessages.customerEmail),
  vin: requiredVin,
});
export const ZPublicReferralReply = z.object({
  success: z.literal(true),
  referralId: z.number().int(),
  status: ZReferralStatus,
  error: z.null(),
});

/** The customer benefits page (decision 010): what the e-mail's link opens. */
export const ZBenefitsReply = z.object({
  referral_id: z.number().int(),
  customer_first_name: z.string(),
  dealer_name: z.string(),
  vehicle_info: z.string(),
  vin: z.string().nullable(),
  status: ZReferralStatus,
  interested: z.boolean(),
  expired: z.boolean(),
  zip_code: z.string().nullable(),
  requested_service: z.string().nullable(),
  services: z.array(
    z.object({ key: z.string(), name: z.string(), description: z.string(), ppf: z.boolean() }),
  ),
});
export type TBenefits = z.infer<typeof ZBenefitsReply>;
export const ZBenefitsInterestBody = z.object({
  referral: ZDbId,
  token: z.string().trim().min(1).max(200),
  services: z.array(z.string().trim().min(1).max(60)).min(1, 'Choose at least one service').max(6),
  zip: z
    .string({ error: 'ZIP code is required' })
    .trim()
    .regex(/^\d{5}(?:-?\d{4})?$/, 'Enter a 5-digit ZIP code'),
  phone: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const phone = normalizePhone(v);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: referralMessages.phone });
        return z.NEVER;
      }
      return phone;
    }),
});
export const ZBenefitsInterestReply = z.object({
  success: z.literal(true),
  status: ZReferralStatus,
  /** How many local specialists the lead was offered to. */
  offered_to: z.number().int(),
});

const ZUserIdParams = z.object({ userId: ZDbId });
export const REFERRAL_PAGE_DEFAULT = 100;
/** The most referrals a page may hold. */
export const REFERRAL_PAGE_MAX = 200;
/**
 * Rows 96, 97 paged newest first (decision 016): `limit` referrals, and `before` — the id of the oldest
 * referral the caller holds — for the ones older than it. A page costs the same however long the history.
 */
export const ZReferralListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(REFERRAL_PAGE_MAX).default(REFERRAL_PAGE_DEFAULT),
  before: ZDbId.optional().describe('A referral id from a page already read: the page after it'),
});
export type TReferralListQuery = z.infer<typeof ZReferralListQuery>;
const ZTypeIdParams = z.object({ typeId: ZDbId });
const ZDealerIdParams = z.object({ dealerId: ZDbId });
const tags = ['referrals'] as const;

export const referralCalls = {
  dealerReferrals: defineCall({
    operationId: 'listDealerReferrals',
    method: 'GET',
    path: referralPaths.dealerReferrals,
    params: ZUserIdParams,
    query: ZReferralListQuery,
    reply: z.array(ZReferral),
    errors: ['FORBIDDEN'],
    access: { effect: 'read', roles: ['dealer'] },
    summary: "The referrals of the caller's dealership, newest first, a page at a time (row 96)",
    tags,
  }),
  specialistReferrals: defineCall({
    operationId: 'listSpecialistReferrals',
    method: 'GET',
    path: referralPaths.specialistReferrals,
    params: ZTypeIdParams,
    query: ZReferralListQuery,
    reply: z.array(ZReferral),
    errors: ['FORBIDDEN'],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'Leads offered to the installer (available) and those it claimed (owned), newest first (row 97)',
    tags,
  }),
  summary: defineCall({
    operationId: 'getReferralSummary',
    method: 'GET',
    path: referralPaths.summary,
    params: ZDealerIdParams,
    reply: ZReferralSummary,
    errors: ['FORBIDDEN'],
    access: { effect: 'read', roles: ['dealer'] },
    summary: "The dealership's referral funnel and bonuses (this month, in total, awaiting payout)",
    tags,
  }),
  create: defineCall({
    operationId: 'createReferral',
    method: 'POST',
    path: referralPaths.create,
    body: ZCreateReferralBody,
    reply: ZCreateReferralReply,
    status: 201,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    access: { effect: 'write', roles: ['dealer'] },
    summary: 'Records a sale as a referral (NEW) and queues the customer e-mail (row 98)',
    tags,
  }),
  update: defineCall({
    operationId: 'updateReferral',
    method: 'PUT',
    path: referralPaths.update,
    body: ZUpdateReferralBody,
    reply: ZReferral,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Links the estimate made from a claimed referral; the status is the server’s (row 99)',
    tags,
  }),
  claim: defineCall({
    operationId: 'claimReferral',
    method: 'POST',
    path: referralPaths.claim,
    body: ZClaimReferralBody,
    reply: ZClaimReferralReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'FORBIDDEN', 'RATE_LIMITED'],
    access: { public: true },
    summary: 'Claims a lead: signed in as an installer, or with the e-mailed token (row 100)',
    tags,
  }),
  preview: defineCall({
    operationId: 'previewReferralClaim',
    method: 'GET',
    path: referralPaths.claim,
    query: ZReferralLinkQuery,
    reply: ZReferralPreviewReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
    access: { public: true },
    summary: 'What a claim link offers, before the claim (row 102)',
    tags,
  }),
  publicReferral: defineCall({
    operationId: 'submitPublicReferral',
    method: 'POST',
    path: referralPaths.publicReferral,
    body: ZPublicReferralBody,
    reply: ZPublicReferralReply,
    status: 201,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
    access: { public: true },
    summary: "A dealer's referral without signing in; the e-mail must be a dealer user's (row 103)",
    tags,
  }),
  benefits: defineCall({
    operationId: 'getReferralBenefits',
    method: 'GET',
    path: referralPaths.benefits,
    query: ZReferralLinkQuery,
    reply: ZBenefitsReply,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
    access: { public: true },
    summary: "The customer's benefits page; opening it records VIEWED",
    tags,
  }),
  benefitsInterest: defineCall({
    operationId: 'registerReferralInterest',
    method: 'POST',
    path: referralPaths.benefitsInterest,
    body: ZBenefitsInterestBody,
    reply: ZBenefitsInterestReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
    access: { public: true },
    summary: "I'm interested: records OFFERED and offers the lead to local specialists, nearest first",
    tags,
  }),
} as const;
