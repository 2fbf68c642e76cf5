import type { TPageViewBody } from '@app/contracts/analytics.contract';
import type { AuthContext } from '../../platform/security/auth-context';
import type { AnalyticsPort } from './analytics.port';

export function createAnalyticsService({ port, clock }: { port: AnalyticsPort; clock: () => Date }) {
  return {
    /** Records who viewed which screen; the company and user come from the session, never the body. */
    async recordPageView(auth: AuthContext, body: TPageViewBody): Promise<{ success: true }> {
      await port.recordPageView({
        label: body.label,
        path: body.path ?? null,
        requestId: body.requestId ?? null,
        userId: auth.userId,
        companyId: auth.companyId,
        companyType: auth.userType,
        at: clock(),
      });
      return { success: true };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
