import type { TListMode, TRequestState } from '@app/contracts/service-requests.contract';

/**
 * Which requests a company sees, in words; service-requests.repository.ts turns these scopes into SQL.
 * They are the list filters of 000 §2 and the same sets the navigation counts
 * (modules/navigation/navigation.repository.ts) count, so a menu count always equals the list total:
 *
 * | role      | requests                                                     | jobs                          | pickups             |
 * |-----------|--------------------------------------------------------------|-------------------------------|---------------------|
 * | dealer    | own dealer requests, new or answered                         | scheduled, started, received  | collected, finished |
 * | installer | own estimates in state new + dealer requests in state new    | assigned to it: scheduled,    | assigned to it:     |
 * |           | on which its offer is 'offered'                              | received, started             | finished            |
 *
 * Reviewed and deleted requests are in no list (decision 32): no state set below contains them.
 * Detail reads are wider (see `Viewer`): a dealer reads every request its dealership made, an installer its
 * estimates, the work assigned to it and the dealer requests it holds an offer on (any status); deleted
 * requests are never shown.
 */
export type Viewer = { role: 'dealer' | 'installer'; companyId: number };

export const DEALER_MODE_STATES: Record<TListMode, readonly TRequestState[]> = {
  requests: ['new', 'answered'],
  jobs: ['scheduled', 'started', 'received'],
  pickups: ['collected', 'finished'],
};

export const INSTALLER_MODE_STATES: Record<TListMode, readonly TRequestState[]> = {
  requests: ['new'],
  jobs: ['scheduled', 'received', 'started'],
  pickups: ['finished'],
};

/**
 * Which half of an installer's merged list: `dealerRequests` (GET /getinstallerrequests/), `estimates`
 * (GET /getinstallerestimates/) or both (GET /requestimates/list/).
 */
export type InstallerListPart = 'all' | 'dealerRequests' | 'estimates';

export type ListScope =
  | { role: 'dealer'; dealerId: number; modes: readonly TListMode[] }
  | { role: 'installer'; installerId: number; modes: readonly TListMode[]; part: InstallerListPart };

/** Offset paging, or keyset paging after a row (its available date in microseconds, and its id). */
export type Paging = { limit: number; offset: number; after?: { us: number; id: number } };

export const ALL_MODES: readonly TListMode[] = ['requests', 'jobs', 'pickups'];

export function statesOf(
  table: Record<TListMode, readonly TRequestState[]>,
  modes: readonly TListMode[],
): TRequestState[] {
  return [...new Set(modes.flatMap((m) => table[m]))];
}
