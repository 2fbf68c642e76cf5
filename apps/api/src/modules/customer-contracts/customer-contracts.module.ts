import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export type CustomerContractsModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** The dealer's customer contract: signing, the server-built PDF, storage and signed links (R23, P28; rows 159, 160; issue 16). Not built yet. */
export function registerCustomerContractsModule(
  _api: FastifyInstance,
  _deps: CustomerContractsModuleDeps,
): void {}
