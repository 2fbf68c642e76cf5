import {
  contactRequiredMessage,
  emailMessage,
  type TCreateCustomerBody,
  type TCreateDealerBody,
  type TCustomer,
  type TDealer,
} from '@app/contracts/customers.contract';
import { AppError } from '@app/contracts/errors.contract';
import { z } from 'zod';
import type { AddressPort } from '../../adapters/address/address-port';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import type { CatalogService } from '../catalog/catalog.service';
import type { VehiclesService } from '../vehicles/vehicles.service';
import type { CustomersRepository } from './customers.repository';

/** Categories every dealer has a visibility entry for (the product's four), besides stored ones. */
const PRODUCT_CATEGORIES = ['PPF', 'Glass/Tint', 'Paint', 'Other Services'];

function requireInstaller(auth: AuthContext, what: string) {
  if (auth.userType !== 'installer') throw new AppError('FORBIDDEN', `Only specialists ${what}`);
}

function requireOwnDealer(auth: AuthContext, dealerId: number, what: string) {
  if (auth.userType !== 'dealer' || auth.companyId !== dealerId) {
    throw new AppError('FORBIDDEN', `The ${what} of dealer ${dealerId} are not yours`);
  }
}

/** A record's id repeated in the body (an update) must be the one its path names. */
function assertSameId(field: 'customerId' | 'dealerId', bodyId: number | undefined, pathId: number) {
  if (bodyId !== undefined && bodyId !== pathId) {
    throw new AppError('VALIDATION_FAILED', `${field} ${bodyId} does not match the path id ${pathId}`);
  }
}

