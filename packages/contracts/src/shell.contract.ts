import { z } from 'zod';
import { defineCall } from './call.contract';

export const shellPaths = {
  dealer: '/dealers/:id',
  dealerSingular: '/dealer/:id',
  installer: '/installers/:id',
  installerLocations: '/installerLocations/:id',
  installerAuth: '/installerAuth/:id',
  updateLocation: '/updateLocation/:id',
  userAccess: '/userAccess/:id',
  navbarCounts: '/navbar-data-cached',
  legacyCounts: '/counts/',
  referralCounts: '/referralcounts/',
  health: '/health',
  ready: '/health/ready',
} as const;

export const ZIdParam = z.object({ id: z.coerce.number().int().positive() });
export const ZCompanyIdParam = z.object({ companyId: z.coerce.number().int().positive() });

/** Dealer company record (rows 2; 002 §3). Served as a one-element array. */
export const ZDealerRecord = z.object({
  dealer_id: z.number().int(),
  Company_id: z.number().int(),
  dealer_name: z.string(),
  dealer_phone_number: z.string().nullable(),
  dealer_email: z.string().nullable(),
  dealer_type: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
  dealer_address_line1: z.string().nullable(),
  dealer_address_line2: z.string().nullable(),
  dealer_address_city: z.string().nullable(),
  dealer_address_state: z.string().nullable(),
  dealer_address_zip: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  customer_contract: z.enum(['Y', 'N']),
  customerContract: z.enum(['Y', 'N']),
  installer_categories: z.string().nullable(),
  dealerActive: z.number().int(),
  vendor_visibility_mode: z.enum(['all', 'preferred']),
});
export type TDealerRecord = z.infer<typeof ZDealerRecord>;
/**
 * A dealership as an installer sees it (it is not one of its companies): who it is, where, how to reach it
 * and whether its jobs need a contract; no payment-provider id or vendor settings (issue 19).
 */
export const ZPublicDealerRecord = ZDealerRecord.omit({
  stripe_customer_id: true,
  installer_categories: true,
  vendor_visibility_mode: true,
});
export type TPublicDealerRecord = z.infer<typeof ZPublicDealerRecord>;

/** Installer company record (row 3; 001 §3, 002 §3). Served as a one-element array. */
export const ZInstallerRecord = z.object({
  Installer_id: z.number().int(),
  Company_id: z.number().int(),
  Installer_Name: z.string(),
  installer_email: z.string().nullable(),
  installer_phone_number: z.string().nullable(),
  installer_category: z.string().nullable(),
  services: z.string(),
  capacity: z.number().int(),
  stripe_tax_rate: z.string().nullable(),
  tax_rate_percent: z.number(),
  stripe_account_id: z.string().nullable(),
  onboarding_complete: z.boolean(),
  is_trial: z.boolean(),
  trial_jobs_completed: z.number().int(),
  subscription: z.string(),
  calendar_id: z.string().nullable(),
  authenticated: z.number().int(),
  Authenticated: z.number().int(),
  customer_contract: z.enum(['Y', 'N']),
  installer_group: z.number().int().nullable(),
  installer_group_enabled: z.boolean(),
});
export type TInstallerRecord = z.infer<typeof ZInstallerRecord>;
/**
 * An installer as a dealer sees it (it is not one of its companies): name, contact, category, services and
 * whether it asks for a contract; no provider, calendar or billing settings, trial or group (issue 19).
 */
export const ZPublicInstallerRecord = ZInstallerRecord.pick({
  Installer_id: true,
  Company_id: true,
  Installer_Name: true,
  installer_email: true,
  installer_phone_number: true,
  installer_category: true,
  services: true,
  customer_contract: true,
});
export type TPublicInstallerRecord = z.infer<typeof ZPublicInstallerRecord>;

/** Companies a user may reach (row 4): both the access-entry and association spellings. */
export const ZCompanyAccessEntry = z.object({
  company_id: z.number().int(),
  company_type: z.enum(['dealership', 'specialist']),
  company_name: z.string(),
  Installer_id: z.number().int().nullable(),
  Installer_Name: z.string().nullable(),
  is_primary: z.boolean(),
});
export type TCompanyAccessEntry = z.infer<typeof ZCompanyAccessEntry>;

