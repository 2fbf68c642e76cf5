import { profileCalls as calls } from '@app/contracts/profile.contract';
import type { FastifyInstance } from 'fastify';
import { createStorageFromConfig, storageLinkSecret } from '../../adapters/storage/storage-from-config';
import type { StoragePort } from '../../adapters/storage/storage-port';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { registerCall } from '../../plugins/register-call';
import { createProfileRepository } from './profile.repository';
import { createProfileService } from './profile.service';
import { createW9Repository } from './profile.w9.repository';
import { registerW9Routes } from './profile.w9.routes';
import { createW9Service } from './profile.w9.service';

export type ProfileModuleDeps = {
  db: Db;
  config: Config;
  clock?: () => Date;
  /** Tests pass their own; otherwise chosen by config (the same store as the contracts). */
  storage?: StoragePort;
  /** True only on the start that seeded the demo data (boot.ts): then the demo W-9's file is written. */
  demoSeeded?: boolean;
};

/** The installer's profile: setup progress, payment account state, business information and its W-9 (R21; row 157). */
export function registerProfileModule(api: FastifyInstance, deps: ProfileModuleDeps): void {
  const { db, config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const service = createProfileService({ repository: createProfileRepository(db) });
  registerCall(api, calls.getProfile, ({ auth, params }) => service.getProfile(auth, params.userId));
  const w9 = createW9Service({
    repository: createW9Repository(db),
    storage: deps.storage ?? createStorageFromConfig(config, storageLinkSecret(config), clock),
    signedUrlTtlSeconds: config.signedUrlTtlSeconds,
    clock,
    log: api.log,
  });
  registerW9Routes(api, { service: w9 });
  if (deps.demoSeeded) {
    // In the background, like the demo contracts: one small PDF must not delay the first answer.
    api.addHook('onReady', async () => {
      void w9
        .writeMissingDemoFiles()
        .catch((error: unknown) => api.log.warn({ err: error }, 'the demo W-9 file was not written'));
    });
  }
}
