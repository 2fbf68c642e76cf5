import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export type ProfileModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** The installer's profile: setup progress, business information, W-9 (R21; row 157; issue 15). Not built yet. */
export function registerProfileModule(_api: FastifyInstance, _deps: ProfileModuleDeps): void {}
