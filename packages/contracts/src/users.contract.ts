import { z } from 'zod';
import { ZAccess, ZUserProfile } from './auth.contract';
import { defineCall } from './call.contract';
import { ZCompanyAccessEntry } from './shell.contract';

/**
 * User management with company access (catalogue rows 148–152, R20, §4.27 rules 122–125, §5.22; 002 §2.11,
 * §3, §5, §7; docs/decisions/017-user-management.md). Only users whose access is ADMIN make these calls, and
 * only for the companies they hold (their primary company and the ones granted to them).
 */
export const usersPaths = {
  list: '/users',
  create: '/users',
  update: '/users/:id',
  companyAccess: '/useraccess/:userId',
  installers: '/installers',
} as const;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);

/** Field messages of rules 122–123 (the spec gives none: decision 017) and the screen's messages (M227–M231). */
export const userMessages = {
  email: 'Please enter a valid email address',
  name: 'Name is required',
  phone: 'Phone must be exactly 10 digits',
  company: 'Primary company is required',
  companyType: 'Company type is required',
  access: 'Access level is required for dealership users',
  dealerAccess: 'Dealership users have access ASSIST, DIRECT or STANDARD',
  created: 'User created successfully!',
  updated: 'User updated successfully!',
  saveFailed: 'Error saving user',
  resetSent: 'Password reset email sent successfully!',
  resetFailed: 'Error sending password reset',
  emailTaken: 'An account with this email already exists.',
  adminOnly: 'Only administrators can manage users.',
} as const;

export const ZCompanyType = z.enum(['dealership', 'specialist']);
export type TCompanyType = z.infer<typeof ZCompanyType>;

/** The account status shown on the Edit form (row 154). */
export const ZAccountStatus = z.enum(['active', 'pending', 'disabled']);

/** One row of the User Management list (row 148): the documented fields plus what the columns show. */
export const ZManagedUser = ZUserProfile.omit({ groups: true }).extend({
  company_name: z.string(),
  company_type: ZCompanyType,
  status: ZAccountStatus,
  active: z.boolean(),
});
export type TManagedUser = z.infer<typeof ZManagedUser>;

const ZUserFields = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email(userMessages.email)).meta({ format: 'email' }),
  userName: z.string().trim().min(1, userMessages.name).max(200),
  userPhoneNumber: z
    .string()
    .trim()
    .regex(/^\d{10}$/, userMessages.phone)
    .meta({ example: '8135550100' }),
  companyId: z.coerce
    .number({ error: userMessages.company })
    .int(userMessages.company)
    .positive(userMessages.company)
    .max(MAX_DB_ID),
  companyType: ZCompanyType.or(z.literal('')).refine((v) => v !== '', userMessages.companyType),
  /** false: the account is disabled (cannot sign in; its sessions end). Default true. */
  active: z.boolean().default(true),
  /** Required for dealership users (ASSIST, DIRECT or STANDARD); installer users may leave it empty (STANDARD). */
  access: ZAccess.or(z.literal('')).nullish(),
});

/** Rules 122 and 123 on a parsed body. */
function accessRule(body: { companyType: string; access?: string | null }, ctx: z.RefinementCtx) {
  if (body.companyType !== 'dealership') return;
  if (!body.access) ctx.addIssue({ code: 'custom', path: ['access'], message: userMessages.access });
  else if (body.access === 'ADMIN') {
    ctx.addIssue({ code: 'custom', path: ['access'], message: userMessages.dealerAccess });
  }
}

export const ZCreateUserBody = ZUserFields.superRefine(accessRule);
export type TCreateUserBody = z.input<typeof ZCreateUserBody>;
export const ZUpdateUserBody = ZUserFields.extend({ userId: ZDbId.optional() }).superRefine(accessRule);
export type TUpdateUserBody = z.input<typeof ZUpdateUserBody>;

export const ZCreateUserReply = z.object({ userId: z.number().int(), message: z.string() });
export const ZUpdateUserReply = z.object({ userId: z.number().int(), message: z.string() });

/** Row 151: the additional companies (the whole list; the primary company is not one of them). */
export const ZCompanyAssociation = z.object({
  company_id: ZDbId,
  company_type: ZCompanyType,
});
export const ZCompanyAccessBody = z.object({ associations: z.array(ZCompanyAssociation).max(200) });
export type TCompanyAccessBody = z.infer<typeof ZCompanyAccessBody>;
export const ZCompanyAccessReply = z.object({
  success: z.boolean(),
  associations: z.array(ZCompanyAccessEntry),
});

export const ZUserIdParam = z.object({ userId: ZDbId });
export const ZUserIdPathParam = z.object({ id: ZDbId });

const tags = ['users'] as const;

export const usersCalls = {
  listUsers: defineCall({
    operationId: 'listUsers',
    method: 'GET',
    path: usersPaths.list,
    reply: z.array(ZManagedUser),
    errors: [],
    access: { effect: 'read' },
    summary: 'Users of the companies the administrator holds (User Management list, ADMIN only)',
    tags,
  }),
  createUser: defineCall({
    operationId: 'createUser',
    method: 'POST',
    path: usersPaths.create,
    body: ZCreateUserBody,
    reply: ZCreateUserReply,
    status: 201,
    errors: ['CONFLICT'],
    access: { effect: 'write' },
    summary: 'Create a user of a company the administrator holds; it gets a set-password e-mail',
    tags,
  }),
  updateUser: defineCall({
    operationId: 'updateUser',
    method: 'PUT',
    path: usersPaths.update,
    params: ZUserIdPathParam,
    body: ZUpdateUserBody,
    reply: ZUpdateUserReply,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: { effect: 'write' },
    summary: 'Edit a user; disabling it or changing its access ends its sessions',
    tags,
  }),
  setCompanyAccess: defineCall({
    operationId: 'setUserCompanyAccess',
    method: 'POST',
    path: usersPaths.companyAccess,
    params: ZUserIdParam,
    body: ZCompanyAccessBody,
    reply: ZCompanyAccessReply,
    errors: ['NOT_FOUND'],
    access: { effect: 'write' },
    summary: 'Set the additional companies of a user (Company Access side panel, rules 124–125)',
    tags,
  }),
  listInstallers: defineCall({
    operationId: 'listManagedCompanies',
    method: 'GET',
    path: usersPaths.installers,
    reply: z.array(ZCompanyAccessEntry),
    errors: [],
    access: { effect: 'read' },
    summary: 'The companies an administrator may give its users (company choices of the user form)',
    tags,
  }),
};
