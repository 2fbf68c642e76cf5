import type { TProximityInstaller } from '@app/contracts/customers.contract';
import { AppError } from '@app/contracts/errors.contract';
import type { TMatchReply } from '@app/contracts/request-creation.contract';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import type { DealerVisibility, InstallerCandidate, MatchingRepository } from './matching.repository';

/** Specialists farther than this from the dealership are not offered its work (unless they work with it). */
export const PROXIMITY_RADIUS_MILES = 100;

export type EligibleInstaller = InstallerCandidate & {
  distanceMiles: number | null;
  isDefaultVendor: boolean;
};

/** Great-circle distance in miles. */
export function distanceMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The visibility mode of a category: its stored preference, else the dealer-wide mode. */
export function visibilityModeFor(
  visibility: DealerVisibility,
  category: string | null,
): 'all' | 'preferred' {
  if (category === null) return visibility.defaultMode;
  const stored = visibility.preferences.find((p) => p.category.toLowerCase() === category.toLowerCase());
  return stored?.mode ?? visibility.defaultMode;
}

/**
 * Which specialists a dealer may send work to (see README.md "Matching"): an installer is eligible for a set
 * of categories when it
 * 1. offers wholesale work (services include 'whole');
 * 2. serves every category: it has a wholesale-priced service in it that the dealer may see (a catalog
 *    template the installer assigned to the dealer limits what it sees);
 * 3. passes vendor visibility: in a category whose mode is 'preferred' it must be one of the dealer's
 *    preferred specialists (dealer_preferred = 1);
 * 4. is near: within 100 miles of the dealership, or works with it already (installer_dealers), or either
 *    has no coordinates.
 */
