import type { TDuplicateEntry } from '@app/contracts/request-creation.contract';
import { isPlaceholderVin, isValidVin, normalizeVin } from '@app/domain/vehicles/vin';
import type { AuthContext } from '../../platform/security/auth-context';
import type { RequestCreationContext } from './request-creation.context';

/** Live estimates and jobs for the same vehicle, before a wizard creates another. */
export function createDuplicateCheck(deps: RequestCreationContext) {
  const { db, repository } = deps;

  return {
    /**
     * POST /requests/check-duplicate (row 95): live estimates and jobs for the same VIN, or the same year, make
     * and model, of the same dealership (dealers) or the same customer / dealership (installers).
     */
    async checkDuplicates(
      auth: AuthContext,
      body: {
        year?: number | null;
        make: string | null;
        model: string | null;
        vin: string | null;
        customerType?: string | null;
        dealerCustomerId?: number | null;
      },
    ): Promise<TDuplicateEntry[]> {
      const vin = body.vin ? normalizeVin(body.vin) : null;
      const realVin = vin && isValidVin(vin) && !isPlaceholderVin(vin) ? vin : null;
      const isDealerCustomer = /dealer/i.test(body.customerType ?? '');
      const scope =
        auth.userType === 'dealer'
          ? { dealerId: auth.companyId }
          : body.dealerCustomerId
            ? isDealerCustomer
              ? { installerId: auth.companyId, dealerCustomerId: body.dealerCustomerId }
              : { installerId: auth.companyId, customerId: body.dealerCustomerId }
            : { installerId: auth.companyId };
      const rows = await repository.findDuplicates(db, scope, {
        vin: realVin,
        year: body.year ?? null,
        make: body.make,
        model: body.model,
      });
      return rows.map((r) => ({
        requestId: r.id,
        Request_id: r.id,
        current_state: r.current_state,
        currentState: r.current_state,
        available_date: r.available_date,
        availableDate: r.available_date,
        requestType: r.request_type,
        serviceRequested: r.service_requested,
        vin: r.vin,
        vehicleYear: r.vehicle_year,
        vehicleMake: r.vehicle_make,
        vehicleModel: r.vehicle_model,
        vehicleTrim: r.vehicle_trim,
        matchedBy: r.by_vin ? 'vin' : 'vehicle',
      }));
    },
  };
}
