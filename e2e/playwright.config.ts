import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The built product on a fresh data directory with the demo data, on its own port.
const port = Number(process.env.E2E_PORT ?? 3107);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // All specs share one server and database. Specs that only read the demo data run first; specs
  // that change it (create requests, move jobs through the lifecycle, take payments) run after them.
  projects: [
    { name: 'read-only', testMatch: ['shell.spec.ts', 'lists.spec.ts'] },
    {
      name: 'mutating',
      testMatch: ['creation.spec.ts', 'lifecycle-ui.spec.ts', 'payments.spec.ts'],
      dependencies: ['read-only'],
    },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
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
    command: 'node apps/api/dist/server.js',
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
      XDG_CONFIG_HOME: path.join(root, '.cache/xdg-config'),
      XDG_CACHE_HOME: path.join(root, '.cache/xdg-cache'),
    },
  },
});
