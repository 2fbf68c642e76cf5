import { AppError } from '@app/contracts/errors.contract';
import type { IsoDate } from '@app/domain/scheduling/dates';
import { toIsoDate } from '@app/domain/scheduling/dates';
import { isOfferStatus } from '@app/domain/service-requests/offer-status';
import type { ActorContext, RequestContext, RequestState } from '@app/domain/service-requests/request-status';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import type { InvoicingHooks } from '../invoicing-hooks/invoicing-hooks.service';
import type {
  CustomerInfo,
  DealerInfo,
  InstallerInfo,
  LifecycleRepository,
  OfferRow,
  RequestRow,
  ServiceRow,
} from './lifecycle.repository';

/*
 * What every use case of the lifecycle service shares: its dependencies (database, clock, invoicing hooks)
 * and `loadContext`, which every call runs first. `createLifecycleService` builds one context and hands it to
 * each use-case factory (lifecycle.perform.ts, lifecycle.schedule.ts, lifecycle.actions.ts …).
 */

export type LifecycleServiceDeps = {
  db: Db;
  repository: LifecycleRepository;
  clock?: () => Date;
  invoicing: InvoicingHooks;
};

/** What a lifecycle call loads (under the request's row lock) before asking the transition table. */
export type Loaded = {
  row: RequestRow;
  offers: OfferRow[];
  services: ServiceRow[];
  /** The dealership of dealer work (the requestor, or the dealer an installer books for). */
  dealer: DealerInfo | null;
  customer: CustomerInfo | null;
  /** The caller's installer company (installers only) and its first location. */
  callerInstaller: InstallerInfo | null;
  callerLocation: { id: number; capacity: number | null } | null;
  groupInstallers: { id: number; name: string }[];
  referral: { id: number; requestedService: string | null } | null;
  actor: ActorContext;
  request: RequestContext;
  now: Date;
  today: IsoDate;
};

export type LifecycleContext = ReturnType<typeof createLifecycleContext>;

/**
 * `loadContext` alone: what another module that acts on a request under the lifecycle's rules needs (edit
 * job) — the request, its parts and the transition table's context, optionally under the row lock.
 */
export function createContextLoader({
  repository,
  clock = () => new Date(),
}: Pick<LifecycleServiceDeps, 'repository' | 'clock'>) {
  return async function loadContext(
    tx: Db | Tx,
    auth: AuthContext,
    requestId: number,
    lock: boolean,
  ): Promise<Loaded> {
    const found = await repository.loadRequestContext(tx, requestId, {
      lock,
      callerInstallerId: auth.userType === 'installer' ? auth.companyId : null,
    });
    // A request the caller may not see does not exist for it, whatever the call's body says (issue 19).
    if (!found || !isVisibleTo(auth, found.row, found.offers)) {
      throw new AppError('NOT_FOUND', `Request ${requestId} does not exist`);
    }
    const { row, offers, services, dealer, customer, referral, groupInstallers, callerLocation } = found;
    const callerInstaller = auth.userType === 'installer' ? found.callerInstaller : null;
    const isContractSigned = found.isContractSigned;
    const flags = { hasFinalInvoice: found.hasFinalInvoice, hasDepositInvoice: found.hasDepositInvoice };
    const now = clock();
    const actor: ActorContext = {
      userType: auth.userType,
      access: auth.access,
      companyId: auth.companyId,
    };
    if (callerInstaller) {
      actor.isTrial = callerInstaller.isTrial;
      actor.isPaymentSetupComplete = callerInstaller.onboardingComplete;
      actor.isInstallerGroupEnabled = callerInstaller.installerGroupId !== null && groupInstallers.length > 0;
      actor.groupInstallerIds = groupInstallers.map((g) => g.id);
      actor.isCalendarLinked = callerInstaller.calendarAuthenticated && callerInstaller.calendarId !== null;
    }
    const request: RequestContext = {
      requestType: row.requestType === 'installer' ? 'installer' : 'dealer',
      currentState: row.currentState as RequestState,
      requestorDealerId: row.requestorDealerId,
      requestorInstallerId: row.requestorInstallerId,
      assignedInstallerId: row.assignedInstallerId,
      offers: offers.flatMap((o) =>
        isOfferStatus(o.currentStatus)
          ? [
              {
                installerId: o.installerId,
                currentStatus: o.currentStatus,
                startDate: o.startDate ? toIsoDate(o.startDate) : null,
              },
            ]
          : [],
      ),
      customerContract: row.requestType === 'dealer' && dealer?.customerContract === 'Y' ? 'Y' : 'N',
      isContractSigned,
      hasFinalInvoice: flags.hasFinalInvoice,
      hasDepositInvoice: flags.hasDepositInvoice,
      depositAmountCents: row.depositAmountCents,
      // The job total a deposit may not exceed: what the customer pays (total − discount + taxes).
      totalCents: row.totalCents - row.discountCents + row.taxesCents,
      durationDays: row.durationTenths / 10,
      dueDate: row.dueDate ? toIsoDate(row.dueDate) : null,
      hasReferral: referral !== null,
    };
    return {
      row,
      offers,
      services,
      dealer,
      customer,
      callerInstaller,
      callerLocation,
      groupInstallers,
      referral,
      actor,
      request,
      now,
      today: toIsoDate(now),
    };
  };
}

export function createLifecycleContext({
  db,
  repository,
  clock = () => new Date(),
  invoicing,
}: LifecycleServiceDeps) {
  return { db, repository, clock, invoicing, loadContext: createContextLoader({ repository, clock }) };
}

/**
 * Whether the caller may see the request at all: the detail reads' rule (service-requests.scopes.ts). A
 * dealer sees its dealership's requests; an installer its estimates, the work assigned to it and the dealer
 * requests it holds an offer on (any status). Having no part in it (a rejected offer) is a 403 later on.
 */
function isVisibleTo(auth: AuthContext, row: RequestRow, offers: readonly OfferRow[]): boolean {
  if (auth.userType === 'dealer') {
    return row.requestType === 'dealer' && row.requestorDealerId === auth.companyId;
  }
  return (
    row.requestorInstallerId === auth.companyId ||
    row.assignedInstallerId === auth.companyId ||
    (row.requestType === 'dealer' && offers.some((o) => o.installerId === auth.companyId))
  );
}
