// The built server as the benchmarks start it (bench.mjs, bench-coldload.mjs).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const children = new Set();
// Never leave a server behind, whatever stops the script.
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A TCP port nobody listens on at the moment. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server (`serverJs`, default apps/api/dist/server.js) on a free port, as `npm run serve`
 * does; resolves when /api/health answers (within `timeoutMs`), with the elapsed ms.
 */
export async function startServer(
  env,
  { serverJs = path.join(root, 'apps/api/dist/server.js'), timeoutMs = 120_000 } = {},
) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [serverJs], {
    cwd: root,
    // As `npm run serve` starts it: glibc returns large freed blocks to the system (see README).
    env: {
      ...process.env,
      MALLOC_MMAP_THRESHOLD_: '131072',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {}
    if (performance.now() - started > timeoutMs) throw new Error(`server did not start: ${output}`);
    await sleep(25);
  }
  return { child, url, ms: Math.round(performance.now() - started) };
}

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
