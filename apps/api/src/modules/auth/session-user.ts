import { groupForUserType } from '@app/domain/identity/access';
import type { AuthContext, LoadSessionUser } from '../../platform/security/auth-context';
import type { AuthRepository, UserRow } from './auth.repository';
import type { AuthUserCache } from './auth-user-cache';

/**
 * The auth guard's port to the users (platform/security/auth-context.ts): the caller for a verified
 * token, read on every call or kept by `cache` for a few seconds (auth-user-cache.ts), so a disabled user
 * or a changed access level takes effect within seconds, not when the token expires.
 */
export function createSessionUserLoader({
  repository,
  cache,
}: {
  repository: Pick<AuthRepository, 'findSessionUser' | 'canReachCompany'>;
  cache: AuthUserCache;
}): LoadSessionUser {
  return async (userId, companyId, sessionId) => {
    const cached = cache.get(userId, companyId, sessionId);
    if (cached) return cached.context;
    const context = await load(userId, companyId, sessionId);
    cache.set(userId, companyId, sessionId, context);
    return context;
  };

  /** The caller, or null when the user may not act for the company or the token's session has ended. */
  async function load(userId: number, companyId: number, sessionId: string): Promise<AuthContext | null> {
    const user = await repository.findSessionUser(userId, sessionId);
    if (user?.status !== 'active' || !user.loginEnabled || user.sessionEnded) return null;
    if (!(await repository.canReachCompany(user, companyId))) return null;
    return sessionUserOf(user, companyId);
  }
}

/** A user as it acts for one company: the guard's caller and the sign-in reply's `user` have the same shape. */
export function sessionUserOf(
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'userType' | 'access'>,
  companyId: number,
): AuthContext {
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
