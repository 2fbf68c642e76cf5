// Runs the browser specs in E2E_SHARDS shards at once (default 2), each with its own server, port and fresh
// demo data (playwright.config.ts makes a data dir per run), so the suite's waits overlap instead of adding
// up. The specs are split in their listed order (the read-only project first) without project dependencies
// (--no-deps): the read-only specs run once, at the start of shard 1 on its untouched demo data, instead of
// once per shard as a dependency would (≈140 s of every shard's time).
// Extra arguments go to every shard (e.g. a spec file). Exit code: the first failing shard's.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3107);
const args = process.argv.slice(2);
const started = Date.now();

function runShard(index) {
  const tag = `[shard ${index}/${shards}]`;
  const env = { ...process.env, E2E_PORT: String(basePort + index - 1) };
  if (process.env.E2E_OUTPUT_DIR)
    env.E2E_OUTPUT_DIR = path.join(process.env.E2E_OUTPUT_DIR, `shard-${index}`);
  else env.E2E_OUTPUT_DIR = path.join(root, 'test-results', `shard-${index}`);
  const child = spawn('npx', ['playwright', 'test', `--shard=${index}/${shards}`, '--no-deps', ...args], {
    cwd: path.join(root, 'e2e'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Whole lines, each with its shard, so two shards' output does not interleave mid-line.
  const relay = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`${tag} ${line}\n`);
    });
    stream.on('end', () => rest && out.write(`${tag} ${rest}\n`));
  };
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  return new Promise((resolve) => child.on('close', (code) => resolve({ index, code: code ?? 1 })));
}

const results = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const seconds = Math.round((Date.now() - started) / 1000);
for (const { index, code } of results)
  console.log(`shard ${index}/${shards}: ${code === 0 ? 'passed' : `failed (${code})`}`);
console.log(`browser tests: ${shards} shards in ${seconds} s`);
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