export function createCustomersService({
  db,
  repository,
  catalog,
  address,
  jobs,
}: {
  /** Opens the transactions of the writes that touch more than one row. */
  db: Db;
  repository: CustomersRepository;
  catalog: CatalogService;
  address: AddressPort;
  /** The specialist's work for a customer or dealership (the vehicles module reads it for the wizard too). */
  jobs: Pick<VehiclesService, 'listCustomerJobs'>;
}) {
  /**
   * Who may see and change a customer (issue 19): its owning installer and the dealership whose referral or
   * request created it read and change it; an installer sharing a request with it reads it. Anyone else is
   * told it does not exist (NOT_FOUND, not FORBIDDEN), so sequential ids reveal nothing.
   */
  async function customerAccess(auth: AuthContext, id: number) {
    const found = await repository.findCustomer(id);
    const canChange =
      found !== null &&
      (auth.userType === 'installer'
        ? found.row.owningInstallerId === auth.companyId
        : found.row.dealerId === auth.companyId);
    const canRead =
      canChange ||
      (found !== null &&
        auth.userType === 'installer' &&
        (await repository.isCustomerOnRequestOf(id, auth.companyId)));
    if (!found || !canRead) throw new AppError('NOT_FOUND', `Customer ${id} not found`);
    return { found, canChange };
  }

  async function changeableCustomer(auth: AuthContext, id: number) {
    const { found, canChange } = await customerAccess(auth, id);
    if (!canChange) throw new AppError('FORBIDDEN', `Customer ${id} is not yours to change`);
    return found;
  }

  async function visibleDealer(auth: AuthContext, dealerId: number) {
    const isMine =
      auth.userType === 'dealer'
        ? auth.companyId === dealerId
        : await repository.isInstallerDealer(auth.companyId, dealerId);
    const found = isMine ? await repository.findDealer(dealerId) : null;
    if (!found) throw new AppError('NOT_FOUND', `Dealer ${dealerId} not found`);
    return found;
  }

  return {
    /**
     * POST /customers. Installers (wizard, customers screen): name, e-mail and 10-digit phone required, the
     * customer is theirs. Dealers (referral flow): name and e-mail, owningInstaller 0 (no owner yet), the
     * customer is linked to the dealership.
     */
    async createCustomer(auth: AuthContext, body: TCreateCustomerBody): Promise<TCustomer> {
      const owner = body.owningInstaller ?? 0;
      const phone = body.customerPhoneNumber ? body.customerPhoneNumber : null;
      const email = body.customerEmailAddress ?? null;
      if (!email) {
        throw new AppError('VALIDATION_FAILED', 'Email is required', {
          details: [{ field: 'body.customerEmailAddress', message: 'Email is required' }],
        });
      }
      if (auth.userType === 'installer') {
        if (owner !== 0 && owner !== auth.companyId) {
          throw new AppError('FORBIDDEN', `Customers of specialist ${owner} are not yours to create`);
        }
        if (!phone) {
          throw new AppError('VALIDATION_FAILED', 'Phone number is required', {
            details: [{ field: 'body.customerPhoneNumber', message: 'Phone number is required' }],
          });
        }
        return repository.insertCustomer({
          owningInstallerId: auth.companyId,
          name: body.customerName,
          email,
          phone,
          address: body.customerAddress,
          customerType: body.customerType,
        });
      }
      if (owner !== 0) {
        throw new AppError(
          'FORBIDDEN',
          'A dealer’s customer has no owning specialist until one claims it (owningInstaller 0)',
        );
      }
      return repository.insertCustomer({
        owningInstallerId: null,
        dealerId: auth.companyId,
        name: body.customerName,
        email,
        phone,
        address: body.customerAddress,
        customerType: body.customerType,
      });
    },

    listCustomers: (auth: AuthContext, q?: string) =>
      repository.listCustomers({ role: auth.userType, companyId: auth.companyId }, q),

    async getCustomer(auth: AuthContext, id: number) {
      return (await customerAccess(auth, id)).found.dto;
    },

    /**
     * PUT /customer/{id} (UPDATE CUSTOMER): its owning installer or the dealership that created it. The
     * payment customer id is the server's (payments module), never the body's.
     */
    async updateCustomer(
      auth: AuthContext,
      id: number,
      body: {
        customerName: string;
        customerEmailAddress: string;
        customerPhoneNumber: string;
        customerAddress: string | null;
        customerType?: string;
        customerId?: number;
      },
    ) {
      await changeableCustomer(auth, id);
      assertSameId('customerId', body.customerId, id);
      await repository.updateCustomer(id, {
        name: body.customerName,
        email: body.customerEmailAddress,
        phone: body.customerPhoneNumber,
        address: body.customerAddress,
        ...(body.customerType ? { customerType: body.customerType } : {}),
      });
      return { success: true as const, message: 'Customer record updated.' };
    },

    /**
     * PUT /customers/{id} (row 125): the owning installer sets the customer type. The owner changes only
     * in the flows that create the relationship (an installer's own customer, a claimed referral), never
     * from this body: `owningInstaller` is accepted only as the caller's own, unchanged, id.
     */
    async patchCustomer(
      auth: AuthContext,
      id: number,
      body: { customerType?: string; owningInstaller?: number },
    ) {
      requireInstaller(auth, 'update customers');
      await changeableCustomer(auth, id);
      if (body.owningInstaller !== undefined && body.owningInstaller !== auth.companyId) {
        throw new AppError('FORBIDDEN', `Customer ${id} cannot be given to another company`);
      }
      if (body.customerType) await repository.updateCustomer(id, { customerType: body.customerType });
      return { success: true as const };
    },

    async listInstallerCustomers(auth: AuthContext, typeId: number, q?: string, limit?: number) {
      requireInstaller(auth, 'have customers');
      if (typeId !== auth.companyId)
        throw new AppError('FORBIDDEN', `Customers of specialist ${typeId} are not yours`);
      return repository.listCustomers({ role: 'installer', companyId: typeId }, q, limit);
    },

    async listInstallerDealers(auth: AuthContext, typeId: number, q?: string, limit?: number) {
      requireInstaller(auth, 'have dealerships');
      if (typeId !== auth.companyId)
        throw new AppError('FORBIDDEN', `Dealerships of specialist ${typeId} are not yours`);
      return repository.listInstallerDealers(typeId, q, limit);
    },

    /**
     * GET /getcustomerjobs/{customerId}/{typeId} and /getdealerjobs/{dealerId}/{typeId} (rows 135, 136; SHOW
     * JOBS): the specialist's own work for one of its customers or dealerships. The party must be the caller's
     * (its customer, or a dealership it works with), else NOT_FOUND; another specialist's id is FORBIDDEN.
     */
    async listPartyJobs(auth: AuthContext, kind: 'customer' | 'dealer', id: number, typeId: number) {
      requireInstaller(auth, 'have jobs');
      if (typeId !== auth.companyId)
        throw new AppError('FORBIDDEN', `Jobs of specialist ${typeId} are not yours to read`);
      if (kind === 'customer') await customerAccess(auth, id);
      else await visibleDealer(auth, id);
      return jobs.listCustomerJobs(auth, { customer: id, installerId: typeId }, kind);
    },

    /** GET /dealers: an installer's dealerships; a dealer reads its own record. */
    async listDealers(auth: AuthContext, q?: string): Promise<TDealer[]> {
      if (auth.userType === 'installer') return repository.listInstallerDealers(auth.companyId, q);
      const own = await repository.findDealer(auth.companyId);
      return own ? [own.dto] : [];
    },

    /** POST /dealers: an installer whose services include wholesale adds a dealership (4.16). */
    async createDealer(auth: AuthContext, body: TCreateDealerBody): Promise<TDealer> {
      requireInstaller(auth, 'add dealerships');
      const installer = await catalog.findInstaller(auth.companyId);
      if (!installer?.offersWholesale) {
        throw new AppError(
          'FORBIDDEN',
          'Failed to create dealer: your services do not include wholesale work',
        );
      }
      const values = {
        name: body.dealerName,
        email: body.dealerEmail,
        phone: body.dealerPhoneNumber,
        addressLine1: body.dealerAddressLine1,
        addressLine2: body.dealerAddressLine2,
        city: body.dealerAddressCity,
        state: body.dealerAddressState,
        zip: body.dealerAddressZip,
        installerCategories: body.installerCategories,
        isActive: body.dealerActive === undefined ? true : Boolean(body.dealerActive),
        customerContract: body.customerContract,
      };
      return db.transaction((tx) => repository.insertDealer(tx, auth.companyId, values));
    },

    /**
     * PUT /dealers/{id} and /dealer/{id} (issue 19). The dealership's own users change its record; an
     * installer that created the dealership changes its contact fields (name, e-mail, phone: what the customers
     * screen edits, 002 §2.9) while the dealership has no users of its own; other installers that work with
     * it may not (FORBIDDEN), and anyone else is told it does not exist. The payment customer id is the
     * server's, never the body's.
     */
    async updateDealer(
      auth: AuthContext,
      dealerId: number,
      body: {
        dealerId?: number;
        dealerName?: string;
        dealerEmail: string;
        dealerPhoneNumber?: string | null;
        dealerAddressLine1: string | null;
        dealerAddressLine2: string | null;
        dealerAddressCity: string | null;
        dealerAddressState: string | null;
        dealerAddressZip: string | null;
        latitude?: number | null;
        longitude?: number | null;
      },
    ) {
      const found = await visibleDealer(auth, dealerId);
      const isOwnUser = auth.userType === 'dealer';
      if (
        !isOwnUser &&
        (found.row.createdByInstallerId !== auth.companyId || (await repository.hasDealerUsers(dealerId)))
      ) {
        throw new AppError('FORBIDDEN', `Dealer ${dealerId} keeps its own record; its users change it`);
      }
      assertSameId('dealerId', body.dealerId, dealerId);
      await repository.updateDealer(dealerId, {
        email: body.dealerEmail,
        ...(body.dealerName ? { name: body.dealerName } : {}),
        ...(body.dealerPhoneNumber ? { phone: body.dealerPhoneNumber } : {}),
        ...(isOwnUser
          ? {
              ...(body.dealerAddressLine1 ? { addressLine1: body.dealerAddressLine1 } : {}),
              ...(body.dealerAddressLine2 ? { addressLine2: body.dealerAddressLine2 } : {}),
              ...(body.dealerAddressCity ? { city: body.dealerAddressCity } : {}),
              ...(body.dealerAddressState ? { state: body.dealerAddressState.toUpperCase() } : {}),
              ...(body.dealerAddressZip ? { zip: body.dealerAddressZip } : {}),
              ...(typeof body.latitude === 'number' ? { latitude: body.latitude } : {}),
              ...(typeof body.longitude === 'number' ? { longitude: body.longitude } : {}),
            }
          : {}),
      });
      return { success: true as const, message: 'Dealer record updated successfully.' };
    },

    /** GET /dealer/preferences/{dealerId}: stored category preferences, and the dealer-wide default for the rest. */
    async listPreferences(auth: AuthContext, dealerId: number) {
      requireOwnDealer(auth, dealerId, 'vendor preferences');
      const dealer = await repository.findDealer(dealerId);
      if (!dealer) throw new AppError('NOT_FOUND', `Dealer ${dealerId} not found`);
      const stored = await repository.listVendorPreferences(dealerId);
      const defaultMode = dealer.row.vendorVisibilityMode === 'preferred' ? 'preferred' : 'all';
      const categories = [
        ...PRODUCT_CATEGORIES,
        ...(dealer.row.installerCategories ?? '')
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean),
        ...stored.map((s) => s.category),
      ];
      return [...new Set(categories)].map((category) => {
        const entry = stored.find((s) => s.category === category);
        return {
          category_name: category,
          vendor_visibility_mode: (entry
            ? entry.mode === 'preferred'
              ? 'preferred'
              : 'all'
            : defaultMode) as 'all' | 'preferred',
          default_vendor_id: entry?.defaultInstallerId ?? null,
          default_vendor_name: entry?.defaultInstallerName ?? null,
          is_stored: Boolean(entry),
        };
      });
    },

    async listTeam(auth: AuthContext, dealerId: number) {
      requireOwnDealer(auth, dealerId, 'team contacts');
      const team = await repository.listTeam(dealerId);
      return team.map((u) => ({
        User_id: u.id,
        user_name: u.name,
        email: u.email,
        phone: u.phone,
        contact_role: u.role,
        login_enabled: u.loginEnabled,
        user_status: u.status,
      }));
    },

    /** POST /dealer/contacts: a team contact that cannot sign in (login disabled, status contact). */
    async createContact(
      auth: AuthContext,
      body: { name: string; email: string; phone?: string | null; role: string | null; dealerId: number },
    ) {
      requireOwnDealer(auth, body.dealerId, 'team contacts');
      if (!body.name || !body.email) throw new AppError('VALIDATION_FAILED', contactRequiredMessage);
      const email = z.email().safeParse(body.email.toLowerCase());
      if (!email.success) throw new AppError('VALIDATION_FAILED', emailMessage);
      const row = await repository.insertContact({
        dealerId: body.dealerId,
        name: body.name,
        email: email.data,
        phone: body.phone ? body.phone : null,
        role: body.role,
        createdByUserId: auth.userId,
      });
      return {
        success: true as const,
        userId: row.id,
        User_id: row.id,
        user_name: row.name,
        email: row.email,
        phone: row.phone,
        contact_role: row.contactRole,
        login_enabled: row.loginEnabled,
        user_status: row.status,
      };
    },

    async completeZip(zip: string) {
      const completion = await address.completeZip(zip);
      if (!completion) throw new AppError('NOT_FOUND', `No US place for ZIP ${zip}`);
      return completion;
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
