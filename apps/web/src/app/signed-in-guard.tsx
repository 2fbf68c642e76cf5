import type { TSessionUser } from '@app/contracts/auth.contract';
import { userTypeForGroups } from '@app/domain/identity/access';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { fetchCompanyRecord } from '../features/company/company-records';
import { companyKeys } from '../features/company/query-keys';
import { refreshAccessToken } from '../lib/api-client';
import type { SessionTokens } from '../lib/session-store';
import { sessionStore, useSession } from '../lib/session-store';
import { FullPageLoader } from './full-page-loader';

/** 002 §2.1: a session missing its user or company record this long is cleared and the page reloaded. */
export const MISSING_RECORDS_TIMEOUT_MS = 5_000;
const MAX_TIMER_MS = 2_147_483_647;

/** Refreshes the access token shortly before it expires, so calls rarely meet a 401 at all. */
function useProactiveRefresh(tokens: SessionTokens | null): void {
  const accessToken = tokens?.accessToken;
  const expiresAt = tokens?.expiresAt;
  const expiresIn = tokens?.expiresIn;
  useEffect(() => {
    if (!accessToken || expiresAt === undefined || expiresIn === undefined) return;
    // A minute early, or a quarter of the lifetime for short-lived tokens.
    const lead = Math.min(60_000, (expiresIn * 1000) / 4);
    const delay = Math.min(Math.max(expiresAt - lead - Date.now(), 0), MAX_TIMER_MS);
    const timer = window.setTimeout(() => {
      // A failure here is not fatal: the next call's 401 refreshes again or ends the session.
      refreshAccessToken(accessToken).catch(() => undefined);
    }, delay);
    return () => window.clearTimeout(timer);
  }, [accessToken, expiresAt, expiresIn]);
}

/** Tokens are stored but a record is not: try to load the company, and apply the 5-second rule. */
function SessionRecovery({ user }: { user: TSessionUser | null }) {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const session = sessionStore.getSnapshot();
      if (session.tokens && (!session.user || !session.company)) {
        sessionStore.clear();
        window.location.reload();
      }
    }, MISSING_RECORDS_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useQuery({
    queryKey: companyKeys.recovery(user?.companyId ?? 0, user?.userId ?? 0),
    enabled: user !== null,
    queryFn: async () => {
      if (!user) return null;
      const company = await fetchCompanyRecord(userTypeForGroups(user.groups), user.companyId, {
        isQuiet: true,
      });
      sessionStore.saveCompany(company);
      return company;
    },
    retry: false,
    gcTime: 0,
  });

  return <FullPageLoader label="Loading your account" />;
}

export function loginPathFor(location: { pathname: string; search: string }): string {
  return `/login?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

/**
 * Signed-in routes (002 §2.1): only with tokens and both the user and company records stored.
 * A signed-out visit goes to /login and comes back here after sign-in (decision 23).
 */
export function SignedInGuard() {
  const session = useSession();
  const location = useLocation();
  useProactiveRefresh(session.tokens);

  if (!session.tokens) return <Navigate to={loginPathFor(location)} replace />;
  if (!session.user || !session.company) return <SessionRecovery user={session.user} />;
  return <Outlet />;
}
