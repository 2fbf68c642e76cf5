/**
 * The pieces every module's test world is built from (not shipped): the retail customer "Rita Retail" of an
 * installer, users of a company that sign in with one password, and an installer's bare job. Module fixtures
 * compose them with their own companies and requests.
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

/** Makes users of a dealership or an installer that all sign in with `password` (STANDARD access unless said). */
export function userMaker(db: Db, password: string) {
  return (email: string, company: { dealerId?: number; installerId?: number }, access = 'STANDARD') =>
    createUser(db, { email, password, access, ...company });
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
