import type { FastifyInstance } from 'fastify';
import type { StoragePort } from '../adapters/storage/storage-port';
import type { Config } from '../config';
import type { Db } from '../db/client';

/** What app.ts gives a module that needs nothing else: the database, the config and the clock (tests fix it). */
export type ModuleDeps = { db: Db; config: Config; clock?: () => Date };

/** What a module that keeps documents in the storage (customer contracts, W-9s) takes from the app. */
export type DocumentModuleDeps = ModuleDeps & {
  /** Tests pass their own (e.g. S3 against a fake); otherwise chosen by config (one store for every module). */
  storage?: StoragePort;
  /**
   * True only on the start that seeded the demo data (boot.ts): then the seeded documents get their files.
   * Never on later starts, so a real document whose file went missing is not given a demo document.
   */
  demoSeeded?: boolean;
};

/**
 * On the start that seeded the demo data, writes the seeded documents' missing files once the app is ready,
 * in the background: a few PDFs must not delay the first answer. A failure is logged with `failureMessage`.
 */
export function writeDemoFilesWhenReady(
  api: FastifyInstance,
  { demoSeeded }: Pick<DocumentModuleDeps, 'demoSeeded'>,
  write: () => Promise<unknown>,
  failureMessage: string,
): void {
  if (!demoSeeded) return;
  api.addHook('onReady', async () => {
    void write().catch((error: unknown) => api.log.warn({ err: error }, failureMessage));
  });
}
