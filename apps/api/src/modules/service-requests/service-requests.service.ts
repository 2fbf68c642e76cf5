import { AppError } from '@app/contracts/errors.contract';
import type {
  TCompanyListQuery,
  TListMode,
  TListQuery,
  TRequestimate,
} from '@app/contracts/service-requests.contract';
import type { JsonText } from '../../platform/json-text';
import type { AuthContext } from '../../platform/security/auth-context';
import type { ServiceRequestsRepository } from './service-requests.repository';
import { ALL_MODES, type InstallerListPart, type ListScope, type Viewer } from './service-requests.scopes';

type Page<T> = {
  items: JsonText<T[]>;
  total: number;
  limit: number;
  offset: number;
  next_cursor: string | null;
};

export function createServiceRequestsService({ repository }: { repository: ServiceRequestsRepository }) {
  function viewerOf(auth: AuthContext): Viewer {
    return { role: auth.userType, companyId: auth.companyId };
  }

  /** The legacy list calls name a company in `?Id=`: it must be the caller's, of the right kind. */
  function assertOwnList(auth: AuthContext, id: number, role: 'dealer' | 'installer') {
    if (auth.userType !== role) {
      throw new AppError('FORBIDDEN', `You are signed in as a ${auth.userType}; this list is for ${role}s`);
    }
    if (id !== auth.companyId) {
      throw new AppError('FORBIDDEN', `Requests of company ${id} are not yours to read`);
    }
  }

  function scopeOf(auth: AuthContext, mode: TListMode | undefined, part: InstallerListPart): ListScope {
    const modes = mode ? [mode] : ALL_MODES;
    return auth.userType === 'dealer'
      ? { role: 'dealer', dealerId: auth.companyId, modes }
      : { role: 'installer', installerId: auth.companyId, modes, part };
  }

  async function list(
    auth: AuthContext,
    query: TListQuery,
    part: InstallerListPart,
  ): Promise<Page<TRequestimate>> {
    const { limit, offset, after } = query;
    return {
      ...(await repository.listRequests(scopeOf(auth, query.mode, part), { limit, offset, after })),
      limit,
      offset,
    };
  }

  function notFound(requestId: number): never {
    throw new AppError('NOT_FOUND', `Request ${requestId} was not found`);
  }

  /** One part of a request as the caller sees it: NOT_FOUND when the request is not visible to them. */
  function partSeenBy<T>(read: (viewer: Viewer, requestId: number) => Promise<T | null>) {
    return async (auth: AuthContext, requestId: number): Promise<T> => {
      const found = await read(viewerOf(auth), requestId);
      if (found === null) notFound(requestId);
      return found;
    };
  }

  return {
    /** GET /requestimates/list/: the caller's own list in one call (installers: merged). */
    listMine: (auth: AuthContext, query: TListQuery) => list(auth, query, 'all'),

    async listDealerRequests(auth: AuthContext, query: TCompanyListQuery) {
      assertOwnList(auth, query.Id, 'dealer');
      return list(auth, query, 'all');
    },

    async listInstallerRequests(auth: AuthContext, query: TCompanyListQuery) {
      assertOwnList(auth, query.Id, 'installer');
      return list(auth, query, 'dealerRequests');
    },

    async listInstallerEstimates(auth: AuthContext, query: TCompanyListQuery) {
      assertOwnList(auth, query.Id, 'installer');
      return list(auth, query, 'estimates');
    },

    getRequest: partSeenBy(repository.findRequest),
    getFullRequest: partSeenBy(repository.findFullRequest),
    listServices: partSeenBy(repository.listServices),
    listNotes: partSeenBy(repository.listNotes),
    listOffersOfRequest: partSeenBy(repository.listOffersOfRequest),
    listStateHistory: partSeenBy(repository.listStateHistory),
    listReferrals: partSeenBy(repository.listReferrals),
    listCalendarDays: partSeenBy(repository.listCalendarDays),

    /** GET /requestOffered/{typeId}: typeId is the caller's company. */
    async listOffersOfCompany(auth: AuthContext, typeId: number, paging: { limit: number; offset: number }) {
      if (typeId !== auth.companyId) {
        throw new AppError('FORBIDDEN', `Offers of company ${typeId} are not yours to read`);
      }
      return repository.listOffersOfCompany(viewerOf(auth), paging);
    },
  };
}
export type ServiceRequestsService = ReturnType<typeof createServiceRequestsService>;
