import { profileCalls as calls } from '@app/contracts/profile.contract';
import type { FastifyInstance } from 'fastify';
import { createStorageFromConfig, storageLinkSecret } from '../../adapters/storage/storage-from-config';
import { type DocumentModuleDeps, writeDemoFilesWhenReady } from '../../platform/module-wiring';
import { registerCall } from '../../plugins/register-call';
import { createProfileRepository } from './profile.repository';
import { createProfileService } from './profile.service';
import { createW9Repository } from './profile.w9.repository';
import { registerW9Routes } from './profile.w9.routes';
import { createW9Service } from './profile.w9.service';

/** The installer's profile: setup progress, payment account state, business information and its W-9 (R21; row 157). */
export function registerProfileModule(api: FastifyInstance, deps: DocumentModuleDeps): void {
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
  writeDemoFilesWhenReady(api, deps, () => w9.writeMissingDemoFiles(), 'the demo W-9 file was not written');
}
