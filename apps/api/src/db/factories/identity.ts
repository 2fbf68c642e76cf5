import { hashPassword } from '../../platform/security/password';
import {
  dealers,
  installerGroups,
  installerLocations,
  installers,
  userCompanyAccess,
  users,
} from '../schema/identity';
import { type DbOrTx, firstRow, nextSequence } from './common';

export type InstallerGroup = typeof installerGroups.$inferSelect;
export type Dealer = typeof dealers.$inferSelect;
export type Installer = typeof installers.$inferSelect;
export type InstallerLocation = typeof installerLocations.$inferSelect;
export type User = typeof users.$inferSelect;
export type UserCompanyAccess = typeof userCompanyAccess.$inferSelect;

/** Password of users made by createUser when none is given. */
export const DEFAULT_TEST_PASSWORD = 'password123';

// Hashing is deliberately slow (argon2id); tests create many users with the same password.
const hashCache = new Map<string, Promise<string>>();
function cachedHash(plain: string): Promise<string> {
  let hashed = hashCache.get(plain);
  if (!hashed) {
    hashed = hashPassword(plain);
    hashCache.set(plain, hashed);
  }
  return hashed;
}

export async function createInstallerGroup(
  db: DbOrTx,
  overrides: Partial<typeof installerGroups.$inferInsert> = {},
): Promise<InstallerGroup> {
  const rows = await db
    .insert(installerGroups)
    .values({ name: `Installer Group ${nextSequence()}`, ...overrides })
    .returning();
  return firstRow(rows, 'installer group');
}

export async function createDealer(
  db: DbOrTx,
  overrides: Partial<typeof dealers.$inferInsert> = {},
): Promise<Dealer> {
  const n = nextSequence();
  const rows = await db
    .insert(dealers)
    .values({
      name: `Test Dealer ${n}`,
      email: `dealer${n}@dealers.test`,
      phone: '8135550100',
      addressLine1: '100 Main St',
      city: 'Tampa',
      state: 'FL',
      zip: '33602',
      latitude: 27.9506,
      longitude: -82.4572,
      ...overrides,
    })
    .returning();
  return firstRow(rows, 'dealer');
}

export async function createInstaller(
  db: DbOrTx,
  overrides: Partial<typeof installers.$inferInsert> = {},
): Promise<Installer> {
  const n = nextSequence();
  const rows = await db
    .insert(installers)
    .values({
      name: `Test Installer ${n}`,
      email: `installer${n}@installers.test`,
      phone: '8135550200',
      category: 'PPF',
      addressLine1: '200 Main St',
      city: 'Tampa',
      state: 'FL',
      zip: '33602',
      latitude: 27.9506,
      longitude: -82.4572,
      ...overrides,
    })
    .returning();
  return firstRow(rows, 'installer');
}

export async function createInstallerLocation(
  db: DbOrTx,
  overrides: Partial<typeof installerLocations.$inferInsert> & { installerId: number },
): Promise<InstallerLocation> {
  const rows = await db
    .insert(installerLocations)
    .values({ name: `Location ${nextSequence()}`, ...overrides })
    .returning();
  return firstRow(rows, 'installer location');
}

export type CreateUserOverrides = Partial<typeof users.$inferInsert> & {
  /** Plain password, hashed with hashPassword; ignored when passwordHash is given. */
  password?: string;
};

/**
 * A user. Without a company, a dealer user gets a new dealership and an installer user a new installer;
 * the user type follows the company given. Dealer team contacts: `{ loginEnabled: false, status: 'contact' }`
 * (their password hash stays null).
 */
export async function createUser(db: DbOrTx, overrides: CreateUserOverrides = {}): Promise<User> {
  const { password, ...values } = overrides;
  const n = nextSequence();
  const userType = values.userType ?? (values.installerId != null ? 'installer' : 'dealer');
  let { dealerId, installerId } = values;
  if (userType === 'dealer' && dealerId == null) dealerId = (await createDealer(db)).id;
  if (userType === 'installer' && installerId == null) installerId = (await createInstaller(db)).id;
  const isContact = values.loginEnabled === false;
  const passwordHash =
    values.passwordHash !== undefined
      ? values.passwordHash
      : isContact
        ? null
        : await cachedHash(password ?? DEFAULT_TEST_PASSWORD);
  const rows = await db
    .insert(users)
    .values({
      email: `user${n}@example.test`,
      name: `Test User ${n}`,
      phone: '8135550300',
      ...values,
      userType,
      dealerId: userType === 'dealer' ? dealerId : null,
      installerId: userType === 'installer' ? installerId : null,
      passwordHash,
    })
    .returning();
  return firstRow(rows, 'user');
}

/** Lets a user reach another company of its own type (002 §2.11 Company Access). */
export async function grantCompanyAccess(
  db: DbOrTx,
  access: { userId: number; dealerId?: number; installerId?: number },
): Promise<UserCompanyAccess> {
  const rows = await db
    .insert(userCompanyAccess)
    .values({
      userId: access.userId,
      dealerId: access.dealerId ?? null,
      installerId: access.installerId ?? null,
    })
    .returning();
  return firstRow(rows, 'user company access');
}
