import type { TPageViewLabel } from '@app/contracts/analytics.contract';
import { analyticsCalls } from '@app/contracts/analytics.contract';
import type { TListMode } from '@app/contracts/service-requests.contract';
import type { UserType } from '@app/domain/identity/access';
import { useEffect, useRef } from 'react';
import { callApi } from '../../../lib/call-api';

const modeLabels: Record<UserType, Record<TListMode, TPageViewLabel>> = {
  dealer: { requests: 'dealerRequests', jobs: 'dealerJobs', pickups: 'dealerPickups' },
  installer: { requests: 'installerRequests', jobs: 'installerJobs', pickups: 'installerPickups' },
};

export function findPageViewLabel(userType: UserType, mode: TListMode): TPageViewLabel {
  return modeLabels[userType][mode];
}

/**
 * Records one page view per visit of a mode (000 §2 labels). Analytics never bothers the user: the call
 * is quiet and its failure is ignored.
 */
export function usePageView(label: TPageViewLabel, path: string): void {
  // Guards against the second effect run of StrictMode and re-renders; a new label is a new visit.
  const recorded = useRef<TPageViewLabel | null>(null);
  useEffect(() => {
    if (recorded.current === label) return;
    recorded.current = label;
    callApi(analyticsCalls.pageView, { body: { label, path } }, { isQuiet: true }).catch(() => undefined);
  }, [label, path]);
}
