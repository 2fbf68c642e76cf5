import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { seedDemoData } from './seed';

const config = loadConfig();
if (config.env === 'production') {
  console.error('Refusing to seed demo data in production.');
  process.exit(1);
}
const database = await openDatabase(
  config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url }
    : { kind: 'pglite', dataDir: config.database.dataDir },
);
await runMigrations(database);
const { seeded } = await seedDemoData(database.db);
await database.close();
console.log(seeded ? 'Seeded demo data.' : 'Database already has data; nothing seeded.');
