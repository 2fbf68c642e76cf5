import { z } from 'zod';
import { defineCall } from './call.contract';

/**
 * The installer's profile (R21, catalogue row 157; 002 §2.12, §2.13; decision "profile"). The business
 * information fields are ours to design (row 157 says not shown): the specialist's name, address, phone,
 * e-mail, service categories, daily capacity and retail sales-tax rate, read-only on the screen.
 */
export const profilePaths = { profile: '/profile/:userId' } as const;

export const profileMessages = {
  loadFailed: 'Failed to load profile information',
  accountFailed: 'Unable to load account information. Please refresh the page.',
} as const;

const MAX_DB_ID = 2_147_483_647;
export const ZProfileParams = z.object({ userId: z.coerce.number().int().positive().max(MAX_DB_ID) });

/** Payment onboarding (002 §4): no account → required; an account not yet onboarded → in progress; both → complete. */
export const ZPaymentState = z.enum(['required', 'in_progress', 'complete']);
export type TPaymentState = z.infer<typeof ZPaymentState>;

export const setupStepKeys = ['payment', 'firstJob', 'calendar', 'catalog'] as const;
export const ZSetupStep = z.object({
  key: z.enum(setupStepKeys),
  label: z.string(),
  done: z.boolean(),
});

export const ZProfile = z.object({
  user: z.object({
    User_id: z.number().int(),
    user_name: z.string(),
    Email: z.string(),
    user_phone_number: z.string().nullable(),
    access: z.string(),
  }),
  installer: z.object({
    Installer_id: z.number().int(),
    Installer_Name: z.string(),
    installer_email: z.string().nullable(),
    phone: z.string().nullable(),
    address_line1: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    installer_category: z.string().nullable(),
    /** The categories of the specialist's service catalog, sorted. */
    categories: z.array(z.string()),
    /** 'retail' and/or 'whole' (002 §3 services). */
    services: z.array(z.enum(['retail', 'whole'])),
    /** Job-days per calendar day (decision 28). */
    capacity: z.number().int(),
    /** Retail sales tax in percent (7.5 = 7.5 %). */
    tax_rate: z.number(),
    subscription: z.string(),
    is_trial: z.boolean(),
    trial_jobs_completed: z.number().int(),
    calendar_linked: z.boolean(),
    /** 'YYYY-MM-DD' UTC. */
    created_date: z.string(),
  }),
  payment: z.object({
    state: ZPaymentState,
    onboarding_complete: z.boolean(),
    has_account: z.boolean(),
    /** 50 until the payment account is complete, then 100 (002 §9). */
    progress: z.union([z.literal(50), z.literal(100)]),
  }),
  /** What a trial account has done and has left; null for a paying account. */
  setup: z
    .object({
      steps: z.array(ZSetupStep),
      completed: z.number().int(),
      total: z.number().int(),
    })
    .nullable(),
});
export type TProfile = z.infer<typeof ZProfile>;

/** The installer's profile (row 157). */
export const profileCalls = {
  getProfile: defineCall({
    operationId: 'getProfile',
    method: 'GET',
    path: profilePaths.profile,
    params: ZProfileParams,
    reply: ZProfile,
    errors: ['NOT_FOUND'],
    access: { effect: 'read', roles: ['installer'] },
    summary:
      'The signed-in specialist’s profile: setup progress, payment account state, business information',
    tags: ['profile'],
  }),
};
