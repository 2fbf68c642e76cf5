import type { IsoDate } from '@app/domain/scheduling/dates';
import type { ActorContext, RequestContext } from '@app/domain/service-requests/request-status';
import type {
  CustomerInfo,
  DealerInfo,
  InstallerInfo,
  OfferRow,
  RequestRow,
  ServiceRow,
} from './lifecycle.repository';

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
