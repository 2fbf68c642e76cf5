import { type SQL, sql } from 'drizzle-orm';

/**
 * `limit n` written into the SQL text as a constant (decision 028). Drizzle's `.limit(n)` sends n as a
 * parameter; under a parameter, the plan PostgreSQL keeps for a prepared statement guesses that a tenth of
 * the range is read, which grows with the company's history until PostgreSQL plans every call anew. Under
 * a constant the kept plan's guess is a tenth of the constant, whatever the history, and the plan is kept.
 */
export function constantLimit(rows: number): SQL {
  if (!Number.isSafeInteger(rows) || rows < 1) throw new Error(`constantLimit: ${rows} is not a row count`);
  return sql.raw(`limit ${rows}`);
}
