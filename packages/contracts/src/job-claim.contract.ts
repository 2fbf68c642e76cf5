import { z } from 'zod';
import { defineCall } from './call.contract';
import { CLAIM_CONFLICT_MESSAGE } from './lifecycle.contract';
import { ZClaimPhone } from './referrals.contract';

/**
 * The public job claim (catalogue rows 104–105, route R11; 001 §2.6, §3, §5, §7, §8; decision
 * docs/decisions/011-job-claim-invites.md): a dealer names a specialist without an account by e-mail for one of
 * its open requests (POST /claim/invite); the e-mailed link opens /claim?request&token, which shows the job
 * (GET /claim) and registers a trial specialist company that is assigned the job (POST /claim/process).
 */
export const jobClaimPaths = {
  claim: '/claim',
  process: '/claim/process',
  invite: '/claim/invite',
} as const;

/** Messages of the claim page and calls (catalogue §5.12, verbatim where the spec gives them). */
export const jobClaimMessages = {
  validating: 'Validating Claim Link',
  unavailable: 'Claim Unavailable',
  missingQuery: 'Invalid claim link. Missing request ID or token.',
  validateFailed: 'Failed to validate claim link.',
  invalidLink: 'Invalid or expired claim link.',
  claimed: CLAIM_CONFLICT_MESSAGE,
  claimFailed: 'Failed to claim job. Please try again.',
  claimedSuccess: "Job claimed successfully! You'll receive login credentials shortly.",
  selected: "You've Been Selected!",
  opportunity: 'Job Opportunity',
  claimButton: 'Claim This Job',
  claiming: 'Claiming Job...',
  emailTaken: 'An account with this email already exists. Sign in to claim jobs.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  email: 'Please enter a valid email address',
  businessRequired: 'Business name is required',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 8 characters',
  passwordPlaceholder: 'Minimum 8 characters',
  confirmRequired: 'Please confirm your password',
  confirmMismatch: 'Passwords do not match',
  inviteEmailTaken: 'This e-mail already belongs to an account. Invite a specialist who has no account yet.',
  jobNotOpen: 'Only a new request that no specialist has been assigned can be offered by e-mail.',
} as const;

const m = jobClaimMessages;
const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);
/** Claim tokens are 32 random bytes in base64url (43 characters); anything far longer is not one. */
const ZClaimToken = z.string().trim().min(1).max(200);

const requiredName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(80, 'At most 80 characters');

export const ZClaimEmail = z
  .string({ error: m.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, m.emailRequired)
  .max(254, m.email)
  .pipe(z.email(m.email))
  .meta({ format: 'email' });

/** Section 1 of the registration: Personal (catalogue §4.20, 82). */
export const ZClaimPersonal = z.object({
  firstName: requiredName(m.firstNameRequired),
  lastName: requiredName(m.lastNameRequired),
  email: ZClaimEmail,
  phone: ZClaimPhone,
});
/** Section 2: Business (83). */
export const ZClaimBusiness = z.object({
  businessName: z
    .string({ error: m.businessRequired })
    .trim()
    .min(1, m.businessRequired)
    .max(160, 'At most 160 characters'),
});
/** The password as the server takes it (at most 200 characters: hashing cost is bounded). */
export const ZClaimPassword = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(8, m.passwordShort)
  .max(200, 'At most 200 characters');
/** Section 3: Security (84); confirmPassword stays in the browser (86). */
export const ZClaimSecurity = z
  .object({
    password: ZClaimPassword,
    confirmPassword: z.string().min(1, m.confirmRequired),
  })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    message: m.confirmMismatch,
    path: ['confirmPassword'],
  });

export const ZProspectData = z.object({
  ...ZClaimPersonal.shape,
  ...ZClaimBusiness.shape,
  password: ZClaimPassword,
});
export type TProspectData = z.infer<typeof ZProspectData>;

export const ZClaimLinkQuery = z.object({ request: ZDbId, token: ZClaimToken });

/** Row 104's job details: what a prospect sees before claiming (dealer details only after the claim). */
export const ZClaimJobDetails = z.object({
  /** What the specialist earns, in dollars (the request total less its discount). */
  jobTotal: z.number(),
  serviceRequested: z.string(),
  /** 'YYYY/MM/DD HH:mm:ss' UTC (decision 2). */
  availableDate: z.string(),
  dueDate: z.string().nullable(),
  /** The dealership's city and state: 'Tampa, FL'. */
  location: z.string().nullable(),
  /** '2023 Toyota Camry'. */
  vehicle: z.string().nullable(),
  durationDays: z.number(),
  dealerName: z.null(),
});
export type TClaimJobDetails = z.infer<typeof ZClaimJobDetails>;

export const ZClaimLinkReply = z.object({
  error: z.literal(false),
  message: z.string(),
  jobDetails: ZClaimJobDetails,
});

export const ZClaimProcessBody = z.object({
  requestId: ZDbId,
  token: ZClaimToken,
  prospectData: ZProspectData,
});
export type TClaimProcessBody = z.input<typeof ZClaimProcessBody>;
export const ZClaimProcessReply = z.object({
  error: z.literal(false),
  message: z.string(),
  requestId: z.number().int(),
});

export const ZClaimInviteBody = z.object({ requestId: ZDbId, email: ZClaimEmail });
export const ZClaimInviteReply = z.object({
  success: z.literal(true),
  inviteId: z.number().int(),
  email: z.string(),
  /** ISO 8601, UTC. */
  expiresAt: z.string(),
  /**
   * The link the e-mail carries, also given to the dealer who made it so it can pass it on another way (the
   * link only lets someone claim the dealer's own job; decision 011).
   */
  claimLink: z.string(),
});
export type TClaimInviteReply = z.infer<typeof ZClaimInviteReply>;

const tags = ['job-claim'] as const;

export const jobClaimCalls = {
  validate: defineCall({
    operationId: 'validateJobClaimLink',
    method: 'GET',
    path: jobClaimPaths.claim,
    query: ZClaimLinkQuery,
    reply: ZClaimLinkReply,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
    access: { public: true },
    summary: 'The job a claim link offers (row 104)',
    description:
      "404 NOT_FOUND 'Invalid or expired claim link.' for an unknown, expired or forged token; 404 with details { claimed: true } when the invite was used or the job assigned.",
    tags,
  }),
  process: defineCall({
    operationId: 'processJobClaim',
    method: 'POST',
    path: jobClaimPaths.process,
    body: ZClaimProcessBody,
    reply: ZClaimProcessReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
    access: { public: true },
    summary: 'Registers a trial specialist company from a claim link and assigns it the job (row 105)',
    description:
      '409 CONFLICT when the job was already claimed or the e-mail already has an account; 404 for an unknown, expired or forged token.',
    tags,
  }),
  invite: defineCall({
    operationId: 'inviteJobClaim',
    method: 'POST',
    path: jobClaimPaths.invite,
    body: ZClaimInviteBody,
    reply: ZClaimInviteReply,
    status: 201,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: { effect: 'write', roles: ['dealer'] },
    summary:
      'E-mails a claim link for one of the dealership’s open requests to a specialist without an account',
    tags,
  }),
} as const;
