import { z } from 'zod';
import { defineCall } from './call.contract';

export const authPaths = {
  signIn: '/auth/signin',
  refresh: '/auth/refresh',
  signOut: '/auth/signout',
  requestPasswordReset: '/auth/request-password-reset',
  resetPassword: '/auth/reset-password',
  userStatus: '/auth/user-status/:email',
  loginProfile: '/auth/login/',
} as const;

export const ZUserType = z.enum(['dealer', 'installer']);
export const ZAccess = z.enum(['ASSIST', 'DIRECT', 'STANDARD', 'ADMIN']);
export const ZGroup = z.enum(['Dealer', 'Installer']);

export const ZSignInBody = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(200),
});
export type TSignInBody = z.infer<typeof ZSignInBody>;

export const ZSessionUser = z.object({
  userId: z.number().int(),
  email: z.string(),
  userName: z.string(),
  userType: ZUserType,
  groups: z.array(ZGroup),
  companyId: z.number().int(),
  access: ZAccess,
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZTokenResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  tokenType: z.literal('Bearer'),
  user: ZSessionUser,
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

/** `refreshToken` may be left out when the session cookie carries it (the web app; needs X-Requested-With). */
export const ZRefreshBody = z.object({ refreshToken: z.string().min(10).max(500).optional() });
/** Company switching (002 §2.3): a new token pair scoped to another company the user may reach. */
export const ZRefreshWithCompanyBody = ZRefreshBody.extend({
  companyId: z.number().int().positive().optional(),
});

export const ZSignOutBody = z.object({ refreshToken: z.string().max(500).optional() });

export const ZRequestPasswordResetBody = z.object({ email: z.string().trim().email().max(254) });
export const ZResetPasswordBody = z.object({
  token: z.string().min(10).max(500),
  password: z.string().min(8, 'Password must be at least 8 characters').max(200),
});
export const ZOkResponse = z.object({ success: z.boolean(), message: z.string().optional() });

export const ZUserStatus = z.object({
  email: z.string(),
  status: z.enum(['active', 'pending', 'disabled', 'not_found', 'error']),
});

/** GET /auth/login/?email= : the user profile including Company_id (row 1). */
export const ZLoginProfileQuery = z.object({ email: z.string().trim().min(1).max(254) });
export const ZUserProfile = z.object({
  User_id: z.number().int(),
  user_name: z.string(),
  Email: z.string(),
  user_phone_number: z.string().nullable(),
  User_type: ZUserType,
  Company_id: z.number().int(),
  access: ZAccess,
  groups: z.array(ZGroup),
});
export type TUserProfile = z.infer<typeof ZUserProfile>;

export const ZUserStatusParams = z.object({ email: z.string().min(1).max(254) });
/** `email` may be left out: the profile is always the caller's own. */
export const ZLoginProfileLookup = ZLoginProfileQuery.partial();

const tags = ['auth'] as const;

/**
 * Sign-in, sessions, password reset and the profile (catalogue row 1; decisions 006, 008). The web app's
 * refresh token travels in the HttpOnly session cookie the API sets and reads on sign-in, refresh and sign-out.
 */
export const authCalls = {
  signIn: defineCall({
    operationId: 'signIn',
    method: 'POST',
    path: authPaths.signIn,
    body: ZSignInBody,
    reply: ZTokenResponse,
    errors: ['INVALID_CREDENTIALS', 'RATE_LIMITED', 'FORBIDDEN'],
    access: { public: true },
    summary: 'Sign in with e-mail and password',
    tags,
  }),
  refresh: defineCall({
    operationId: 'refreshSession',
    method: 'POST',
    path: authPaths.refresh,
    body: ZRefreshWithCompanyBody,
    reply: ZTokenResponse,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
    access: { public: true },
    summary:
      'Exchange a refresh token (body, or the session cookie with X-Requested-With) for a new token pair (optionally for another company of the user)',
    tags,
  }),
  signOut: defineCall({
    operationId: 'signOut',
    method: 'POST',
    path: authPaths.signOut,
    body: ZSignOutBody,
    reply: ZOkResponse,
    errors: ['FORBIDDEN'],
    access: { public: true },
    summary: 'Revoke the refresh token (body or session cookie) and its family; ends that session',
    tags,
  }),
  requestPasswordReset: defineCall({
    operationId: 'requestPasswordReset',
    method: 'POST',
    path: authPaths.requestPasswordReset,
    body: ZRequestPasswordResetBody,
    reply: ZOkResponse,
    errors: ['RATE_LIMITED'],
    access: { public: true },
    summary: 'E-mail a single-use password reset link (same answer whether or not the address exists)',
    tags,
  }),
  resetPassword: defineCall({
    operationId: 'resetPassword',
    method: 'POST',
    path: authPaths.resetPassword,
    body: ZResetPasswordBody,
    reply: ZOkResponse,
    errors: [],
    access: { public: true },
    summary: 'Set a new password with a reset link token',
    tags,
  }),
  userStatus: defineCall({
    operationId: 'getUserStatus',
    method: 'GET',
    path: authPaths.userStatus,
    params: ZUserStatusParams,
    reply: ZUserStatus,
    errors: [],
    access: { effect: 'read' },
    summary: 'Account status of a user (User Management, ADMIN only)',
    tags,
  }),
  loginProfile: defineCall({
    operationId: 'getLoginProfile',
    method: 'GET',
    path: authPaths.loginProfile,
    query: ZLoginProfileLookup,
    reply: ZUserProfile,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'The signed-in user profile including Company_id (row 1)',
    tags,
  }),
};
