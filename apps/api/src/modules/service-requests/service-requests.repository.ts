import type { Db } from '../../db/client';
import type { ReadCache } from './read-cache';
import { createDetailReads } from './service-requests.details.repository';
import { createFullReads } from './service-requests.full.repository';
import { createListReads } from './service-requests.lists.repository';
import { createStatements } from './service-requests.statements.repository';

/**
 * The only file of the module that talks to the database, and the one place where rows become wire DTOs
 * (decision 4: both spellings; money cents → dollars; tenths of a day → days; request dates
 * 'YYYY/MM/DD HH:mm:ss' UTC).
 *
 * Every read is one SQL statement: a list is visibility + paging + total + the page's enrichment (names,
 * the caller's offer, deposit paid, referral); a detail read carries its visibility check in its WHERE, so
 * "not visible" and "does not exist" are the same empty result.
 *
 * Statements are built once per shape (role, modes, part) with placeholders for every value, and their
 * plans are reused: they join several tables, so planning costs more than running them (PostgreSQL: ≈2 ms
 * against ≈0.4 ms for the full request; PGlite ≈7 ms against ≈0.5 ms for a list page). On PostgreSQL each
 * runs as a named prepared statement (every pooled connection plans a shape once); PGlite ignores protocol
 * statement names, so there a shape is PREPAREd once in SQL on its single session and EXECUTEd with its
 * (integer) values. Building the SQL once also keeps Drizzle's query building off the per-request path.
 * (Named statements need session pooling: behind PgBouncer use session mode, or PgBouncer ≥ 1.21.)
 *
 * With a `cache`, list pages and full requests are kept per caller with the version of their scope
 * (read-cache.ts): a cached reply is served only after one primary-key read finds that version unchanged,
 * and the statement that fills the cache reads its version in the same snapshot as its rows.
 *
 * The reads are split by concern, composed here: list pages and a company's offers
 * (service-requests.lists.repository.ts), one request and the full request (…full…), one part of a request
 * (…details…); the row and part mapping (…wire…, …parts…) and the statement runner and cache (…statements…).
 */
export function createServiceRequestsRepository(db: Db, { cache }: { cache?: ReadCache } = {}) {
  const statements = createStatements(db, cache);
  return {
    ...createListReads(statements),
    ...createFullReads(statements),
    ...createDetailReads(statements),
  };
}
export type ServiceRequestsRepository = ReturnType<typeof createServiceRequestsRepository>;