export const ZInstallerLocation = z.object({
  installer_id: z.number().int(),
  location_id: z.number().int().nullable(),
  Installer_Name: z.string(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  stripe_location: z.string().nullable(),
  stripe_account_id: z.string().nullable(),
  installerCapacity: z.number().int(),
  capacity: z.number().int(),
});
export type TInstallerLocation = z.infer<typeof ZInstallerLocation>;
/** A location as a dealer sees it: no card reader or payment account (issue 19). */
export const ZPublicInstallerLocation = ZInstallerLocation.omit({
  stripe_location: true,
  stripe_account_id: true,
});
export type TPublicInstallerLocation = z.infer<typeof ZPublicInstallerLocation>;

export const ZNavbarQuery = z.object({
  entityId: z.coerce.number().int().positive(),
  userId: z.coerce.number().int().positive().optional(),
  userType: z.enum(['dealer', 'installer']).optional(),
  access: z.enum(['ASSIST', 'DIRECT', 'STANDARD', 'ADMIN']).optional(),
});
export const ZNavbarCounts = z.object({
  requestCount: z.number().int(),
  jobCount: z.number().int(),
  pickupCount: z.number().int(),
  referralCount: z.number().int(),
  authenticated: z.number().int(),
  calendar: z.string().nullable(),
});
export type TNavbarCounts = z.infer<typeof ZNavbarCounts>;

export const ZCountRow = z.object({ current_state: z.string(), total: z.number().int() });
export const ZReferralCount = z.object({ referralCount: z.number().int() });

/** `userId`/`userType` of the legacy count calls: accepted, the caller's session decides. */
export const ZLegacyCountsQuery = z.object({
  userId: z.coerce.number().int().positive().optional(),
  userType: z.enum(['dealer', 'installer']).optional(),
});

/** The shell's menu counts (catalogue rows 4, 5, 9; decision 008 shows this as the worked example). */
export const navigationCalls = {
  navbarCounts: defineCall({
    operationId: 'getNavbarCounts',
    method: 'GET',
    path: shellPaths.navbarCounts,
    query: ZNavbarQuery,
    reply: ZNavbarCounts,
    errors: [],
    access: { effect: 'read' },
    summary: 'Menu counts of the caller’s company (requests, jobs, pickups, referrals) and calendar link',
    tags: ['navigation'],
  }),
  legacyCounts: defineCall({
    operationId: 'getLegacyCounts',
    method: 'GET',
    path: shellPaths.legacyCounts,
    query: ZLegacyCountsQuery,
    reply: z.array(ZCountRow),
    errors: [],
    access: { effect: 'read' },
    summary: 'Legacy counts: requests per current_state',
    tags: ['navigation'],
  }),
  referralCounts: defineCall({
    operationId: 'getReferralCount',
    method: 'GET',
    path: shellPaths.referralCounts,
    query: ZLegacyCountsQuery,
    reply: ZReferralCount,
    errors: [],
    access: { effect: 'read' },
    summary: 'Legacy referral count',
    tags: ['navigation'],
  }),
};

export const ZHealth = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
/** Readiness: the database answered just now (otherwise 503 SERVICE_UNAVAILABLE). */
export const ZReady = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
});
export const ZMeta = z.object({ version: z.string() });

export const APP_VERSION = '3.18';
export const COPYRIGHT_YEAR = 2025;

/** GET /installerAuth/{id}: whether the installer linked its calendar (K38: authenticated 1). */
export const ZInstallerAuth = z.object({
  installer_id: z.number().int(),
  authenticated: z.number().int(),
  Authenticated: z.number().int(),
  calendar_id: z.string().nullable(),
});
/** The calendar link state as a dealer sees it: linked or not, no calendar id (issue 19). */
export const ZPublicInstallerAuth = ZInstallerAuth.omit({ calendar_id: true });

/** PUT /updateLocation/{id} (installerId, calendarId): selects the calendar that manages the location's appointments. */
export const ZUpdateLocationBody = z.object({
  installerId: z.coerce.number().int().positive().optional(),
  calendarId: z.string().trim().min(1, 'calendarId is required').max(300),
});
export const ZUpdateLocationResponse = z.object({
  success: z.boolean(),
  installer_id: z.number().int(),
  calendar_id: z.string(),
});

/** Company records, locations, calendar link and the company dropdown (catalogue rows 2–4; decision 008). */
export const companyCalls = {
  getDealer: defineCall({
    operationId: 'getDealer',
    method: 'GET',
    path: shellPaths.dealer,
    // Decision 3: both spellings answer.
    aliases: [shellPaths.dealerSingular],
    params: ZIdParam,
    reply: z.array(z.union([ZDealerRecord, ZPublicDealerRecord])),
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'Dealer company record (array of one); installers get its public fields',
    tags: ['companies'],
  }),
  getInstaller: defineCall({
    operationId: 'getInstaller',
    method: 'GET',
    path: shellPaths.installer,
    params: ZIdParam,
    reply: z.array(z.union([ZInstallerRecord, ZPublicInstallerRecord])),
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'Installer company record (array of one); dealers get its public fields',
    tags: ['companies'],
  }),
  listInstallerLocations: defineCall({
    operationId: 'listInstallerLocations',
    method: 'GET',
    path: shellPaths.installerLocations,
    params: ZIdParam,
    reply: z.array(z.union([ZInstallerLocation, ZPublicInstallerLocation])),
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'Locations of an installer with capacity (card reader and account for its own users)',
    tags: ['companies'],
  }),
  getInstallerAuth: defineCall({
    operationId: 'getInstallerAuth',
    method: 'GET',
    path: shellPaths.installerAuth,
    params: ZIdParam,
    reply: z.union([ZInstallerAuth, ZPublicInstallerAuth]),
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'Calendar link state of an installer',
    tags: ['companies'],
  }),
  selectCalendar: defineCall({
    operationId: 'selectCalendar',
    method: 'PUT',
    path: shellPaths.updateLocation,
    params: ZIdParam,
    body: ZUpdateLocationBody,
    reply: ZUpdateLocationResponse,
    errors: ['NOT_FOUND'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Select the calendar that manages this location’s appointments',
    tags: ['companies'],
  }),
  listUserAccess: defineCall({
    operationId: 'listUserAccess',
    method: 'GET',
    path: shellPaths.userAccess,
    params: ZIdParam,
    reply: z.array(ZCompanyAccessEntry),
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'Companies the user may reach (company dropdown)',
    tags: ['companies'],
  }),
};

/** Liveness and readiness probes: public, no sign-in. */
export const healthCalls = {
  health: defineCall({
    operationId: 'getHealth',
    method: 'GET',
    path: shellPaths.health,
    reply: ZHealth,
    errors: ['SERVICE_UNAVAILABLE'],
    access: { public: true },
    summary: 'Liveness and database kind',
    tags: ['meta'],
  }),
  ready: defineCall({
    operationId: 'getReadiness',
    method: 'GET',
    path: shellPaths.ready,
    reply: ZReady,
    errors: ['SERVICE_UNAVAILABLE'],
    access: { public: true },
    summary: 'Readiness: the database answers (503 SERVICE_UNAVAILABLE when it does not)',
    tags: ['meta'],
  }),
};
