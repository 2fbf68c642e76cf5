/**
 * Writes the OpenAPI document (what GET /api/docs/json answers) to a file without listening, for
 * `npm run lint:openapi` (Redocly's linter, redocly.yaml). Usage: tsx apps/api/src/docs/openapi-cli.ts <out.json>
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app';
import { createTestConfig } from '../config';
import { openDatabase } from '../db/client';

const out = process.argv[2];
if (!out) {
  console.error('usage: openapi-cli <out.json>');
  process.exit(2);
}
// The document is built from the route schemas alone: an empty in-memory database is enough to register them.
const database = await openDatabase({ kind: 'pglite', dataDir: null });
const app = await buildApp({ config: createTestConfig({ apiDocs: 'public' }), database });
try {
  await app.ready();
  mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${out}`);
} finally {
  await app.close();
  await database.close();
}
