/** User kinds, access levels and the menu each may see (000 §6, 002 §2.2, catalogue §7). */
export const userTypes = ['dealer', 'installer'] as const;
export type UserType = (typeof userTypes)[number];

export const accessLevels = ['ASSIST', 'DIRECT', 'STANDARD', 'ADMIN'] as const;
export type AccessLevel = (typeof accessLevels)[number];

export type Group = 'Dealer' | 'Installer';

export function groupForUserType(userType: UserType): Group {
  return userType === 'dealer' ? 'Dealer' : 'Installer';
}

/** The identity group claim decides the user kind: 'Dealer', or installer for anything else (K100). */
export function userTypeForGroups(groups: readonly string[]): UserType {
  return groups.includes('Dealer') ? 'dealer' : 'installer';
}

/** ASSIST is read-only everywhere: no action buttons, no create prompts, no writes on the server. */
export function isReadOnlyAccess(access: AccessLevel): boolean {
  return access === 'ASSIST';
}

export type MenuKey =
  | 'referrals'
  | 'requests'
  | 'jobs'
  | 'pickups'
  | 'calendar'
  | 'financials'
  | 'customers'
  | 'services'
  | 'vehicles'
  | 'profile'
  | 'users';

export type MenuEntry = { key: MenuKey; label: string; route: string };

/**
 * Side navigation entries in spec order with their visibility rules (002 §2.2).
 * `mobile` applies the mobile rule for Referrals; decision 15 of CONVENTIONS shows
 * referrals to installers on mobile too, still hidden for DIRECT.
 */
export function visibleMenuEntries(userType: UserType, access: AccessLevel): MenuEntry[] {
  const isInstaller = userType === 'installer';
  const entries: (MenuEntry & { visible: boolean })[] = [
    { key: 'referrals', label: 'Referrals', route: '/referrals', visible: access !== 'DIRECT' },
    { key: 'requests', label: 'Requests', route: '/requestimates', visible: true },
    { key: 'jobs', label: 'Jobs', route: '/jobs', visible: true },
    {
      key: 'pickups',
      label: isInstaller ? 'Pickup/Deliver' : 'Pickup/Review',
      route: '/pickups',
      visible: true,
    },
    { key: 'calendar', label: 'Calendar', route: '/calendar', visible: isInstaller },
    { key: 'financials', label: 'Financials', route: '/financials', visible: true },
    { key: 'customers', label: 'Customers', route: '/customers', visible: isInstaller },
    { key: 'services', label: 'Services', route: '/services', visible: isInstaller },
    { key: 'vehicles', label: 'Vehicles', route: '/vehicles', visible: isInstaller },
    { key: 'profile', label: 'Profile', route: '/profile', visible: isInstaller },
    { key: 'users', label: 'User Management', route: '/users', visible: access === 'ADMIN' },
  ];
  return entries.filter((e) => e.visible).map(({ visible: _visible, ...entry }) => entry);
}

/** Count buckets of the navigation (002 §2.2): new+answered requests; scheduled+received+started jobs; finished (+collected for dealers) pickups. */
export function countBucketForState(
  state: string,
  userType: UserType,
): 'requests' | 'jobs' | 'pickups' | null {
  if (state === 'new' || state === 'answered') return 'requests';
  if (state === 'scheduled' || state === 'received' || state === 'started') return 'jobs';
  if (state === 'finished') return 'pickups';
  if (state === 'collected' && userType === 'dealer') return 'pickups';
  return null;
}
