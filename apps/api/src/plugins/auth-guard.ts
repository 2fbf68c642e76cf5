import { AppError } from '@app/contracts/errors.contract';
import { groupForUserType, isReadOnlyAccess } from '@app/domain/identity/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthRepository } from '../modules/auth/auth.repository';
import type { AuthContext } from '../modules/auth/auth-context';
import type { AuthUserCache } from '../modules/auth/auth-user-cache';
import type { TokenSigner } from '../modules/auth/tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves user, company and access before any handler runs (onRequest, so an unauthenticated
 * call is refused before its body is even parsed). The user row is read again for every call (or
 * within the few seconds the cache keeps it, see auth-user-cache.ts), so a disabled user or a changed
 * access level takes effect within seconds, not when the token expires.
 * ASSIST is read-only here on the server, not only in the UI.
 */
export function registerAuthGuard(
  app: FastifyInstance,
  deps: { signer: TokenSigner; repository: AuthRepository; cache: AuthUserCache },
) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config?.public) {
      request.auth = await tryResolve(request, deps).catch(() => null);
      return;
    }
    const auth = await tryResolve(request, deps);
    if (!auth) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
    if (isReadOnlyAccess(auth.access) && !SAFE_METHODS.has(request.method) && !config?.allowAssist) {
      throw new AppError('FORBIDDEN', 'Your access level (ASSIST) is read-only.');
    }
    request.auth = auth;
  });
}

async function tryResolve(
  request: FastifyRequest,
  { signer, repository, cache }: { signer: TokenSigner; repository: AuthRepository; cache: AuthUserCache },
): Promise<AuthContext | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await signer.verify(header.slice(7).trim());
  if (!claims) return null;
  const userId = Number(claims.sub);
  if (!Number.isInteger(userId)) return null;
  const cached = cache.get(userId, claims.companyId);
  if (cached) return cached.context;
  const context = await loadContext(repository, userId, claims.companyId);
  cache.set(userId, claims.companyId, context);
  return context;
}

async function loadContext(
  repository: AuthRepository,
  userId: number,
  companyId: number,
): Promise<AuthContext | null> {
  const user = await repository.findUserById(userId);
  if (user?.status !== 'active' || !user.loginEnabled) return null;
  if (!(await repository.canReachCompany(user, companyId))) return null;
  return {
    userId: user.id,
    email: user.email,
    userName: user.name,
    userType: user.userType,
    groups: [groupForUserType(user.userType)],
    companyId,
    access: user.access,
  };
}

/** For handlers of protected routes: the guard guarantees auth is set. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return request.auth;
}