export function createMatchingService({ db, repository }: { db: Db; repository: MatchingRepository }) {
  async function listEligible(
    dealerId: number,
    categories: readonly string[] | null,
    tx: Db | Tx = db,
  ): Promise<EligibleInstaller[]> {
    const visibility = await repository.findDealerVisibility(dealerId, tx);
    if (!visibility) throw new AppError('NOT_FOUND', `Dealer ${dealerId} not found`);
    const wanted = categories ?? [];
    const modes =
      wanted.length > 0 ? wanted.map((c) => visibilityModeFor(visibility, c)) : [visibility.defaultMode];
    const needsPreferred = modes.includes('preferred');
    const defaultVendors = new Set(
      visibility.preferences
        .filter((p) => wanted.some((c) => c.toLowerCase() === p.category.toLowerCase()))
        .map((p) => p.defaultInstallerId),
    );
    const candidates = await repository.listWholesaleInstallers(dealerId, tx);
    const eligible: EligibleInstaller[] = [];
    for (const candidate of candidates) {
      if (candidate.categories.length === 0) continue;
      const served = candidate.categories.map((c) => c.toLowerCase());
      if (!wanted.every((c) => served.includes(c.toLowerCase()))) continue;
      if (needsPreferred && !candidate.isPreferred) continue;
      const distance =
        visibility.latitude != null &&
        visibility.longitude != null &&
        candidate.latitude != null &&
        candidate.longitude != null
          ? distanceMiles(
              { lat: visibility.latitude, lng: visibility.longitude },
              { lat: candidate.latitude, lng: candidate.longitude },
            )
          : null;
      if (distance !== null && distance > PROXIMITY_RADIUS_MILES && !candidate.isLinked) continue;
      eligible.push({
        ...candidate,
        distanceMiles: distance === null ? null : Math.round(distance * 10) / 10,
        isDefaultVendor: defaultVendors.has(candidate.installerId),
      });
    }
    // Preferred first, then nearest, then by name.
    return eligible.sort(
      (a, b) =>
        Number(b.isPreferred) - Number(a.isPreferred) ||
        (a.distanceMiles ?? Number.POSITIVE_INFINITY) - (b.distanceMiles ?? Number.POSITIVE_INFINITY) ||
        a.name.localeCompare(b.name),
    );
  }

  function assertOwnDealer(auth: AuthContext, dealerId: number) {
    if (auth.userType !== 'dealer' || auth.companyId !== dealerId) {
      throw new AppError('FORBIDDEN', `Specialists of dealer ${dealerId} are not yours to read`);
    }
  }

  /** GET /matchAll/ and /matchA/ on the caller's transaction (request creation matches in its own). */
  async function matchInTx(
    tx: Tx,
    auth: AuthContext,
    requestId: number,
    mode: 'all' | 'one',
  ): Promise<TMatchReply> {
    if (auth.userType !== 'dealer') throw new AppError('FORBIDDEN', 'Only dealers match their requests');
    const request = await repository.lockRequest(tx, requestId);
    if (!request || request.deletedAt || request.requestorDealerId !== auth.companyId) {
      throw new AppError('NOT_FOUND', `Request ${requestId} was not found`);
    }
    if (request.requestType !== 'dealer' || request.currentState !== 'new') {
      throw new AppError(
        'INVALID_TRANSITION',
        `Request ${requestId} is ${request.currentState}: only new dealer requests are matched`,
      );
    }
    const categories = await repository.listLineCategories(tx, requestId);
    if (categories.length === 0) {
      throw new AppError('CONFLICT', `Request ${requestId} has no services yet: add them before matching`);
    }
    const eligible = await listEligible(auth.companyId, categories, tx);
    let targets: number[];
    if (mode === 'one' || request.assignedInstallerId != null) {
      const chosen = request.assignedInstallerId;
      if (chosen == null) {
        throw new AppError('CONFLICT', `Request ${requestId} has no chosen specialist: use /matchAll/`);
      }
      if (!eligible.some((e) => e.installerId === chosen)) {
        throw new AppError(
          'CONFLICT',
          `Specialist ${chosen} cannot take request ${requestId}: it does not serve ${categories.join(', ')} for your dealership`,
        );
      }
      targets = [chosen];
    } else {
      targets = eligible.map((e) => e.installerId);
    }
    const created = new Set(await repository.insertOffers(tx, requestId, targets, request.availableDate));
    const offers = await repository.listLiveOffers(tx, requestId);
    return {
      success: true as const,
      requestId,
      matched: created.size,
      offers: offers.map((o) => ({
        installerId: o.installerId,
        Installer_Name: o.name,
        currentStatus: o.status,
        created: created.has(o.installerId),
      })),
    };
  }

  return {
    listEligible,

    /**
     * A chosen specialist at creation: eligible for the request's categories when its lines are known, else
     * for at least one category it serves (the lines, posted later, are checked one by one).
     */
    async canTakeWork(dealerId: number, installerId: number, categories: readonly string[] | null) {
      if (categories !== null && categories.length > 0) {
        return (await listEligible(dealerId, categories)).some((e) => e.installerId === installerId);
      }
      const candidate = (await listEligible(dealerId, null)).find((e) => e.installerId === installerId);
      if (!candidate) {
        // Preferred dealer-wide: the specialist may still be open in a category whose mode is 'all'.
        for (const category of (await repository.listWholesaleInstallers(dealerId)).find(
          (c) => c.installerId === installerId,
        )?.categories ?? []) {
          if ((await listEligible(dealerId, [category])).some((e) => e.installerId === installerId))
            return true;
        }
        return false;
      }
      return true;
    },

    /** True when the dealer may send work of these categories to the installer. */
    async isEligible(dealerId: number, installerId: number, categories: readonly string[], tx: Db | Tx = db) {
      const eligible = await listEligible(dealerId, categories, tx);
      return eligible.some((e) => e.installerId === installerId);
    },

    /** GET /installerProximity/{dealerId}[/{category}]: 'Any (N)' is the length of this list. */
    async listProximity(
      auth: AuthContext,
      dealerId: number,
      category: string | null,
    ): Promise<TProximityInstaller[]> {
      assertOwnDealer(auth, dealerId);
      const isAll = category === null || /^(all|all categories|0)$/i.test(category);
      const eligible = await listEligible(dealerId, isAll ? null : [category]);
      return eligible.map((e) => ({
        Installer_id: e.installerId,
        Installer_Name: e.name,
        dealer_preferred: e.isPreferred ? 1 : 0,
        distance_miles: e.distanceMiles,
        installer_category: e.category,
        categories: e.categories,
        is_default_vendor: e.isDefaultVendor,
      }));
    },

    /** The request's live offers with the installers' contact details, by installer name. */
    listLiveOffers: (tx: Db | Tx, requestId: number) => repository.listLiveOffers(tx, requestId),

    matchInTx,
    matchAll: (auth: AuthContext, requestId: number) =>
      db.transaction((tx) => matchInTx(tx, auth, requestId, 'all')),
    matchOne: (auth: AuthContext, requestId: number) =>
      db.transaction((tx) => matchInTx(tx, auth, requestId, 'one')),
  };
}
export type MatchingService = ReturnType<typeof createMatchingService>;
