import { authCalls as calls } from '@app/contracts/auth.contract';
import { AppError } from '@app/contracts/errors.contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_TTL_MS } from '../../platform/security/tokens';
import { registerCall } from '../../plugins/register-call';
import type { AuthService } from './auth.service';

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
  { service, secureCookie }: { service: AuthService; secureCookie: boolean },
) {
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

  registerCall(app, calls.signIn, async ({ body, request, reply }) => {
    const tokens = await service.signIn({ ...body, ip: request.ip });
    setRefreshCookie(reply, tokens.refreshToken);
    return tokens;
  });

  registerCall(app, calls.refresh, async ({ body, request, reply }) => {
    const refreshToken = refreshTokenOf(request, body.refreshToken);
    try {
      const tokens = await service.refresh({ refreshToken, companyId: body.companyId });
      setRefreshCookie(reply, tokens.refreshToken);
      return tokens;
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') clearRefreshCookie(reply);
      throw error;
    }
  });

  registerCall(app, calls.signOut, async ({ body, request, reply }) => {
    const refreshToken = refreshTokenOf(request, body.refreshToken);
    clearRefreshCookie(reply);
    await service.signOut(refreshToken);
    return { success: true };
  });

  registerCall(app, calls.requestPasswordReset, async ({ body, request }) => {
    await service.requestPasswordReset({ email: body.email, ip: request.ip });
    return { success: true, message: 'If an account exists for that e-mail, a reset link has been sent.' };
  });

  registerCall(app, calls.resetPassword, async ({ body }) => {
    await service.resetPassword(body);
    return { success: true, message: 'Your password has been changed. Please sign in.' };
  });

  registerCall(app, calls.userStatus, async ({ auth, params }) => ({
    email: params.email,
    status: await service.getUserStatus(auth, params.email),
  }));

  registerCall(app, calls.loginProfile, ({ auth, query }) => service.getLoginProfile(auth, query.email));
}
