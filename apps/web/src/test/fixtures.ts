import type { TSessionUser } from '@app/contracts/auth.contract';
import type { TCompanyAccessEntry, TDealerRecord, TInstallerRecord } from '@app/contracts/shell.contract';
import type { StoredCompany } from '../lib/session-store';
import { sessionStore, tokensFromResponse } from '../lib/session-store';

export function buildUser(overrides: Partial<TSessionUser> = {}): TSessionUser {
  const userType = overrides.userType ?? 'dealer';
  return {
    userId: 11,
    email: `${userType}@demo.test`,
    userName: userType === 'dealer' ? 'Dana Dealer' : 'Ian Installer',
    userType,
    groups: [userType === 'dealer' ? 'Dealer' : 'Installer'],
    companyId: userType === 'dealer' ? 5 : 7,
    access: 'STANDARD',
    ...overrides,
  };
}

export function buildDealerRecord(overrides: Partial<TDealerRecord> = {}): TDealerRecord {
  return {
    dealer_id: 5,
    Company_id: 5,
    dealer_name: 'Sunrise Motors',
    dealer_phone_number: null,
    dealer_email: 'office@sunrise.test',
    dealer_type: null,
    stripe_customer_id: null,
    dealer_address_line1: null,
    dealer_address_line2: null,
    dealer_address_city: null,
    dealer_address_state: null,
    dealer_address_zip: null,
    latitude: null,
    longitude: null,
    customer_contract: 'N',
    customerContract: 'N',
    installer_categories: null,
    dealerActive: 1,
    vendor_visibility_mode: 'all',
    ...overrides,
  };
}

export function buildInstallerRecord(overrides: Partial<TInstallerRecord> = {}): TInstallerRecord {
  return {
    Installer_id: 7,
    Company_id: 7,
    Installer_Name: 'Elite Auto Film',
    installer_email: 'shop@elite.test',
    installer_phone_number: null,
    installer_category: null,
    services: 'retail,whole',
    capacity: 8,
    stripe_tax_rate: null,
    tax_rate_percent: 0,
    stripe_account_id: null,
    onboarding_complete: true,
    is_trial: false,
    trial_jobs_completed: 0,
    subscription: 'STANDARD',
    calendar_id: null,
    authenticated: 0,
    Authenticated: 0,
    customer_contract: 'N',
    installer_group: null,
    installer_group_enabled: false,
    ...overrides,
  };
}

export function buildAccessEntry(overrides: Partial<TCompanyAccessEntry> = {}): TCompanyAccessEntry {
  return {
    company_id: 7,
    company_type: 'specialist',
    company_name: 'Elite Auto Film',
    Installer_id: 7,
    Installer_Name: 'Elite Auto Film',
    is_primary: true,
    ...overrides,
  };
}

export function tokenAnswer(user: TSessionUser, suffix = '1') {
  return {
    accessToken: `access-token-${suffix}`,
    refreshToken: `refresh-token-${suffix}`,
    expiresIn: 900,
    tokenType: 'Bearer' as const,
    user,
  };
}

/** Stores a complete signed-in session, as a successful sign-in would. */
export function signInAs(user: TSessionUser, company?: StoredCompany): void {
  const storedCompany: StoredCompany =
    company ??
    (user.userType === 'dealer'
      ? { kind: 'dealer', record: buildDealerRecord({ dealer_id: user.companyId }) }
      : { kind: 'installer', record: buildInstallerRecord({ Installer_id: user.companyId }) });
  sessionStore.saveSession({ tokens: tokensFromResponse(tokenAnswer(user)), user, company: storedCompany });
}

/** Quiet answers for the calls every signed-in page makes (menu counts, company list). */
export function shellFakes(user: TSessionUser = buildUser()) {
  return {
    'GET /api/navbar-data-cached': {
      body: {
        requestCount: 0,
        jobCount: 0,
        pickupCount: 0,
        referralCount: 0,
        authenticated: 0,
        calendar: null,
      },
    },
    [`GET /api/userAccess/${user.userId}`]: { body: [] },
  };
}
