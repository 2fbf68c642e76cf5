import type { Db } from '../../db/client';
import {
  createDealer,
  createInstaller,
  createInstallerGroup,
  createInstallerLocation,
  createUser,
  grantCompanyAccess,
} from '../../db/factories/identity';
import { mintSession, type Session } from '../lifecycle/lifecycle.fixture';

/** The callers the calendar's access rule tells apart (the installer, its group, a grant, the rest). */
export type CalendarCaller = 'installer' | 'assist' | 'sibling' | 'granted' | 'other' | 'dealer';

/**
 * An installer in a group, with a location of `locationCapacity` (which overrides the installer's own
 * `capacity`), and one session per kind of caller: its own user and an ASSIST one, a user of another location
 * of its group, a user of another installer granted access to it, an outsider installer's user and a dealer's.
 */
export async function buildCalendarAccessWorld(
  db: Db,
  jwtSecret: string,
  options: { name: string; capacity: number; locationCapacity: number; dealerName?: string },
) {
  const { name } = options;
  const group = await createInstallerGroup(db, { name: `${name} Group` });
  const installer = await createInstaller(db, {
    name,
    capacity: options.capacity,
    installerGroupId: group.id,
  });
  const installerId = installer.id;
  await createInstallerLocation(db, { installerId, capacity: options.locationCapacity });
  const sibling = await createInstaller(db, { name: `${name} Sibling`, installerGroupId: group.id });
  const other = await createInstaller(db, { name: `${name} Outsider` });
  const granted = await createInstaller(db, { name: `${name} Granted` });
  const dealer = await createDealer(db, options.dealerName ? { name: options.dealerName } : {});
  const grantedUser = await createUser(db, { installerId: granted.id });
  await grantCompanyAccess(db, { userId: grantedUser.id, installerId });
  const session = (user: Parameters<typeof mintSession>[1]) => mintSession(jwtSecret, user);
  const sessions: Record<CalendarCaller, Session> = {
    installer: await session(await createUser(db, { installerId })),
    assist: await session(await createUser(db, { installerId, access: 'ASSIST' })),
    sibling: await session(await createUser(db, { installerId: sibling.id })),
    granted: await session(grantedUser),
    other: await session(await createUser(db, { installerId: other.id })),
    dealer: await session(await createUser(db, { dealerId: dealer.id })),
  };
  return { installerId, outsiderId: other.id, dealerId: dealer.id, sessions };
}
