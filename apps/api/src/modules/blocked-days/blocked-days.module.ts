import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export type BlockedDaysModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** Blocked days: the installer closes days; availability, the wizards and claims refuse them (row 66; issue 12). Not built yet. */
export function registerBlockedDaysModule(_api: FastifyInstance, _deps: BlockedDaysModuleDeps): void {}
