import { z } from 'zod';
import { defineCall } from './call.contract';

/**
 * The installer's profile (R21, catalogue row 157; 002 §2.12, §2.13; decision "profile"). The business
 * information fields are ours to design (row 157 says not shown): the specialist's name, address, phone,
 * e-mail, service categories, daily capacity and retail sales-tax rate, read-only on the screen.
 */
export const profilePaths = {
  profile: '/profile/:userId',
  /** The installer's W-9 (decision 023): POST uploads, PUT replaces, DELETE removes. */
  w9: '/profile/w9/:installerId',
  /** A short-lived link to download the W-9 on file. */
  w9Link: '/profile/w9/:installerId/link',
} as const;

export const profileMessages = {
  loadFailed: 'Failed to load profile information',
  accountFailed: 'Unable to load account information. Please refresh the page.',
} as const;

/** What a W-9 upload may be (decision 023): the type is read from the file's first bytes, not its name. */
export const W9_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  contentTypes: ['application/pdf', 'image/jpeg', 'image/png'] as const,
  /** For the file picker; the server decides by content. */
  accept: 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png',
} as const;

/** The W-9's messages (ours: the spec leaves the installer's W-9 to design, row 157). */
export const w9Messages = {
  uploaded: 'W-9 uploaded.',
  replaced: 'W-9 replaced.',
  removed: 'W-9 removed.',
  notMultipart: 'Send the W-9 as multipart/form-data with the file in the field "file".',
  fileRequired: 'Choose a W-9 file to upload.',
  empty: 'The W-9 file is empty.',
  tooLarge: 'The W-9 file is larger than 10 MB.',
  wrongType: 'The W-9 must be a PDF, JPEG or PNG file.',
  alreadyOnFile: 'A W-9 is already on file. Replace it instead.',
  notOnFile: 'No W-9 is on file.',
  /** Anyone who may not see an installer's W-9, or one not on file, is told only this (404). */
  notFound: 'W-9 not found.',
  notYours: 'You can only manage the W-9 of the company you act for.',
  uploadFailed: 'The W-9 could not be uploaded. Please try again.',
  removeFailed: 'The W-9 could not be removed. Please try again.',
  downloadFailed: 'The W-9 could not be downloaded. Please try again.',
  removeConfirm:
    'Remove the W-9 on file? Dealerships that pay you by check or cash will see it as missing until you upload a new one.',
} as const;

const MAX_DB_ID = 2_147_483_647;
export const ZW9ContentType = z.enum(W9_LIMITS.contentTypes);
/** The W-9 on file: what was uploaded, when and by whom (never the storage key). */
export const ZW9 = z.object({
  file_name: z.string(),
  content_type: ZW9ContentType,
  size_bytes: z.number().int(),
  /** ISO 8601, UTC. */
  uploaded_at: z.string(),
  /** The name of the user who uploaded it; null once that user is gone (or for demo data). */
  uploaded_by: z.string().nullable(),
});
export type TW9 = z.infer<typeof ZW9>;
export const ZW9Params = z.object({ installerId: z.coerce.number().int().positive().max(MAX_DB_ID) });
export const ZW9Reply = z.object({ success: z.literal(true), message: z.string(), w9: ZW9 });
export type TW9Reply = z.infer<typeof ZW9Reply>;
export const ZW9RemoveReply = z.object({ success: z.literal(true), message: z.string() });
export const ZW9LinkReply = z.object({
  /** Opens the file until `expiresAt` (local signed link or S3 presigned GET). */
  url: z.string(),
  /** ISO 8601, UTC. */
  expiresAt: z.string(),
  fileName: z.string(),
});
export type TW9Link = z.infer<typeof ZW9LinkReply>;

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
    /** The W-9 on file (decision 023), or null. */
    w9: ZW9.nullable(),
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
  uploadW9: defineCall({
    operationId: 'uploadInstallerW9',
    method: 'POST',
    path: profilePaths.w9,
    params: ZW9Params,
    reply: ZW9Reply,
    status: 201,
    errors: ['FORBIDDEN', 'CONFLICT', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
    access: { effect: 'write', roles: ['installer'] },
    summary: "Uploads the installer's W-9 (multipart: file = PDF, JPEG or PNG, at most 10 MB)",
    description:
      'multipart/form-data with one file in the field "file". The type is read from the content (PDF, JPEG, PNG; else 415); over 10 MB 413; a W-9 already on file 409 (replace it with PUT).',
    tags: ['profile'],
  }),
  replaceW9: defineCall({
    operationId: 'replaceInstallerW9',
    method: 'PUT',
    path: profilePaths.w9,
    params: ZW9Params,
    reply: ZW9Reply,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
    access: { effect: 'write', roles: ['installer'] },
    summary: "Replaces the installer's W-9 on file (multipart, as the upload); the old file is deleted",
    tags: ['profile'],
  }),
  removeW9: defineCall({
    operationId: 'removeInstallerW9',
    method: 'DELETE',
    path: profilePaths.w9,
    params: ZW9Params,
    reply: ZW9RemoveReply,
    errors: ['FORBIDDEN', 'NOT_FOUND'],
    access: { effect: 'write', roles: ['installer'] },
    summary: "Removes the installer's W-9 on file and its stored file",
    tags: ['profile'],
  }),
  w9Link: defineCall({
    operationId: 'getInstallerW9Link',
    method: 'GET',
    path: profilePaths.w9Link,
    params: ZW9Params,
    reply: ZW9LinkReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary:
      "A short-lived link to the installer's W-9: for its own users, and for a dealership that paid it by check or cash",
    description: 'Anyone else, or no W-9 on file: 404.',
    tags: ['profile'],
  }),
};
