import { type SQL, sql } from 'drizzle-orm';

/**
 * A list of ids as one `int[]` parameter (`{1,2,3}`, which both drivers send as text), for `= any(…)`: one
 * placeholder whatever the list's length, where `inArray` binds one per id (at most 65,535 a statement).
 */
export function intArray(list: readonly number[]): SQL {
  return sql`${`{${list.join(',')}}`}::int[]`;
}
