import { profileCalls as calls } from '@app/contracts/profile.contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { registerCall } from '../../plugins/register-call';
import { createProfileRepository } from './profile.repository';
import { createProfileService } from './profile.service';

export type ProfileModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** The installer's profile: setup progress, payment account state, business information (R21; row 157). */
export function registerProfileModule(api: FastifyInstance, { db }: ProfileModuleDeps): void {
  const service = createProfileService({ repository: createProfileRepository(db) });
  registerCall(api, calls.getProfile, ({ auth, params }) => service.getProfile(auth, params.userId));
}
