/**
 * The pieces every module's test world is built from (not shipped): the retail customer "Rita Retail" of an
 * installer, users of a company that sign in with one password (one by one, or a fixture's table of them), and
 * an installer's bare job. Module fixtures compose them with their own companies and requests.
 */

import type { Db } from '../src/db/client';
import { createCustomer } from '../src/db/factories/customers';
import { createUser } from '../src/db/factories/identity';
import { createServiceRequest } from '../src/db/factories/service-requests';

type NewCustomer = Parameters<typeof createCustomer>[1];

/** Rita Retail, a retail customer owned by the installer (e-mail rita@example.test unless `details` says). */
export function createRetailCustomer(db: Db, owningInstallerId: number, details: Partial<NewCustomer> = {}) {
  return createCustomer(db, {
    owningInstallerId,
    name: 'Rita Retail',
    email: 'rita@example.test',
    ...details,
  });
}

type Company = { dealerId?: number; installerId?: number };

/** Makes users of a dealership or an installer that all sign in with `password` (STANDARD access unless said). */
export function userMaker(db: Db, password: string) {
  return (email: string, company: Company, access = 'STANDARD') =>
    createUser(db, { email, password, access, ...company });
}

/** A fixture's user: its sign-in e-mail, its company and its access (STANDARD unless given). */
export type UserRow = readonly [email: string, company: Company, access?: string];

/**
 * Makes a fixture's users in the table's order, all signing in with `password`; their e-mails under the
 * table's names (for `signInAll`).
 */
export async function createUsers<K extends string>(
  db: Db,
  password: string,
  table: Record<K, UserRow>,
): Promise<Record<K, string>> {
  const user = userMaker(db, password);
  const emails = {} as Record<K, string>;
  for (const [name, [email, company, access]] of Object.entries<UserRow>(table) as [K, UserRow][]) {
    await user(email, company, access);
    emails[name] = email;
  }
  return emails;
}

/** An installer's own job with no state history; its id. */
export async function createInstallerJob(db: Db, installerId: number): Promise<number> {
  const { request } = await createServiceRequest(db, {
    requestType: 'installer',
    requestorInstallerId: installerId,
    history: 'none',
  });
  return request.id;
}
