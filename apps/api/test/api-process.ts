import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';

const root = path.resolve(import.meta.dirname, '../../..');

export type ApiProcess = { child: ChildProcess; url: string };

/** Starts `src/server.ts` as its own process (any free port); resolves with its URL once it listens. */
export function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`API process did not start: ${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Serving on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] as string });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API process exited with ${code}: ${output}`));
    });
  });
}

/** Stops an API process with SIGTERM (graceful shutdown) and waits for it to exit. */
export async function stopApiProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.removeAllListeners('exit');
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Two API processes on one fresh PostgreSQL database for the tests of a `describe` (scale-out: a lock or a
 * limit must hold across processes). Registers the hooks that start and stop them; `url(i)` alternates.
 */
export function useTwoApiProcesses({ name, jwtSecret }: { name: string; jwtSecret: string }) {
  let database: TestDatabase | undefined;
  const processes: ApiProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const env = {
      DATABASE_URL: database.url!,
      JWT_SECRET: jwtSecret,
      OUTBOX_POLL_MS: '200',
      DATA_DIR: path.join(root, `.cache/${name}`),
    };
    processes.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => stopApiProcess(p.child)));
    await database?.drop();
  });
  return {
    get db() {
      if (!database) throw new Error('the processes are not started yet');
      return database.db;
    },
    url: (i: number) => processes[i % processes.length]!.url,
  };
}
