import { defineConfig } from 'vitest/config';

// Three projects: pure/unit code on node, the web app under jsdom, and integration
// tests that boot the API on a real database (PGlite, or PostgreSQL with TEST_DB=postgres).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // UTC unless a run asks for another zone (the scheduling rules are also run in two others).
          env: { TZ: process.env.TZ ?? 'UTC' },
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'int',
          environment: 'node',
          include: ['apps/api/src/**/*.int.test.ts', 'apps/api/test/**/*.int.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          env: { TZ: 'UTC' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
          // The files of a worker share its loaded modules (each still builds its own app on its own database):
          // importing the API for every file was half the run (import 124 s of 246 s on PGlite). No file may
          // rely on module state of its own or mock a module (the security tests pass onRoute to buildApp).
          isolate: false,
        },
      },
    ],
  },
});
