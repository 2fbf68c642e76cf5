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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth-guard';
import type { AuthRepository } from './auth.repository';
import type { AuthService } from './auth.service';

const tags = ['auth'];

export function registerAuthRoutes(
  app: FastifyInstance,
  { service, repository }: { service: AuthService; repository: AuthRepository },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
    async (request) => service.signIn({ ...request.body, ip: request.ip }),
  );

  r.post(
    authPaths.refresh,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new token pair (optionally for another company of the user)',
        body: ZRefreshWithCompanyBody,
        response: { 200: ZTokenResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => service.refresh(request.body),
  );

  r.post(
    authPaths.signOut,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Revoke the refresh token (and its family)',
        body: ZSignOutBody,
        response: { 200: ZOkResponse },
      },
    },
    async (request) => {
      await service.signOut(request.body.refreshToken);
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
      return { email: request.params.email, status: await service.getUserStatus(request.params.email) };
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
