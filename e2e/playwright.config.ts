import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The built product on a fresh data directory with the demo data, on its own port.
const port = Number(process.env.E2E_PORT ?? 3107);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');
// scripts/e2e-isolated.sh runs the API from source on a web build of its own (parallel work on one tree).
const serverCommand = process.env.E2E_SERVER_COMMAND ?? 'node apps/api/dist/server.js';
const readOnlySpecs = ['shell.spec.ts', 'lists.spec.ts'];

export default defineConfig({
  testDir: './tests',
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // All specs share one server and database. Specs that only read the demo data run first; specs
  // that change it (create requests, move jobs through the lifecycle, take payments) run after them.
  projects: [
    { name: 'read-only', testMatch: readOnlySpecs },
    { name: 'mutating', testIgnore: readOnlySpecs, dependencies: ['read-only'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot. The trace's
    // screencast is off: encoding frames through every test was about a fifth of Chromium's CPU (measured on
    // lists.spec.ts: 117 s with it, 94 s without, 87 s with no trace), and the browser shards share 2 cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: serverCommand,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      OUTBOX_POLL_MS: '200',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      XDG_CONFIG_HOME: path.join(root, '.cache/xdg-config'),
      XDG_CACHE_HOME: path.join(root, '.cache/xdg-cache'),
    },
  },
});
