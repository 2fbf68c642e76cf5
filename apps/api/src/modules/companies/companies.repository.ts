import {
  type TDealerRecord,
  type TInstallerLocation,
  type TInstallerRecord,
  ZPublicDealerRecord,
  ZPublicInstallerAuth,
  ZPublicInstallerLocation,
  ZPublicInstallerRecord,
} from '@app/contracts/shell.contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { installerLocations, installers } from '../../db/schema/identity';
import { dealerWireFields, findDealerRow, findInstallerRow } from './companies.rows';

/**
 * What a caller that is not one of a company's users is shown of it (issue 19): the public fields of the
 * contract, never provider, reader or calendar ids nor billing settings. Parsing with the public schema drops
 * every other field, so a field added to a record later stays private until the contract makes it public.
 */
export const publicViews = {
  dealer: (record: TDealerRecord) => ZPublicDealerRecord.parse(record),
  installer: (record: TInstallerRecord) => ZPublicInstallerRecord.parse(record),
  location: (location: TInstallerLocation) => ZPublicInstallerLocation.parse(location),
  installerAuth: (auth: { installer_id: number; authenticated: number; Authenticated: number }) =>
    ZPublicInstallerAuth.parse(auth),
};

/** Row-to-wire mapping of company records lives here, and only here. */
export function createCompaniesRepository(db: Db) {
  return {
    async findDealer(id: number): Promise<TDealerRecord | null> {
      const d = await findDealerRow(db, id);
      if (!d) return null;
      return {
        ...dealerWireFields(d),
        Company_id: d.id,
        dealer_type: d.dealerType,
        stripe_customer_id: d.stripeCustomerId,
        vendor_visibility_mode: d.vendorVisibilityMode === 'preferred' ? 'preferred' : 'all',
      };
    },

    async findInstaller(id: number): Promise<TInstallerRecord | null> {
      const i = await findInstallerRow(db, id);
      if (!i) return null;
      const services = [i.offersRetail ? 'retail' : null, i.offersWholesale ? 'whole' : null]
        .filter(Boolean)
        .join(',');
      const authenticated = i.calendarAuthenticated ? 1 : 0;
      return {
        Installer_id: i.id,
        Company_id: i.id,
        Installer_Name: i.name,
        installer_email: i.email,
        installer_phone_number: i.phone,
        installer_category: i.category,
        services,
        capacity: i.capacity,
        stripe_tax_rate: i.stripeTaxRate,
        tax_rate_percent: i.taxRateBps / 100,
        stripe_account_id: i.stripeAccountId,
        onboarding_complete: i.onboardingComplete,
        is_trial: i.isTrial,
        trial_jobs_completed: i.trialJobsCompleted,
        subscription: i.subscription,
        calendar_id: i.calendarId,
        authenticated,
        Authenticated: authenticated,
        customer_contract: i.customerContract === 'Y' ? 'Y' : 'N',
        installer_group: i.installerGroupId,
        installer_group_enabled: i.installerGroupId != null,
      };
    },

    async listInstallerLocations(installerId: number): Promise<TInstallerLocation[]> {
      const rows = await db
        .select({
          ...pickColumns(
            installerLocations,
            'id',
            'name',
            'latitude',
            'longitude',
            'cardReaderId',
            'capacity',
          ),
          installerName: installers.name,
          installerCapacity: installers.capacity,
          stripeAccountId: installers.stripeAccountId,
          installerLatitude: installers.latitude,
          installerLongitude: installers.longitude,
        })
        .from(installers)
        .leftJoin(installerLocations, eq(installerLocations.installerId, installers.id))
        .where(eq(installers.id, installerId))
        .orderBy(asc(installerLocations.id));
      return rows.map((r) => {
        const capacity = r.capacity ?? r.installerCapacity ?? 8;
        return {
          installer_id: installerId,
          location_id: r.id,
          Installer_Name: r.installerName,
          name: r.name ?? r.installerName,
          latitude: r.latitude ?? r.installerLatitude,
          longitude: r.longitude ?? r.installerLongitude,
          stripe_location: r.cardReaderId,
          stripe_account_id: r.stripeAccountId,
          installerCapacity: capacity,
          capacity,
        };
      });
    },
  };
}
export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
