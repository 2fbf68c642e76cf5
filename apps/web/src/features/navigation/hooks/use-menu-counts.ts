import type { TSessionUser } from '@app/contracts/auth.contract';
import { navigationCalls } from '@app/contracts/shell.contract';
import type { MenuKey } from '@app/domain/identity/access';
import { countBucketForState } from '@app/domain/identity/access';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/call-api';
import { navigationKeys } from '../query-keys';

/** Counts shown beside menu entries; `null` when the source gave no number for that entry. */
export type MenuCounts = Partial<Record<MenuKey, number | null>>;

const COUNTS_REFRESH_MS = 60_000;

// Count calls are quiet: the menu shows their failure itself ('Error loading data' + Retry), and a
// toast every minute and on every focus would bury the screen.
async function fetchCachedCounts(user: TSessionUser): Promise<MenuCounts> {
  const counts = await callApi(
    navigationCalls.navbarCounts,
    {
      query: { entityId: user.companyId, userId: user.userId, userType: user.userType, access: user.access },
    },
    { isQuiet: true },
  );
  return {
    requests: counts.requestCount,
    jobs: counts.jobCount,
    pickups: counts.pickupCount,
    referrals: counts.referralCount,
  };
}

/** The legacy pair: per-state rows bucketed like the domain says, plus referrals for dealers not on DIRECT. */
async function fetchLegacyCounts(user: TSessionUser): Promise<MenuCounts> {
  const query = { userId: user.userId, userType: user.userType };
  const hasReferralCount = user.userType === 'dealer' && user.access !== 'DIRECT';
  const [rows, referrals] = await Promise.all([
    callApi(navigationCalls.legacyCounts, { query }, { isQuiet: true }),
    hasReferralCount
      ? callApi(navigationCalls.referralCounts, { query }, { isQuiet: true }).then(
          (answer) => answer.referralCount,
          // Referral counts are extra: their failure alone does not fail the menu.
          () => null,
        )
      : Promise.resolve(null),
  ]);
  const counts = { requests: 0, jobs: 0, pickups: 0 };
  for (const row of rows) {
    const bucket = countBucketForState(row.current_state, user.userType);
    if (bucket) counts[bucket] += row.total;
  }
  return { ...counts, referrals };
}

export async function fetchMenuCounts(user: TSessionUser): Promise<MenuCounts> {
  try {
    return await fetchCachedCounts(user);
  } catch {
    return await fetchLegacyCounts(user);
  }
}

export function useMenuCounts(user: TSessionUser) {
  return useQuery({
    queryKey: navigationKeys.counts(user.companyId, user),
    queryFn: () => fetchMenuCounts(user),
    staleTime: 0,
    refetchInterval: COUNTS_REFRESH_MS,
    refetchOnWindowFocus: true,
    // The legacy calls already are the retry; after that the menu offers Retry.
    retry: false,
  });
}
