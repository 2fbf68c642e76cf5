import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

const config = loadConfig();
const database = await openDatabase(
  config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url }
    : { kind: 'pglite', dataDir: config.database.dataDir },
);
await runMigrations(database);
await database.close();
console.log(`Migrated (${database.kind}).`);
