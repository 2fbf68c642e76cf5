import {
  authPaths,
  ZLoginProfileQuery,
  ZOkResponse,
  ZRefreshWithCompanyBody,
  ZRequestPasswordResetBody,
  ZResetPasswordBody,
  ZSignInBody,
  ZSignOutBody,
  ZTokenResponse,
  ZUserProfile,
  ZUserStatus,
} from '@app/contracts/auth.contract';
import { AppError, ZErrorResponse } from '@app/contracts/errors.contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REFRESH_TOKEN_TTL_MS } from '../../platform/security/tokens';
import { requireAuth } from '../../plugins/auth-guard';
import type { AuthRepository } from './auth.repository';
import type { AuthService } from './auth.service';

const tags = ['auth'];

/**
 * The web app's refresh token travels only in this cookie (docs/decisions/006-sign-in-throttling.md):
 * HttpOnly, SameSite=Strict, limited to the sign-in calls, Secure when PUBLIC_URL is https. API clients
 * keep using the `refreshToken` of the JSON body. Spending the cookie needs the X-Requested-With header
 * (a header a cross-site form cannot send, and a cross-site script cannot send without CORS allowing it).
 */
export const REFRESH_COOKIE = 'im_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';
export const CSRF_HEADER = 'x-requested-with';

export function registerAuthRoutes(
  app: FastifyInstance,
  {
    service,
    repository,
    secureCookie,
  }: { service: AuthService; repository: AuthRepository; secureCookie: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const setRefreshCookie = (reply: FastifyReply, refreshToken: string) =>
    reply.setCookie(REFRESH_COOKIE, refreshToken, {
      httpOnly: true,
      secure: secureCookie,
      sameSite: 'strict',
      path: REFRESH_COOKIE_PATH,
      maxAge: REFRESH_TOKEN_TTL_MS / 1000,
    });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, {
      httpOnly: true,
      secure: secureCookie,
      sameSite: 'strict',
      path: REFRESH_COOKIE_PATH,
    });
  /** The refresh token of the body, else the cookie's (only with the CSRF header), else undefined. */
  const refreshTokenOf = (request: FastifyRequest, fromBody: string | undefined) => {
    if (fromBody) return fromBody;
    const fromCookie = request.cookies[REFRESH_COOKIE];
    if (!fromCookie) return undefined;
    if (!request.headers[CSRF_HEADER]) {
      throw new AppError(
        'FORBIDDEN',
        'The session cookie is accepted only with the X-Requested-With header.',
      );
    }
    return fromCookie;
  };

  r.post(
    authPaths.signIn,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: ZSignInBody,
        response: { 200: ZTokenResponse, 401: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const tokens = await service.signIn({ ...request.body, ip: request.ip });
      setRefreshCookie(reply, tokens.refreshToken);
      return tokens;
    },
  );

  r.post(
    authPaths.refresh,
    {
      config: { public: true },
      schema: {
        tags,
        summary:
          'Exchange a refresh token (body, or the session cookie with X-Requested-With) for a new token pair (optionally for another company of the user)',
        body: ZRefreshWithCompanyBody,
        response: { 200: ZTokenResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const refreshToken = refreshTokenOf(request, request.body.refreshToken);
      try {
        const tokens = await service.refresh({ refreshToken, companyId: request.body.companyId });
        setRefreshCookie(reply, tokens.refreshToken);
        return tokens;
      } catch (error) {
        if (error instanceof AppError && error.code === 'UNAUTHENTICATED') clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  r.post(
    authPaths.signOut,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Revoke the refresh token (body or session cookie) and its family; ends that session',
        body: ZSignOutBody,
        response: { 200: ZOkResponse },
      },
    },
    async (request, reply) => {
      const refreshToken = refreshTokenOf(request, request.body.refreshToken);
      clearRefreshCookie(reply);
      await service.signOut(refreshToken);
      return { success: true };
    },
  );

  r.post(
    authPaths.requestPasswordReset,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'E-mail a single-use password reset link (same answer whether or not the address exists)',
        body: ZRequestPasswordResetBody,
        response: { 200: ZOkResponse, 429: ZErrorResponse },
      },
    },
    async (request) => {
      await service.requestPasswordReset({ email: request.body.email, ip: request.ip });
      return { success: true, message: 'If an account exists for that e-mail, a reset link has been sent.' };
    },
  );

  r.post(
    authPaths.resetPassword,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password with a reset link token',
        body: ZResetPasswordBody,
        response: { 200: ZOkResponse, 400: ZErrorResponse },
      },
    },
    async (request) => {
      await service.resetPassword(request.body);
      return { success: true, message: 'Your password has been changed. Please sign in.' };
    },
  );

  r.get(
    authPaths.userStatus,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'Account status of a user (User Management, ADMIN only)',
        params: z.object({ email: z.string().min(1).max(254) }),
        response: { 200: ZUserStatus, 403: ZErrorResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (auth.access !== 'ADMIN')
        throw new AppError('FORBIDDEN', 'Only administrators can read account status.');
      return {
        email: request.params.email,
        status: await service.getUserStatus(request.params.email, auth.userId),
      };
    },
  );

  r.get(
    authPaths.loginProfile,
    {
      config: { effect: 'read' },
      schema: {
        tags,
        summary: 'The signed-in user profile including Company_id (row 1)',
        querystring: ZLoginProfileQuery.partial(),
        response: { 200: ZUserProfile, 403: ZErrorResponse },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const asked = request.query.email?.trim().toLowerCase();
      if (asked && asked !== auth.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'You can read only your own profile.');
      }
      const user = await repository.findUserById(auth.userId);
      if (!user) throw new AppError('NOT_FOUND', `User ${auth.userId} not found`);
      return {
        User_id: user.id,
        user_name: user.name,
        Email: user.email,
        user_phone_number: user.phone,
        User_type: user.userType,
        Company_id: auth.companyId,
        access: user.access,
        groups: auth.groups,
      };
    },
  );
}
