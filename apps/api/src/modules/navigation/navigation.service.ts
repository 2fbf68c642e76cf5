import { AppError } from '@app/contracts/errors.contract';
import type { TNavbarCounts } from '@app/contracts/shell.contract';
import { countBucketForState } from '@app/domain/identity/access';
import type { AuthContext } from '../../platform/security/auth-context';
import type { NavigationRepository } from './navigation.repository';

export function createNavigationService({ repository }: { repository: NavigationRepository }) {
  /** The query names a company; it must be the caller's current company. */
  function assertOwnCompany(auth: AuthContext, entityId: number | undefined, userType?: string) {
    if (entityId !== undefined && entityId !== auth.companyId) {
      throw new AppError('FORBIDDEN', `Counts of company ${entityId} are not yours to read`);
    }
    if (userType && userType !== auth.userType) {
      throw new AppError('FORBIDDEN', `You are signed in as a ${auth.userType}, not a ${userType}`);
    }
  }

  async function stateCounts(auth: AuthContext) {
    return auth.userType === 'dealer'
      ? repository.countDealerRequestsByState(auth.companyId)
      : repository.countInstallerRequestsByState(auth.companyId);
  }

  async function referralCount(auth: AuthContext) {
    if (auth.access === 'DIRECT') return 0;
    return auth.userType === 'dealer'
      ? repository.countDealerReferrals(auth.companyId)
      : repository.countInstallerReferrals(auth.companyId);
  }

  return {
    async getNavbarCounts(
      auth: AuthContext,
      query: { entityId: number; userType?: string },
    ): Promise<TNavbarCounts> {
      assertOwnCompany(auth, query.entityId, query.userType);
      const [states, referrals, calendar] = await Promise.all([
        stateCounts(auth),
        referralCount(auth),
        auth.userType === 'installer'
          ? repository.findInstallerCalendar(auth.companyId)
          : Promise.resolve({ authenticated: 0, calendar: null }),
      ]);
      const counts = { requests: 0, jobs: 0, pickups: 0 };
      for (const { state, total } of states) {
        const bucket = countBucketForState(state, auth.userType);
        if (bucket) counts[bucket] += total;
      }
      return {
        requestCount: counts.requests,
        jobCount: counts.jobs,
        pickupCount: counts.pickups,
        referralCount: referrals,
        authenticated: calendar.authenticated,
        calendar: calendar.calendar,
      };
    },

    async getLegacyCounts(auth: AuthContext, query: { userType?: string }) {
      assertOwnCompany(auth, undefined, query.userType);
      const states = await stateCounts(auth);
      return states.map((s) => ({ current_state: s.state, total: s.total }));
    },

    async getReferralCount(auth: AuthContext, query: { userType?: string }) {
      assertOwnCompany(auth, undefined, query.userType);
      return { referralCount: await referralCount(auth) };
    },
  };
}
export type NavigationService = ReturnType<typeof createNavigationService>;
