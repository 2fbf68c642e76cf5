import type { AuthContext } from '../../platform/security/auth-context';

/**
 * What the guard resolved for one (user, company, session): the signed-in context, or null when the
 * user may not act for that company (disabled, sign-in turned off, company no longer reachable) or the
 * session has ended (signed out, password reset, refresh token reused).
 *
 * The guard reads the user on every call so that a disabled user or a changed access level takes
 * effect without waiting for the 15-minute token to expire. That read is most of the fixed cost of
 * a small call, so its result is kept for `ttlMs` (AUTH_CACHE_MS, default 2 s): a change made
 * elsewhere takes effect on every API process within that time, and at once on the process that
 * calls `forgetUser` (anything that changes a user's status, access or companies, or ends a session of
 * the user, must call it).
 * ttlMs 0 turns the cache off.
 */
export function createAuthUserCache({
  ttlMs,
  now = () => performance.now(),
  maxEntries = 10_000,
}: {
  ttlMs: number;
  now?: () => number;
  maxEntries?: number;
}) {
  const entries = new Map<string, { context: AuthContext | null; expiresAt: number }>();
  const keyOf = (userId: number, companyId: number, sessionId: string) =>
    `${userId}:${companyId}:${sessionId}`;
  return {
    get(userId: number, companyId: number, sessionId: string): { context: AuthContext | null } | undefined {
      if (ttlMs <= 0) return undefined;
      const key = keyOf(userId, companyId, sessionId);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return { context: entry.context };
    },
    set(userId: number, companyId: number, sessionId: string, context: AuthContext | null) {
      if (ttlMs <= 0) return;
      // A crude bound: far more users than this sign in within one TTL only under attack or misuse.
      if (entries.size >= maxEntries) entries.clear();
      entries.set(keyOf(userId, companyId, sessionId), { context, expiresAt: now() + ttlMs });
    },
    forgetUser(userId: number) {
      const prefix = `${userId}:`;
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
export type AuthUserCache = ReturnType<typeof createAuthUserCache>;
