import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export type EditJobModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** Edit job in one transaction (R22; row 158; issue 16). Not built yet. */
export function registerEditJobModule(_api: FastifyInstance, _deps: EditJobModuleDeps): void {}
