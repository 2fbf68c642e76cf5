// Integration tests run on PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const runs = [{ name: 'PGlite', env: { TEST_DB: 'pglite' } }];
if (process.env.TEST_DATABASE_URL) runs.push({ name: 'PostgreSQL', env: { TEST_DB: 'postgres' } });
else console.log('TEST_DATABASE_URL is not set: integration tests run on PGlite only.');

for (const run of runs) {
  console.log(`\n=== integration tests on ${run.name} ===`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'int', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, ...run.env, TZ: 'UTC' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
